// `npm run bench -- resume-viewer`: the résumé made from the portfolio in /portfo, a 30-item
// portfolio.
// - What the résumé adds to the download: /portfo opened with the résumé and with its two entry
//   chunks refused (the maker's start and the viewer), gzip bytes of everything fetched, the difference.
// - What it costs the opening: the time from navigation to a first key shown in the preview, with
//   and without the résumé, runs alternating.
// - The time from the last key of a word typed into Name to the viewer having drawn the new PDF. The
//   editor waits for typing to pause (RESUME_DEBOUNCE_MS) before it makes a new one: that pause is the floor.
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Stack } from '../support/stack';
import { bigPortfolio } from './editorLatency';
import { formatKb, median, percentile } from './firstLoad';

/** RESUME_DEBOUNCE_MS in mfe-editor/src/resume/made/MadeResume.tsx. */
const DEBOUNCE_MS = 600;
const VIEWER = 'figure[aria-label="Résumé made from your portfolio"] canvas';
/** The résumé's two entry chunks (webpackChunkName in mfe-editor/src/resume): everything else of it loads from them. */
const RESUME_ENTRIES = /\/chunks\/resume-(worker-start|viewer)\.[0-9a-f]+\.js$/;

const withoutResume = (context: BrowserContext) => context.route(RESUME_ENTRIES, (route) => route.abort());

async function openGenerator(page: Page, stack: Stack) {
  await page.goto(`${stack.shellUrl}/templates`);
  await page.evaluate((draft) => {
    localStorage.setItem(
      'folioforge.editor.drafts.v2',
      JSON.stringify({
        version: 2,
        last: 'bench',
        drafts: { bench: { id: 'bench', templateId: 'generator', portfolio: draft, updatedAt: Date.now() } },
      }),
    );
  }, bigPortfolio());
  await page.goto(`${stack.shellUrl}/portfo`);
  await page.getByLabel('Name', { exact: true }).first().waitFor();
}

/** Milliseconds from the last key to the new PDF drawn, for one word typed as a person types it. */
async function timeOneEdit(page: Page, word: string): Promise<number> {
  const before = await page.locator(VIEWER).getAttribute('data-drawn');
  await page.evaluate(
    ({ selector, before: drawnBefore }) => {
      const state = window as unknown as { __lastKey: number; __drawn: Promise<number> };
      state.__lastKey = 0;
      document.addEventListener('keydown', () => (state.__lastKey = performance.now()), { capture: true });
      const canvas = document.querySelector<HTMLCanvasElement>(selector)!;
      state.__drawn = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (canvas.dataset.drawn && canvas.dataset.drawn !== drawnBefore) {
            observer.disconnect();
            resolve(performance.now());
          }
        });
        observer.observe(canvas, { attributes: true, attributeFilter: ['data-drawn'] });
      });
    },
    { selector: VIEWER, before },
  );
  const field = page.getByLabel('Name', { exact: true }).first();
  await field.press('End');
  await field.pressSequentially(` ${word}`, { delay: 90 });
  return page.evaluate(async () => {
    const state = window as unknown as { __lastKey: number; __drawn: Promise<number> };
    return (await state.__drawn) - state.__lastKey;
  });
}

/** Gzip bytes of each file /portfo fetches until the network is idle (the API's answers aside). */
async function downloadOfGenerator(browser: Browser, stack: Stack, resume: boolean): Promise<Map<string, number>> {
  const context = await browser.newContext();
  if (!resume) await withoutResume(context);
  const fetched: Promise<[string, number]>[] = [];
  context.on('response', (response) => {
    const url = response.url();
    if (url.startsWith('blob:') || url.startsWith('data:') || url.includes('/rest/v1/') || url.includes('/auth/v1/')) return;
    const file = new URL(url).pathname.split('/').pop()!;
    // A body the browser no longer holds (a redirect, an aborted request) counts as nothing.
    fetched.push(
      response
        .body()
        .then((body): [string, number] => [file, zlib.gzipSync(body, { level: 6 }).length])
        .catch((): [string, number] => [file, 0]),
    );
  });
  const page = await context.newPage();
  await openGenerator(page, stack);
  if (resume) await page.locator(`${VIEWER}[data-drawn]`).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const files = new Map(await Promise.all(fetched));
  await context.close();
  return files;
}

/** Milliseconds from navigating to /portfo to a key typed into Name being shown in the preview. */
async function openToFirstEdit(browser: Browser, stack: Stack, resume: boolean): Promise<number> {
  const context = await browser.newContext();
  if (!resume) await withoutResume(context);
  const page = await context.newPage();
  await openGenerator(page, stack);
  const opened = await page.evaluate(() => performance.timeOrigin);
  const field = page.getByLabel('Name', { exact: true }).first();
  await field.press('End');
  await field.press('Q');
  const name = (await field.inputValue()).trim();
  await page.getByTestId('portfolio-preview').getByText(name, { exact: false }).first().waitFor();
  const shown = await page.evaluate(() => performance.timeOrigin + performance.now());
  await context.close();
  return shown - opened;
}

const spread = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms, ${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms`;

export async function benchResumeViewer(browser: Browser, stack: Stack, runs: number): Promise<void> {
  const withFiles = await downloadOfGenerator(browser, stack, true);
  const withoutFiles = await downloadOfGenerator(browser, stack, false);
  const added = [...withFiles].filter(([file]) => !withoutFiles.has(file));
  const addedBytes = added.reduce((sum, [, bytes]) => sum + bytes, 0);
  const total = (files: Map<string, number>) => [...files.values()].reduce((sum, bytes) => sum + bytes, 0);

  const opening = { with: [] as number[], without: [] as number[] };
  for (let run = 0; run < runs; run += 1) {
    opening.with.push(await openToFirstEdit(browser, stack, true));
    opening.without.push(await openToFirstEdit(browser, stack, false));
  }

  const times: number[][] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openGenerator(page, stack);
    await page.locator(`${VIEWER}[data-drawn]`).waitFor({ timeout: 60_000 });
    const perRun: number[] = [];
    for (const word of ['Ada', 'Byron', 'King', 'Lovelace', 'Countess']) perRun.push(await timeOneEdit(page, word));
    times.push(perRun);
    await context.close();
  }
  const all = times.flat();
  const medians = times.map((perRun) => median(perRun));
  console.log(`\nRésumé viewer on /portfo, a 30-item portfolio, ${runs} runs:`);
  console.log(
    `  added download of the résumé: ${formatKb(addedBytes)} gzip in ${added.length} files (${added.map(([file, bytes]) => `${file} ${formatKb(bytes)}`).join(', ')})`,
  );
  console.log(`  floor: /portfo without the résumé, ${formatKb(total(withoutFiles))} gzip in ${withoutFiles.size} files`);
  console.log(`  open → first key in the preview: with the résumé ${spread(opening.with)}; floor, without it ${spread(opening.without)}`);
  console.log(
    `  last key → new PDF drawn: median ${median(all).toFixed(0)} ms, p95 ${percentile(all, 95).toFixed(0)} ms, min ${Math.min(...all).toFixed(0)} ms, max ${Math.max(...all).toFixed(0)} ms; run medians ${Math.min(...medians).toFixed(0)}–${Math.max(...medians).toFixed(0)} ms`,
  );
  console.log(
    `  floor: the pause the editor waits for, ${DEBOUNCE_MS} ms; above it: making the PDF in the worker and drawing it, median ${(median(all) - DEBOUNCE_MS).toFixed(0)} ms`,
  );
}
