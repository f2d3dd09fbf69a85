// The frame in a real browser: every route, a remote going down, and one React for the whole page, on the
// build stage's dist/ (a remote redeployed under a built shell is deploy.test.ts). Remotes go down here,
// so this file serves the six apps itself (against the run's local-cloud), never the servers other files use.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { sharedStack, startApps, type AppServers } from '../support/stack';
import { SCREENS, UNAVAILABLE } from '../support/screens';
import { repoRoot } from '../../tooling/repo.mjs';

let stack: AppServers;
let browser: Browser;

async function openPage(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors = trackPageErrors(page);
  await page.goto(url);
  return { page, errors };
}

/** Waits for the screen whose heading matches (the route's main heading). */
const showsScreen = (page: Page, heading: RegExp) =>
  page.locator('main h1, main h2').filter({ hasText: heading }).first().waitFor({ timeout: 15_000 });

/** From now on, the address each time the "Loading…" placeholder is put on the page; read with the returned function. */
async function recordLoadingPlaceholders(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(`(() => {
    window.__loadingShownAt = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element && (node.matches('[data-remote-loading]') || node.querySelector('[data-remote-loading]')))
            window.__loadingShownAt.push(location.pathname);
    }).observe(document.body, { subtree: true, childList: true });
  })()`);
  return async () => (await page.evaluate('window.__loadingShownAt')) as string[];
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  const shared = sharedStack();
  stack = await startApps(shared, { shellPort: shared.ownShellPorts.platform });
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
  await stack?.stop();
});

