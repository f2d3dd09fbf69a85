// `npm run dev` as a developer uses it: an edit to a remote's component shows up in the open page
// through React Fast Refresh, without a reload, so what was typed into the form is still there —
// in the shell and on the remote's own dev server. Runs on a copy of the sources, so the edit never
// touches the repository, with its own ports and data dir. Only the shell and the edited remote are
// started (a dev server is a webpack compile of its own, about 13 CPU s each): the others share
// their webpack setup (tooling/createWebpackConfig.mjs) and are built by the build stage.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { freePorts } from '../../tooling/freePorts.mjs';
import { APPS } from '../../tooling/ports.mjs';
import { copyMigratedPglite } from '../../tooling/pgliteTemplate.mjs';
import { repoRoot } from '../../tooling/repo.mjs';
import type * as DevScript from '../../scripts/dev.mjs';

const SKIPPED = new Set(['node_modules', '.git', 'dist', '.data', '.cache', 'coverage']);
const CONTACT_SCREEN = 'mfe-content/src/screens/ContactUs/ContactUs.tsx';
/** The dev servers started: the shell and the remote whose screen is edited. */
const DEV_APPS = APPS.filter((app) => app.key === 'shell' || app.key === 'content');

let copyRoot: string;
let dev: { stop(): Promise<void> };
let browser: Browser;
let ports: Record<string, number>;
const output: string[] = [];

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** Called with each new line of the dev servers' output (see `waitForOutput`). */
const outputWatchers = new Set<() => void>();

/** Resolves once `pattern` has been printed `count` times: each new line is checked as it arrives. */
function waitForOutput(pattern: RegExp, count: number, timeoutMs: number): Promise<void> {
  const printed = () => output.filter((line) => pattern.test(line)).length >= count;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!printed()) return;
      clearTimeout(timer);
      outputWatchers.delete(check);
      resolve();
    };
    const timer = setTimeout(() => {
      outputWatchers.delete(check);
      reject(new Error(`dev servers did not print ${pattern} ${count}× in time:\n${output.slice(-40).join('\n')}`));
    }, timeoutMs);
    outputWatchers.add(check);
    check();
  });
}

/** Types into the contact form, edits the screen's heading in the source, and sees both survive together. */
async function editKeepsTypedValues(page: Page, from: string, to: string): Promise<void> {
  const errors = trackPageErrors(page);
  await page.getByRole('heading', { level: 1, name: from }).waitFor({ timeout: 60_000 });
  await page.getByLabel('Message').fill('Hello from the dev test');
  await page.getByLabel('Name').fill('Ada Lovelace');
  // A full reload would clear this marker along with the form.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  const file = path.join(copyRoot, CONTACT_SCREEN);
  const source = fs.readFileSync(file, 'utf8');
  assert.ok(source.includes(`>${from}</h1>`), 'the heading to edit is in the source');
  fs.writeFileSync(file, source.replace(`>${from}</h1>`, `>${to}</h1>`));

  await page.getByRole('heading', { level: 1, name: to }).waitFor({ timeout: 60_000 });
  await expect(page.getByLabel('Message')).toHaveValue('Hello from the dev test');
  await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace');
  assert.equal(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true, 'the page was not reloaded');
  assert.deepEqual(errors, []);
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  // Builds (or dev servers) beside the other worker's browser tests: more than a test's 3 minutes on 2 cores.
  test.setTimeout(10 * 60_000);
  copyRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-dev-'));
  fs.cpSync(repoRoot, copyRoot, { recursive: true, filter: (source) => !SKIPPED.has(path.basename(source)) });
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(copyRoot, 'node_modules'));
  const free = await freePorts(DEV_APPS.length + 1);
  ports = Object.fromEntries(DEV_APPS.map((app, index) => [app.key, free[index]!]));
  const { startDev } = (await import(path.join(copyRoot, 'scripts/dev.mjs'))) as typeof DevScript;
  // A data folder as a developer's holds after the first `npm run dev` (migrated and seeded): local-cloud
  // opens it in a second, so the dev servers, which start only once it answers, start sooner.
  const dataDir = path.join(copyRoot, '.data');
  copyMigratedPglite(dataDir, { seed: true });
  dev = await startDev({
    ports,
    cloudPort: free[DEV_APPS.length],
    dataDir,
    apps: DEV_APPS.map((app) => app.key),
    // Without a terminal some tools still colour their output (FORCE_COLOR is set by npm test).
    onOutput: (app, line) => {
      output.push(`${app} ${stripVTControlCharacters(line)}`);
      for (const check of [...outputWatchers]) check();
    },
  });
  await waitForOutput(/compiled successfully/, DEV_APPS.length, 240_000);
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
  await dev?.stop();
  if (copyRoot) fs.rmSync(copyRoot, { recursive: true, force: true });
});

test.describe('npm run dev', () => {
  test('starts without warnings', () => {
    assert.deepEqual(
      output.filter((line) => /<w>|\bwarning\b/i.test(line)),
      [],
    );
  });

  test('the shell dev server answers published pages as npm start does', async () => {
    const missing = await fetch(`http://localhost:${ports.shell}/p/nobody-published-this`);
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /Page not found/);
    assert.match(missing.headers.get('content-security-policy') ?? '', /default-src 'none'/);
  });

  test("every dev server answers on loopback and refuses the machine's other addresses", async () => {
    const others = Object.values(os.networkInterfaces())
      .flat()
      .filter((address) => address && !address.internal && address.family === 'IPv4')
      .map((address) => address!.address);
    for (const port of Object.values(ports)) {
      assert.equal(await connects('127.0.0.1', port), true, `127.0.0.1:${port}`);
      for (const address of others) assert.equal(await connects(address, port), false, `${address}:${port} must not answer`);
    }
  });

  test('an edit to a remote appears in the shell with the typed form values kept', async () => {
    const page = await browser.newPage();
    await page.goto(`http://localhost:${ports.shell}/contact-us`);
    await editKeepsTypedValues(page, 'Contact Us', 'Contact Us, refreshed');
    await page.close();
  });

  test('the same on the remote running alone', async () => {
    const page = await browser.newPage();
    await page.goto(`http://localhost:${ports.content}/contact-us`);
    await editKeepsTypedValues(page, 'Contact Us, refreshed', 'Contact Us, refreshed again');
    await page.close();
  });
});
