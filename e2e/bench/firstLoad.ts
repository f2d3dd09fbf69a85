// First load of a route in Chromium: JS transferred per app (gzip, as a CDN would serve it) and
// the time until a given element is visible. Used by `npm run bench`.
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import type { Stack, AppKey } from '../support/stack';

interface FirstLoadResult {
  route: string;
  gzipBytesByApp: Record<string, number>;
  totalGzipBytes: number;
  /** Milliseconds from navigation start to the element being visible, one per run. */
  visibleMs: number[];
  /** JS files whose URL or text matched `match` (e.g. pdf.js and its worker), gzip bytes. */
  matchedGzipBytes: number;
}

export async function measureFirstLoad(
  browser: Browser,
  stack: Stack,
  route: string,
  visibleSelector: string,
  { runs = 3, match }: { runs?: number; match?: RegExp } = {},
): Promise<FirstLoadResult> {
  const appByPort = new Map(Object.entries(stack.ports).map(([key, port]) => [String(port), key as AppKey]));
  const visibleMs: number[] = [];
  let gzipBytesByApp: Record<string, number> = {};
  let matchedGzipBytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Promise<{ app: string; bytes: number; matched: boolean }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const url = new URL(response.url());
      // A worker started from a blob: URL (pdf.js's, fetched cross-origin) has no port of its own.
      const app = url.protocol === 'blob:' ? 'worker (blob)' : (appByPort.get(url.port) ?? url.host);
      scripts.push(
        response.body().then((body) => ({
          app,
          bytes: zlib.gzipSync(body, { level: 6 }).length,
          matched: match ? match.test(response.url()) || match.test(body.toString('latin1')) : false,
        })),
      );
    });
    await page.goto(`${stack.shellUrl}${route}`);
    await page.locator(visibleSelector).first().waitFor({ state: 'visible', timeout: 30_000 });
    visibleMs.push(await page.evaluate(() => performance.now()));
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    gzipBytesByApp = {};
    matchedGzipBytes = 0;
    for (const script of loaded) {
      gzipBytesByApp[script.app] = (gzipBytesByApp[script.app] ?? 0) + script.bytes;
      if (script.matched) matchedGzipBytes += script.bytes;
    }
    await context.close();
  }
  const totalGzipBytes = Object.values(gzipBytesByApp).reduce((sum, bytes) => sum + bytes, 0);
  return { route, gzipBytesByApp, totalGzipBytes, visibleMs, matchedGzipBytes };
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
