// Who can reach local-cloud and its data: only this machine (loopback), only the app's own pages
// (CORS; the mailbox, on its own port, never), only this user (file modes), and only one process per data directory.
import assert from 'node:assert/strict';
import { readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileCloud, type TestCloud } from './support/cloud.ts';
import { spawnLocalCloud, tempDirs, withMigratedPglite, type CloudProcess } from './support/process.ts';
import { launchBrowser, startPageServer, type Browser, type PageServer } from './support/servicesBrowser.ts';

const APP_ORIGIN = 'http://localhost:3000';

/**
 * One process with the CLI's defaults on a migrated data folder of its own, for the tests that ask
 * nothing else of it (where it listens, its file modes, its lock); the lock's test ends it with kill -9.
 */
let defaultProcess: Promise<{ cloud: CloudProcess; dataDir: string }> | undefined;
// Before the temp folders go (after() runs in the order of the calls).
after(async () => {
  await (await defaultProcess)?.cloud.stop();
});
const tempDir = tempDirs('lc-exposure-');
const processWithDefaults = () =>
  (defaultProcess ??= (async () => {
    const dataDir = withMigratedPglite(await tempDir());
    return { cloud: await spawnLocalCloud({ DATA_DIR: dataDir, AUTH_AUTOCONFIRM: 'true' }), dataDir };
  })());

/** An address of this machine that other machines could use, if it has one. */
function networkAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((info) => info && info.family === 'IPv4' && !info.internal)?.address;
}

describe('the interface it listens on', () => {
  const address = networkAddress();
  test('loopback by default: not reachable on the network address', { skip: address ? false : 'no network interface' }, async () => {
    const { cloud } = await processWithDefaults();
    assert.equal((await fetch(`http://127.0.0.1:${cloud.port}/health`)).status, 200);
    await assert.rejects(fetch(`http://${address}:${cloud.port}/health`, { signal: AbortSignal.timeout(5000) }));
  });

  test('HOST=0.0.0.0 opens it to the network, when asked', { skip: address ? false : 'no network interface' }, async () => {
    const cloud = await spawnLocalCloud({ DATA_DIR: withMigratedPglite(await tempDir()), HOST: '0.0.0.0' });
    try {
      assert.equal((await fetch(`http://${address}:${cloud.port}/health`)).status, 200);
    } finally {
      await cloud.stop();
    }
  });
});

/** The CORS and browser suites ask one local-cloud in this process; the others ask processes. */
const defaultCloud = fileCloud('pglite');

describe('CORS', () => {
  let cloud: TestCloud;
  before(async () => {
    cloud = await defaultCloud();
  });

  const preflight = (route: string, origin: string) =>
    fetch(`${cloud.url}${route}`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey, content-type' },
    });

  test("the app's origin may call the API, without credentials", async () => {
    const pre = await preflight('/auth/v1/recover', APP_ORIGIN);
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), APP_ORIGIN);
    assert.equal(pre.headers.get('access-control-allow-credentials'), null);
    const get = await fetch(`${cloud.url}/auth/v1/settings`, { headers: { Origin: APP_ORIGIN, apikey: cloud.keys.anonKey } });
    assert.equal(get.headers.get('access-control-allow-origin'), APP_ORIGIN);
    assert.equal(get.headers.get('access-control-allow-credentials'), null);
  });

  test('another website gets no CORS headers: its preflight is refused and answers stay unreadable', async () => {
    for (const route of [
      '/auth/v1/recover',
      '/rest/v1/portfolios',
      '/storage/v1/object/list/resumes',
      '/functions/v1/payments',
      '/emailjs/api/v1.0/email/send',
    ]) {
      const pre = await preflight(route, 'https://evil.example');
      assert.equal(pre.status, 403, route);
      assert.equal(pre.headers.get('access-control-allow-origin'), null, route);
    }
    const get = await fetch(`${cloud.url}/auth/v1/settings`, { headers: { Origin: 'https://evil.example', apikey: cloud.keys.anonKey } });
    assert.equal(get.headers.get('access-control-allow-origin'), null);
    // A look-alike of the app's origin is another origin.
    const lookAlike = await preflight('/auth/v1/recover', 'http://localhost:30000');
    assert.equal(lookAlike.headers.get('access-control-allow-origin'), null);
  });

  test("the mailbox answers no cross-origin request, not even the app's", async () => {
    const api = await fetch(`${cloud.mailboxUrl}/api`, { headers: { Origin: APP_ORIGIN } });
    assert.equal(api.status, 200);
    assert.equal(api.headers.get('access-control-allow-origin'), null);
    const pre = await fetch(`${cloud.mailboxUrl}/api`, {
      method: 'OPTIONS',
      headers: { Origin: APP_ORIGIN, 'Access-Control-Request-Method': 'GET' },
    });
    assert.equal(pre.headers.get('access-control-allow-origin'), null);
  });
});

