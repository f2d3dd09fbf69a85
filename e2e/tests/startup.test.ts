// The first load of a public page: what the browser downloads before the first screen, and the
// session shown in the header before supabase-js has loaded.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';
import { repoRoot } from '../../tooling/repo.mjs';

let stack: SharedStack;
let browser: Browser;
/** The shell's chunks holding supabase-js, as its manifest names them. */
let supabaseChunks: string[];

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shell/dist/mf-manifest.json'), 'utf8')) as {
    shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const supabase = manifest.shared.find((entry) => entry.name === '@supabase/supabase-js');
  supabaseChunks = [...(supabase?.assets.js.sync ?? []), ...(supabase?.assets.js.async ?? [])];
  assert.ok(supabaseChunks.length > 0, 'the shell provides supabase-js');
});

test.afterAll(async () => {
  await closeContexts(browser);
});

const isSupabaseChunk = (url: string) => supabaseChunks.some((chunk) => url.endsWith(`/${chunk}`));

function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

test.describe('supabase-js off the first screen', () => {
  for (const [route, heading] of [
    ['/home', /Welcome to FolioForge/],
    ['/', /^Login$/],
    ['/pricing', /Pricing/],
    ['/templates', /Template Collection/],
  ] as const) {
    test(`a new visitor's ${route} renders without downloading supabase-js`, async () => {
      const page = await browser.newPage();
      const scripts = recordScripts(page);
      const errors = trackPageErrors(page);
      await page.goto(`${stack.shellUrl}${route}`);
      await page.locator('main h1, main h2').filter({ hasText: heading }).first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      assert.deepEqual(scripts.filter(isSupabaseChunk), []);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('logging in loads it when the visitor acts, and the wrong password is answered by the server', async () => {
    const page = await browser.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${stack.shellUrl}/login`);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid login credentials').waitFor({ timeout: 15_000 });
    assert.equal(scripts.filter(isSupabaseChunk).length, 1);
    await page.close();
  });
});

test.describe("the first screen's remote, preloaded by the page", () => {
  test('app-config.json and the manifest are asked for once, the entry and screen chunk by the page itself', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${stack.shellUrl}/home`);
    // The live screen, not the copy rendered ahead (which shows before any of this is asked for).
    await page
      .locator('#root')
      .getByRole('heading', { name: /Welcome to FolioForge/ })
      .waitFor({ timeout: 15_000 });
    await page.locator('#prerendered').waitFor({ state: 'detached' });
    assert.equal(requested.filter((file) => file === '/app-config.json').length, 1);
    assert.equal(requested.filter((file) => file === '/mf-manifest.json').length, 1);
    // Preloaded, and the loaders take the preloaded copies instead of downloading again.
    assert.equal(requested.filter((file) => file === '/remoteEntry.js').length, 1);
    assert.equal(requested.filter((file) => /__federation_expose_Home\.[0-9a-f]{8}\.js$/.test(file)).length, 1);
    const initiators = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => [
        new URL(entry.name).pathname,
        entry.initiatorType,
      ]),
    );
    const initiator = (pattern: RegExp) => initiators.find(([file]) => pattern.test(file!))?.[1];
    assert.equal(initiator(/^\/remoteEntry\.js$/), 'link');
    assert.equal(initiator(/__federation_expose_Home\.[0-9a-f]{8}\.js$/), 'link');
    // Its styles came inline with the page rendered ahead: not asked for at all.
    assert.deepEqual(
      requested.filter((file) => /__federation_expose_Home\.[0-9a-f]{8}\.css$/.test(file)),
      [],
    );
    await page.close();
  });
});

test.describe("what is below the editor's first screen", () => {
  test('the checkout button loads the commerce remote once the visitor scrolls towards it', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = trackPageErrors(page);
    const fromCommerce: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).port === String(stack.ports.commerce)) fromCommerce.push(new URL(request.url()).pathname);
    });
    await page.goto(`${stack.shellUrl}/design`);
    await page.locator('#root').getByRole('heading', { name: 'Input Section' }).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    // Far below the first screen on a phone: a disabled button holds its place, commerce is not asked
    // for, and nothing spins meanwhile (an animation redraws the page every frame while the visitor types).
    const placeholder = page.getByRole('button', { name: 'Get Temp 1 (loading checkout)' });
    await placeholder.waitFor();
    assert.ok(
      (await placeholder.boundingBox())!.y > 2 * 844,
      'the button is more than two screens down: beyond the screen ahead that loads it',
    );
    assert.deepEqual(fromCommerce, []);
    assert.deepEqual(await page.evaluate(() => document.getAnimations().length), 0, 'no animation runs while nothing loads');
    await placeholder.scrollIntoViewIfNeeded();
    const button = page.getByRole('button', { name: 'Get Temp 1', exact: true });
    await expect(button).toBeEnabled({ timeout: 15_000 });
    assert.ok(
      fromCommerce.some((file) => /remoteEntry\.js$|mf-manifest\.json$/.test(file)),
      fromCommerce.join(', '),
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});

