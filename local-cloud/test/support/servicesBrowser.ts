// Chromium (Debian's, driven by playwright-core) and a tiny origin that serves test pages, so browser
// code runs cross-origin against local-cloud exactly as the apps do.
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../../../tooling/chromium.mjs';

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  const profile = await mkdtemp(path.join(tmpdir(), 'ff-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  // tsx compiles test code with esbuild's keepNames, which wraps functions in __name(); functions
  // passed to page.evaluate carry those calls into the page, so the page needs the helper too.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

export interface PageServer {
  origin: string;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** The UMD build of @emailjs/browser from node_modules (defines window.emailjs). */
export async function emailjsBrowserBundle(): Promise<string> {
  const pkg = require.resolve('@emailjs/browser/package.json');
  return readFile(path.join(path.dirname(pkg), 'dist', 'email.min.js'), 'utf8');
}

/** Serves fixed bodies by path: `{ '/': html, '/emailjs.js': script }`. */
/** Serves `pages`, read at each request: a test may add a page once it knows what to put in it. */
export async function startPageServer(pages: Record<string, string>): Promise<PageServer> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = pages[url.pathname];
    if (body === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    const type = url.pathname.endsWith('.js') ? 'application/javascript' : 'text/html; charset=utf-8';
    res.writeHead(200, { 'Content-Type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
