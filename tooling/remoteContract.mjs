// The contract check of one remote (`npm test -w mfe-editor`): does a production build of it load
// into the production shell? "The production shell" is the shell built from this tree's shell/ (a
// team changes only its own remote, so that is main's shell), reused from shell/dist when its build
// stamp matches the tree, built otherwise; the remote is built whenever its own stamp does not.
//
// Two parts, the way module-federation-examples test a host and its remotes (built, served, opened):
// - static: the remote's mf-manifest.json exposes every screen the shell's route table routes to it
//   and every widget other remotes render from it (shared/src/contracts/federatedWidgets.mjs), and
//   each singleton both share is one the shell provides in a version the remote accepts;
// - in Chromium: both builds served as npm start serves them, the shell's /app-config.json pointing
//   this remote at its fresh build (every other remote at an address where nothing answers), each of
//   the remote's routes opened in the shell: its screen must render in place of the loading status,
//   from this build, with no uncaught error.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { REMOTES } from '@folioforge/shared/apps-table';
import { FEDERATED_WIDGETS } from '../shared/src/contracts/federatedWidgets.mjs';
import { SCREEN_ROUTES } from '../shell/src/routeTable.mjs';
import { APPS } from './ports.mjs';
import { buildAppIfStale } from './buildApps.mjs';
import { createRuntimeConfig } from './appConfig.mjs';
import { closeServer, serveApp, staticHandler } from './serveApps.mjs';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './chromium.mjs';
import { repoRoot } from './repo.mjs';

/**
 * @typedef {{ path: string, assets?: unknown }} ManifestExpose
 * @typedef {{ name: string, version: string, requiredVersion?: string, singleton?: boolean }} ManifestShared
 * @typedef {{ name: string, exposes: ManifestExpose[], shared: ManifestShared[] }} FederationManifest
 */

/** `mfe_editor/Design` → `./Design`, for the modules of one remote. */
const exposeOf = (federatedId, remoteName) =>
  federatedId.startsWith(`${remoteName}/`) ? `./${federatedId.slice(remoteName.length + 1)}` : undefined;

/**
 * What the remote's manifest lacks of what the shell and the other remotes load from it.
 * @param {{ remoteName: string, manifest: FederationManifest, routes?: readonly { path: string, remote: string }[], widgets?: readonly { id: string, renderedBy: readonly string[] }[] }} options
 * @returns {string[]}
 */
export function missingExposes({ remoteName, manifest, routes = SCREEN_ROUTES, widgets = Object.values(FEDERATED_WIDGETS) }) {
  const exposed = new Set(manifest.exposes.map((expose) => expose.path));
  const problems = [];
  for (const route of routes) {
    const expose = exposeOf(route.remote, remoteName);
    if (expose && !exposed.has(expose)) problems.push(`the shell routes ${route.path} to ${route.remote}, which the build does not expose`);
  }
  for (const widget of widgets) {
    const expose = exposeOf(widget.id, remoteName);
    if (expose && !exposed.has(expose))
      problems.push(`${widget.renderedBy.join(' and ')} render ${widget.id}, which the build does not expose`);
  }
  return problems;
}

/** Does `version` satisfy `range`? The two forms the builds state: an exact version, or `^x.y.z`. */
export function satisfies(version, range) {
  const parse = (text) => text.split('.').map(Number);
  if (!range.startsWith('^')) return version === range;
  const [major = 0, minor = 0, patch = 0] = parse(version);
  const [wantMajor = 0, wantMinor = 0, wantPatch = 0] = parse(range.slice(1));
  const atLeast = major !== wantMajor ? major > wantMajor : minor !== wantMinor ? minor > wantMinor : patch >= wantPatch;
  // A caret keeps the first non-zero part: ^0.1.0 takes 0.1.x only, ^18.3.1 takes 18.x.
  const sameLine = wantMajor > 0 ? major === wantMajor : wantMinor > 0 ? major === 0 && minor === wantMinor : version === range.slice(1);
  return atLeast && sameLine;
}

/**
 * Singletons the remote asks for in a version the shell does not provide: the page would run the
 * shell's copy anyway (the shell loads first) and the runtime only warns, so the remote would run
 * against a React, router or store it was not built for.
 * @param {{ manifest: FederationManifest, shellManifest: FederationManifest }} options
 * @returns {string[]}
 */
export function sharedVersionProblems({ manifest, shellManifest }) {
  const provided = new Map(shellManifest.shared.map((entry) => [entry.name, entry.version]));
  const problems = [];
  for (const entry of manifest.shared) {
    const version = provided.get(entry.name);
    if (!entry.singleton || !version || !entry.requiredVersion) continue;
    if (!satisfies(version, entry.requiredVersion))
      problems.push(`${entry.name}: the build asks for ${entry.requiredVersion}, the shell provides ${version}`);
  }
  return problems;
}

/** @param {http.Server} server @returns {Promise<http.Server>} */
const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));

const readManifest = (app) =>
  /** @type {FederationManifest} */ (JSON.parse(fs.readFileSync(path.join(repoRoot, app.dir, 'dist/mf-manifest.json'), 'utf8')));

/**
 * Opens each of the remote's routes in the production shell and reads what its region shows.
 * @param {{ remote: (typeof APPS)[number], routes: readonly { path: string, remote: string }[], log: (line: string) => void }} options
 * @returns {Promise<string[]>}
 */
