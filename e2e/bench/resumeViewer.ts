// `npm run bench -- resume-viewer`: the résumé made from the portfolio in /portfo, a 30-item
// portfolio: what showing it adds to the download (gzip bytes of the scripts and fonts fetched once
// the résumé comes near the view: pdf.js, the PDF maker's worker, the fonts), and the time from the
// last key of a word typed into Name to the viewer having drawn the new PDF, per run. The editor
// waits for typing to pause (RESUME_DEBOUNCE_MS) before it makes a new one: that pause is the floor.
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import type { Stack } from '../support/stack';
import { bigPortfolio } from './editorLatency';
import { formatKb, median, percentile } from './firstLoad';

/** RESUME_DEBOUNCE_MS in mfe-editor/src/resume/made/MadeResume.tsx. */
const DEBOUNCE_MS = 600;
const VIEWER = 'figure[aria-label="Résumé made from your portfolio"] canvas';

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

export async function benchResumeViewer(browser: Browser, stack: Stack, runs: number): Promise<void> {
  const times: number[][] = [];
  let addedBytes = 0;
  const addedFiles = new Set<string>();
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openGenerator(page, stack);
    await page.waitForLoadState('networkidle');
    // From here on, what is fetched is the résumé's: it comes near the view only now.
    const fetched: Promise<{ url: string; bytes: number }>[] = [];
    context.on('response', (response) => {
      const type = response.request().resourceType();
      const url = response.url();
      if (!['script', 'fetch', 'other', 'font', 'xhr'].includes(type) || url.includes('/rest/v1/') || url.includes('/auth/v1/')) return;
      fetched.push(
        response
          .body()
          .then((body) => ({ url, bytes: zlib.gzipSync(body, { level: 6 }).length }))
          .catch(() => ({ url, bytes: 0 })),
      );
    });
    await page.getByTestId('portfolio-preview').getByRole('heading', { name: 'Resume' }).scrollIntoViewIfNeeded();
    await page.locator(`${VIEWER}[data-drawn]`).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    if (run === 0) {
      for (const file of await Promise.all(fetched)) {
        if (file.url.startsWith('blob:') || file.url.startsWith('data:')) continue;
        addedBytes += file.bytes;
        addedFiles.add(new URL(file.url).pathname.split('/').pop()!);
      }
    }
    const perRun: number[] = [];
    for (const word of ['Ada', 'Byron', 'King', 'Lovelace', 'Countess']) perRun.push(await timeOneEdit(page, word));
    times.push(perRun);
    await context.close();
  }
  const all = times.flat();
  const medians = times.map((perRun) => median(perRun));
  console.log(`\nRésumé viewer on /portfo, a 30-item portfolio, ${runs} runs of 5 edits:`);
  console.log(
    `  added download once the résumé is shown: ${formatKb(addedBytes)} gzip in ${addedFiles.size} files (${[...addedFiles].join(', ')})`,
  );
  console.log(
    `  last key → new PDF drawn: median ${median(all).toFixed(0)} ms, p95 ${percentile(all, 95).toFixed(0)} ms, min ${Math.min(...all).toFixed(0)} ms, max ${Math.max(...all).toFixed(0)} ms; run medians ${Math.min(...medians).toFixed(0)}–${Math.max(...medians).toFixed(0)} ms`,
  );
  console.log(
    `  floor: the pause the editor waits for, ${DEBOUNCE_MS} ms; above it: making the PDF in the worker and drawing it, median ${(median(all) - DEBOUNCE_MS).toFixed(0)} ms`,
  );
}
