// Production layout, for real: the site's HTML and app-config.json on one origin, the shell's assets
// on a CDN under a versioned path (a PUBLIC_URL build), and each remote on its own origin under its
// own versioned path. Then a release of one remote is promoted and rolled back by app-config.json alone.
// Two builds of its own, the least this needs: the shell for its CDN path, and the new release of
// one remote; every other remote, and the content remote's release before, is the build stage's dist/.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { REMOTES } from '../../shared/src/contracts/appsTable.mjs';
import { createRuntimeConfig } from '../../tooling/appConfig.mjs';
import { closeServer, serveApp } from '../../tooling/serveApps.mjs';
import { repoRoot } from '../../tooling/repo.mjs';
import { closeContexts, trackPageErrors } from '../support/browser';
import { buildApp } from '../support/builds';
import { freePorts } from '../../tooling/freePorts.mjs';
import { sharedStack, type SharedStack } from '../support/stack';
import { SCREENS, UNAVAILABLE } from '../support/screens';

type RemoteKey = keyof typeof REMOTES;
const REMOTE_KEYS = Object.keys(REMOTES) as RemoteKey[];

const NEW_HEADING = 'Welcome to FolioForge, release 1.1.0';

let browser: Browser;
/** The run's local-cloud; the site's origin is one it takes besides the shell's (SharedStack.ownShellPorts). */
let stack: SharedStack;
const servers: Server[] = [];
const builds: string[] = [];
let config: ReturnType<typeof createRuntimeConfig>;
let siteUrl: string;
let shellPublicUrl: string;
let shellDist: string;
/** Each remote's origin and versioned folder, as app-config.json names them. */
const remoteBase = {} as Record<RemoteKey, string>;
let contentRelease: { old: string; new: string; newDist: string };