test.describe('the web manifest', () => {
  test('is linked once the live screen has taken the place of the copy rendered ahead, not by the page as served', async () => {
    const page = await browser.newPage();
    // When the copy leaves the page and when the manifest's link arrives, in the page's own clock.
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { startupMarks: Record<string, number> }).startupMarks = marks;
      new MutationObserver(() => {
        if (marks.copySeen && marks.copyGone === undefined && !document.getElementById('prerendered')) marks.copyGone = performance.now();
        if (document.getElementById('prerendered')) marks.copySeen = 1;
        if (marks.manifestLinked === undefined && document.querySelector('link[rel="manifest"]')) marks.manifestLinked = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    const response = await page.goto(`${stack.shellUrl}/design`);
    assert.doesNotMatch(await response!.text(), /rel="manifest"/);
    await page.getByRole('textbox', { name: 'Name', exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelector('link[rel="manifest"]'));
    const marks = await page.evaluate(() => (window as unknown as { startupMarks: Record<string, number> }).startupMarks);
    assert.ok(marks.copyGone !== undefined, 'the live screen replaced the copy');
    assert.ok(marks.manifestLinked! > marks.copyGone!, `linked at ${marks.manifestLinked} ms, the copy gone at ${marks.copyGone} ms`);
    assert.deepEqual(
      await page.evaluate(() => [...document.querySelectorAll('link[rel="manifest"]')].map((link) => link.getAttribute('href'))),
      ['/manifest.webmanifest'],
    );
    await page.close();
  });
});

test.describe('layout', () => {
  for (const [route, heading] of [
    ['/home', /Welcome to FolioForge/],
    ['/templates', /Template Collection/],
    ['/design', /Template Preview|Input Section/],
  ] as const) {
    test(`nothing on ${route} moves when the screen arrives after the frame (no layout shift)`, async () => {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${stack.shellUrl}${route}`);
      await page.locator('main h1, main h2').filter({ hasText: heading }).first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
      assert.ok(shifts.reduce((sum, value) => sum + value, 0) < 0.01, `layout shifts: ${shifts.join(', ')}`);
      await page.close();
    });
  }
});

test.describe('a returning visitor', () => {
  test('sees their name in the header from the stored session before supabase-js loads, which then checks it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // A session as supabase-js stores it, whose refresh token the server has never issued.
    await context.addInitScript(
      ([key, value]) => window.localStorage.setItem(key!, value!),
      [
        'sb-localhost-auth-token',
        JSON.stringify({
          access_token: 'expired.token.here',
          token_type: 'bearer',
          expires_in: 3600,
          expires_at: Math.floor(Date.now() / 1000) - 60,
          refresh_token: 'never-issued',
          user: {
            id: '00000000-0000-4000-8000-000000000001',
            aud: 'authenticated',
            email: 'ada@example.com',
            user_metadata: { name: 'Ada Stored' },
          },
        }),
      ],
    );
    // Hold supabase-js back until the header has been checked.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => isSupabaseChunk(url.href),
      async (route: Route) => {
        await released;
        await route.continue();
      },
    );
    await page.goto(`${stack.shellUrl}/home`);
    await page.getByRole('button', { name: /Ada Stored/ }).waitFor({ timeout: 15_000 });
    release();
    // supabase-js tries the stored refresh token, the server refuses it, and the visitor is told.
    await page.getByText('Your session has ended. Please log in again.').waitFor({ timeout: 15_000 });
    assert.equal(await page.getByRole('link', { name: 'Log in' }).isVisible(), true);
    await context.close();
  });
});

test.describe('a deployment whose config is broken', () => {
  for (const route of ['/home', '/account']) {
    test(`${route} says the app could not start, in place of the page, and offers a reload`, async () => {
      const page = await browser.newPage();
      await page.route('**/app-config.json', (request) =>
        request.fulfill({ status: 200, contentType: 'application/json', body: '{"remotes":' }),
      );
      await page.goto(`${stack.shellUrl}${route}`);
      await expect(page.getByRole('heading', { name: 'FolioForge could not start' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
      await expect(page.locator('#prerendered'), 'the copy rendered ahead gives way').toHaveCount(0);
      await page.close();
    });
  }
});