describe('a page of another website, in a real browser', () => {
  let cloud: TestCloud;
  let browser: Browser;
  let site: PageServer;
  before(async () => {
    site = await startPageServer({ '/': '<!doctype html><title>a website</title>' });
    cloud = await defaultCloud();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  test('cannot ask for a password reset, read the mailbox or read the API', async () => {
    const email = `victim.${Date.now()}@example.com`;
    await cloud.client().auth.signUp({ email, password: 'secret-123' });
    const page = await browser.context.newPage();
    await page.goto(site.origin);
    const outcome = await page.evaluate(
      async ({ url, mailboxUrl, anonKey, email }) => {
        // Inline callbacks only: a named helper here would not survive the trip into the page.
        const [recover, mailbox, settings] = await Promise.all(
          [
            fetch(`${url}/auth/v1/recover`, {
              method: 'POST',
              headers: { apikey: anonKey, 'content-type': 'application/json' },
              body: JSON.stringify({ email }),
            }),
            fetch(`${mailboxUrl}/api`),
            fetch(`${url}/auth/v1/settings`, { headers: { apikey: anonKey } }),
          ].map((request) =>
            request.then(
              (response) => `read ${response.status}`,
              () => 'blocked',
            ),
          ),
        );
        return { recover, mailbox, settings };
      },
      { url: cloud.url, mailboxUrl: cloud.mailboxUrl, anonKey: cloud.keys.anonKey, email },
    );
    assert.deepEqual(outcome, { recover: 'blocked', mailbox: 'blocked', settings: 'blocked' });
    const resets = (await cloud.ctx.mailbox.list()).filter((mail) => mail.to === email && /reset/i.test(mail.subject));
    assert.equal(resets.length, 0, 'the preflight stopped the reset request before it reached the server');
    await page.close();
  });
});

describe('the data directory', () => {
  test('is 0700 and nothing in it is readable by other users', async () => {
    // A migrated database as PGlite writes it, every file 0666: the start must close them all.
    const { cloud, dataDir } = await processWithDefaults();
    await cloud.client().auth.signUp({ email: 'modes@example.com', password: 'secret-123' });
    assert.equal((await stat(dataDir)).mode & 0o777, 0o700);
    const open: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (((await stat(full)).mode & 0o077) !== 0) open.push(full);
          await walk(full);
        } else if (entry.isFile() && ((await stat(full)).mode & 0o077) !== 0) {
          open.push(full);
        }
      }
    };
    await walk(dataDir);
    assert.deepEqual(open, [], 'group or others may read these');
  });

  test('a second process on it is refused with a clear message; after a kill -9 the next one starts', async () => {
    const { cloud: first, dataDir } = await processWithDefaults();
    try {
      await first.client().auth.signUp({ email: 'first@example.com', password: 'secret-123' });
      await assert.rejects(spawnLocalCloud({ DATA_DIR: dataDir }), (err: Error) => {
        assert.match(err.message, new RegExp(`in use by another local-cloud \\(pid ${first.child.pid}\\)`));
        assert.match(err.message, /exited \(1\)/);
        return true;
      });
      assert.equal((await fetch(`${first.url}/health`)).status, 200, 'the first one is untouched');
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    const next = await spawnLocalCloud({ DATA_DIR: dataDir, AUTH_AUTOCONFIRM: 'true' });
    try {
      const { error } = await next.client().auth.signInWithPassword({ email: 'first@example.com', password: 'secret-123' });
      assert.equal(error, null);
    } finally {
      await next.stop();
    }
  });
});