test.beforeAll(async ({ browser: workerBrowser }) => {
  // Builds (or dev servers) beside the other worker's browser tests: more than a test's 3 minutes on 2 cores.
  test.setTimeout(10 * 60_000);
  stack = sharedStack();
  const sitePort = stack.ownShellPorts.deploy;
  const [cdnPort, ...remotePorts] = await freePorts(1 + REMOTE_KEYS.length);
  const origin = (port: number | undefined) => `http://127.0.0.1:${port}`;
  siteUrl = origin(sitePort);
  shellPublicUrl = `${origin(cdnPort)}/shell/1.0.0/`;
  REMOTE_KEYS.forEach((key, index) => (remoteBase[key] = `${origin(remotePorts[index])}/${key}/2.0.0/`));
  const contentOrigin = origin(remotePorts[REMOTE_KEYS.indexOf('content')]);
  const newContentUrl = `${contentOrigin}/content/1.1.0/`;

  // The shell built for its CDN path, and a new release of the content remote built for its own.
  let newContentDist: string;
  [shellDist, newContentDist] = await Promise.all([
    buildApp({ key: 'shell', publicUrl: shellPublicUrl }),
    buildApp({
      key: 'content',
      publicUrl: newContentUrl,
      editSource(src) {
        const home = path.join(src, 'screens/Home/Home.tsx');
        const source = fs.readFileSync(home, 'utf8');
        assert.ok(source.includes('Welcome to FolioForge'), 'the home screen names its heading');
        fs.writeFileSync(home, source.replace('Welcome to FolioForge', NEW_HEADING));
      },
    }),
  ]);
  builds.push(path.dirname(shellDist), path.dirname(newContentDist));
  contentRelease = { old: `${contentOrigin}/content/1.0.0/`, new: newContentUrl, newDist: newContentDist };

  config = createRuntimeConfig({ localCloudUrl: stack.cloudUrl, keys: stack.keys });
  for (const key of REMOTE_KEYS) config.remotes[key] = `${remoteBase[key]}mf-manifest.json`;
  config.remotes.content = `${contentRelease.new}mf-manifest.json`;

  // The site: HTML for every route, app-config.json and the icons. The CDN: the shell's assets.
  // The site's pages carry the app's policy: the CDN's origin comes from the page itself.
  servers.push(await serveApp({ dir: shellDist, port: sitePort!, appConfig: () => config, securityConfig: () => config }));
  servers.push(await serveApp({ port: cdnPort!, mounts: { '/shell/1.0.0/': shellDist } }));
  for (const [index, key] of REMOTE_KEYS.entries()) {
    const mounts: Record<string, string> = { [`/${key}/2.0.0/`]: path.join(repoRoot, REMOTES[key].dir, 'dist') };
    // The content origin keeps the release before (the app's own build) beside the new one.
    if (key === 'content')
      Object.assign(mounts, { '/content/1.0.0/': path.join(repoRoot, 'mfe-content/dist'), '/content/1.1.0/': newContentDist });
    servers.push(await serveApp({ port: remotePorts[index]!, mounts }));
  }
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
  for (const server of servers) await closeServer(server);
  for (const dir of builds) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every URL the page asks for, from the first request on. */
function recordRequests(page: Page): URL[] {
  const urls: URL[] = [];
  page.on('request', (request) => urls.push(new URL(request.url())));
  return urls;
}

async function openScreen(page: Page, route: string, heading: RegExp | string): Promise<void> {
  await page.goto(`${siteUrl}${route}`);
  await page.locator('main h1, main h2').filter({ hasText: heading }).first().waitFor({ timeout: 20_000 });
  await expect(page.getByText(UNAVAILABLE), `${route} has every part`).toHaveCount(0);
}

test.describe('a production layout: site, CDN and one origin per remote', () => {
  test('the PUBLIC_URL builds name their versioned paths for every asset', () => {
    const html = fs.readFileSync(path.join(shellDist, 'index.html'), 'utf8');
    assert.match(html, new RegExp(`src="${shellPublicUrl}main\\.[0-9a-f]{8}\\.js"`));
    const manifest = JSON.parse(fs.readFileSync(path.join(contentRelease.newDist, 'mf-manifest.json'), 'utf8')) as {
      metaData: { publicPath: string };
    };
    assert.equal(manifest.metaData.publicPath, contentRelease.new);
  });

  test('every route renders, each app loaded only from its own origin and versioned path', async () => {
    const page = await browser.newPage();
    const errors = trackPageErrors(page);
    const requests = recordRequests(page);
    for (const screen of SCREENS) await openScreen(page, screen.path, screen.heading);
    assert.deepEqual(errors, []);

    const allowed = [
      shellPublicUrl,
      ...REMOTE_KEYS.filter((key) => key !== 'content').map((key) => remoteBase[key]),
      contentRelease.new,
      `${stack.cloudUrl}/`,
    ];
    const site = new URL(siteUrl).origin;
    const strays = requests.filter((url) => {
      if (url.protocol !== 'http:') return false; // data: and blob: URLs the page makes itself
      // The site answers only with pages, the config and the icons, never with a script or style.
      if (url.origin === site) return /\.(m?js|css)$/.test(url.pathname);
      return !allowed.some((base) => url.href.startsWith(base));
    });
    assert.deepEqual(
      strays.map((url) => url.href),
      [],
    );
    for (const base of [
      shellPublicUrl,
      ...REMOTE_KEYS.filter((key) => key !== 'content').map((key) => remoteBase[key]),
      contentRelease.new,
    ]) {
      assert.ok(
        requests.some((url) => url.href.startsWith(base) && /\.js$/.test(url.pathname)),
        `scripts came from ${base}`,
      );
    }
    await page.close();
  });

  test('a new release of one remote shows in the built shell by app-config.json alone, and so does its rollback: nothing rebuilt', async () => {
    const stamps = () =>
      [
        path.join(repoRoot, 'mfe-content/dist/mf-manifest.json'),
        path.join(contentRelease.newDist, 'mf-manifest.json'),
        path.join(shellDist, 'index.html'),
      ].map((file) => fs.statSync(file).mtimeMs);
    const before = stamps();

    const page = await browser.newPage();
    await openScreen(page, '/home', NEW_HEADING);

    config.remotes.content = `${contentRelease.old}mf-manifest.json`;
    try {
      const requests = recordRequests(page);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Welcome to FolioForge', exact: true }).waitFor({ timeout: 20_000 });
      await expect(page.getByRole('heading', { name: NEW_HEADING })).toHaveCount(0);
      const content = requests.filter((url) => url.href.includes('/content/'));
      assert.ok(
        content.length > 0 && content.every((url) => url.href.startsWith(contentRelease.old)),
        'content came from the older release only',
      );
      assert.deepEqual(stamps(), before, 'no build was touched');
    } finally {
      config.remotes.content = `${contentRelease.new}mf-manifest.json`;
      await page.close();
    }
  });
});