async function routeProblems({ remote, routes, log }) {
  const remoteServer = await serveApp({ dir: path.join(repoRoot, remote.dir, 'dist'), port: 0 });
  const remoteOrigin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (remoteServer.address()).port}`;
  // Chromium never connects to the discard port: the other remotes and the backend are down, as in a
  // deploy of this one remote alone.
  const nowhere = 'http://127.0.0.1:9';
  const config = createRuntimeConfig({ host: '127.0.0.1', localCloudUrl: nowhere, keys: {} });
  const appConfig = () => ({
    ...config,
    remotes: Object.fromEntries(
      Object.keys(config.remotes).map((key) => [
        key,
        key === remote.key ? `${remoteOrigin}/mf-manifest.json` : `${nowhere}/mf-manifest.json`,
      ]),
    ),
  });
  const shellDist = path.join(repoRoot, 'shell/dist');
  // The plain shell on every route (app.html once the build has rendered public pages ahead): the
  // live screen from this build, not a page drawn ahead from an older one.
  const shellPage = fs.existsSync(path.join(shellDist, 'app.html')) ? 'app.html' : 'index.html';
  const shellHandler = staticHandler({ dir: shellDist, appConfig, securityConfig: appConfig });
  const shellServer = await listen(
    http.createServer((req, res) => {
      if (routes.some((route) => route.path === new URL(req.url ?? '/', 'http://shell').pathname)) req.url = `/${shellPage}`;
      shellHandler(req, res);
    }),
  );
  const shellOrigin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (shellServer.address()).port}`;
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const problems = [];
  try {
    for (const route of routes) {
      const started = Date.now();
      const page = await browser.newPage();
      // As the browser tests allow: a loaded 2-core machine takes its time, a missing screen fails all the same.
      page.setDefaultTimeout(60_000);
      const errors = [];
      const fromBuild = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('response', (response) => {
        if (response.url().startsWith(remoteOrigin) && response.ok()) fromBuild.push(new URL(response.url()).pathname);
      });
      let sentOn = '';
      const screen = route.remote.slice(route.remote.indexOf('/') + 1);
      try {
        await page.goto(`${shellOrigin}${route.path}`);
        // Drawn: the region holds something other than the loading status.
        await page.waitForFunction(() => {
          const main = document.querySelector('main#main');
          return Boolean(main?.firstElementChild) && !main?.querySelector('[data-remote-loading]');
        });
        const { unavailable, at } = await page.evaluate(() => ({
          unavailable: document.querySelector('main#main')?.firstElementChild?.getAttribute('role') === 'alert',
          at: window.location.pathname,
        }));
        if (!fromBuild.some((file) => file.includes(`__federation_expose_${screen}`)))
          problems.push(`${route.path}: ${route.remote} did not come from this build`);
        else if (at === route.path && unavailable) problems.push(`${route.path}: the shell shows "unavailable" instead of ${route.remote}`);
        // A screen that sends a signed-out visitor on (My portfolios → /login) rendered to do so.
        else if (at !== route.path) sentOn = ` (sent a signed-out visitor to ${at})`;
      } catch (error) {
        problems.push(`${route.path}: ${route.remote} did not render (${error instanceof Error ? error.message.split('\n')[0] : error})`);
      }
      for (const message of errors) problems.push(`${route.path}: uncaught error: ${message}`);
      log(`  ${route.path} (${route.remote}) ${((Date.now() - started) / 1000).toFixed(1)} s${sentOn}`);
      await page.close();
    }
  } finally {
    await browser.close();
    await Promise.all([closeServer(shellServer), closeServer(remoteServer)]);
  }
  return problems;
}

/**
 * The whole check for one remote; the problems found, none when it fits the shell.
 * @param {{ key: keyof typeof REMOTES, log?: (line: string) => void }} options
 * @returns {Promise<string[]>}
 */
export async function checkRemoteContract({ key, log = console.log }) {
  const remote = APPS.find((app) => app.key === key);
  const shell = APPS.find((app) => app.key === 'shell');
  if (!remote || !shell) throw new Error(`${key} is not a remote (shared/src/contracts/appsTable.mjs)`);
  const started = Date.now();
  // Both at once when both are stale: two cores, two webpack processes.
  const built = await Promise.all([buildAppIfStale(shell, log), buildAppIfStale(remote, log)]);
  log(
    `builds: shell ${built[0] ? 'built' : 'current'}, ${remote.dir} ${built[1] ? 'built' : 'current'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  const manifest = readManifest(remote);
  const problems = [
    ...missingExposes({ remoteName: remote.name, manifest }),
    ...sharedVersionProblems({ manifest, shellManifest: readManifest(shell) }),
  ];
  const routes = SCREEN_ROUTES.filter((route) => exposeOf(route.remote, remote.name));
  log(`${remote.dir}'s ${routes.length} routes in the production shell:`);
  problems.push(...(await routeProblems({ remote, routes, log })));
  return problems;
}

// `node tooling/remoteContract.mjs [<remote dir>]`, by default the package npm runs the script in.
if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.basename(path.resolve(process.argv[2] ?? process.cwd()));
  const app = APPS.find((candidate) => candidate.dir === dir);
  if (!app || app.key === 'shell') {
    console.error(
      `Usage: node tooling/remoteContract.mjs <${Object.values(REMOTES)
        .map((remote) => remote.dir)
        .join('|')}>`,
    );
    process.exit(2);
  }
  const problems = await checkRemoteContract({ key: app.key });
  for (const problem of problems) console.error(`  ✗ ${problem}`);
  console.log(
    problems.length ? `contract: ${app.dir} does not fit the shell (${problems.length} problems)` : `contract: ${app.dir} fits the shell`,
  );
  process.exit(problems.length ? 1 : 0);
}