test.describe('routes', () => {
  test('a screen visited before comes back at once, with no "Loading…" in between', async () => {
    const { page, errors } = await openPage(`${stack.shellUrl}/home`);
    const header = page.getByRole('banner');
    const visit = async (link: string, heading: RegExp) => {
      await header.getByRole('link', { name: link, exact: true }).click();
      await showsScreen(page, heading);
    };
    await showsScreen(page, /Welcome to FolioForge/);
    // First visits load each screen's remote (the placeholder may show meanwhile).
    await visit('Pricing', /Pricing/);
    await visit('Templates', /Template Collection/);
    await visit('Blog', /Blog/);
    const placeholdersShown = await recordLoadingPlaceholders(page);
    await visit('Pricing', /Pricing/);
    await visit('Templates', /Template Collection/);
    await page.goBack();
    await showsScreen(page, /Pricing/);
    await page.goBack();
    await showsScreen(page, /Blog/);
    await header.getByRole('link', { name: 'FolioForge' }).first().click();
    await showsScreen(page, /Welcome to FolioForge/);
    assert.deepEqual(await placeholdersShown(), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a screen the visitor points at before clicking comes up at once on the first visit too', async () => {
    const { page, errors } = await openPage(`${stack.shellUrl}/home`);
    await showsScreen(page, /Welcome to FolioForge/);
    const placeholdersShown = await recordLoadingPlaceholders(page);
    const pricing = page.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true });
    const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    const before = await fetched();
    await pricing.hover();
    // The visitor reads the link for a moment: the screen's files come meanwhile, then nothing more.
    let last: string[] = [];
    await expect
      .poll(async () => {
        const now = await fetched();
        const settled = now.length > before.length && now.length === last.length;
        last = now;
        return settled;
      })
      .toBe(true);
    assert.ok(
      last.some((url) => new URL(url).port === String(stack.ports.commerce)),
      'the commerce remote loads on pointing',
    );
    await pricing.click();
    await showsScreen(page, /Pricing/);
    assert.deepEqual(await placeholdersShown(), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

test.describe('a remote that is down', () => {
  test('shows the unavailable message in its region while other routes work, and recovers on retry', async () => {
    await stack.stopApp('templates');
    try {
      const { page } = await openPage(`${stack.shellUrl}/templates`);
      await page.getByText(UNAVAILABLE).waitFor({ timeout: 15_000 });
      assert.equal(await page.getByRole('link', { name: 'Pricing' }).first().isVisible(), true);
      await page.getByRole('link', { name: 'Blog' }).first().click();
      await expect(page.locator('main h1').filter({ hasText: /Blog/ })).toBeVisible();

      await stack.startApp('templates');
      await page.getByRole('link', { name: 'Templates' }).first().click();
      const retry = page.getByRole('button', { name: 'Try again' });
      if (await retry.isVisible()) await retry.click();
      await page
        .locator('main h1')
        .filter({ hasText: /Template Collection/ })
        .waitFor({ timeout: 15_000 });
      await page.close();
    } finally {
      await stack.stopApp('templates').catch(() => undefined);
      await stack.startApp('templates');
    }
  });
});

test.describe('shared packages', () => {
  test('each remote states the versions it was built against; the shell, which provides them, states none', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.shellUrl}/design`);
    // The editor's runtime, not the copy rendered ahead (whose Name field shows before it).
    await page.waitForFunction(
      () =>
        (window as unknown as { __FEDERATION__?: { __INSTANCES__: { name: string }[] } }).__FEDERATION__?.__INSTANCES__.some(
          (instance) => instance.name === 'mfe_editor',
        ),
      null,
      { timeout: 15_000 },
    );
    // What each federation instance asks of every package it shares: a version range, or false for none.
    const ranges = await page.evaluate(() => {
      const instances = (
        window as unknown as {
          __FEDERATION__: {
            __INSTANCES__: {
              name: string;
              options: { shared?: Record<string, { shareConfig?: { requiredVersion?: string | false } }[]> };
            }[];
          };
        }
      ).__FEDERATION__.__INSTANCES__;
      return Object.fromEntries(
        instances.map((instance) => [
          instance.name,
          Object.fromEntries(
            Object.entries(instance.options.shared ?? {}).map(([pkg, [share]]) => [pkg, share?.shareConfig?.requiredVersion]),
          ),
        ]),
      );
    });
    assert.ok(ranges.shell && ranges.mfe_editor, `instances: ${Object.keys(ranges).join(', ')}`);
    assert.ok(
      Object.values(ranges.shell!).length > 0 && Object.values(ranges.shell!).every((range) => range === false),
      JSON.stringify(ranges.shell),
    );
    // The editor's, from the package.json it was built with, checked against the shell's copies as it loads.
    const shared = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared/package.json'), 'utf8')) as {
      version: string;
      dependencies: Record<string, string>;
    };
    assert.equal(ranges.mfe_editor!.react, shared.dependencies.react);
    assert.equal(ranges.mfe_editor!['@folioforge/shared'], `^${shared.version}`);
    await page.close();
  });
});

test.describe('one React', () => {
  // One visit of every route shows both: each screen inside the header and footer, and no second React.
  test('every route renders its screen inside the header and footer, and no remote ever sends its own copy of React or ReactDOM', async () => {
    // Each remote's manifest names the chunks holding its fallback copy of each shared package.
    const fallbackChunks = new Set<string>();
    for (const remote of ['auth', 'templates', 'editor', 'commerce', 'content'] as const) {
      const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, `mfe-${remote}/dist/mf-manifest.json`), 'utf8')) as {
        shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
      };
      for (const shared of manifest.shared.filter((entry) =>
        ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'].includes(entry.name),
      )) {
        for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) fallbackChunks.add(`${stack.ports[remote]}/${file}`);
      }
    }
    assert.ok(fallbackChunks.size > 0, 'remotes declare their React fallbacks');
    const page = await browser.newPage();
    const errors = trackPageErrors(page);
    const fetched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      fetched.push(`${url.port}${url.pathname}`);
    });
    for (const screen of SCREENS) {
      await page.goto(`${stack.shellUrl}${screen.path}`);
      await page.locator('main h1, main h2').filter({ hasText: screen.heading }).first().waitFor({ timeout: 15_000 });
      await expect(page.getByText(UNAVAILABLE), `${screen.path} has every part`).toHaveCount(0);
      assert.equal(await page.getByRole('link', { name: 'FolioForge' }).first().isVisible(), true, `${screen.path} has the header`);
      assert.equal(await page.getByText('© 2023 FolioForge. All rights reserved.').isVisible(), true, `${screen.path} has the footer`);
    }
    assert.deepEqual(errors, []);
    const reactProviders = await page.evaluate(() => {
      const share = (
        window as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>> };
        }
      ).__FEDERATION__.__SHARE__;
      const providers: string[] = [];
      for (const scopes of Object.values(share)) {
        for (const [pkg, versions] of Object.entries(scopes.default ?? {})) {
          if (pkg !== 'react' && pkg !== 'react-dom') continue;
          for (const [version, info] of Object.entries(versions)) if (info.loaded) providers.push(`${pkg}@${version} from ${info.from}`);
        }
      }
      return [...new Set(providers)];
    });
    assert.deepEqual(
      fetched.filter((file) => fallbackChunks.has(file)),
      [],
    );
    assert.deepEqual(reactProviders.sort(), ['react-dom@18.3.1 from shell', 'react@18.3.1 from shell']);
    await page.close();
  });
});
