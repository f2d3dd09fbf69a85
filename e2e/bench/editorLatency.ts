// Key press in a /design field → the preview showing the new character, timed inside the page from
// the keydown event: to the preview's DOM holding the character (the app's own work), and to the
// animation frame after it (what the visitor sees, which also waits for the browser's next frame).
// The same measure on a bare page (an input copied into a div by one line of script) gives the floor
// this browser and machine set at the same slowdown.
import type { Browser, Locator, Page } from 'playwright-core';
import type { Stack } from '../support/stack';
import { median, percentile } from './firstLoad';

const CPU_SLOWDOWN = 4;

export interface LatencyResult {
  samples: number;
  medianMs: number;
  p95Ms: number;
  domMedianMs: number;
  domP95Ms: number;
}

/** Types `samples` letters into `field` under CPU slowdown and times each until `previewSelector` shows it. */
async function timeKeyPresses(page: Page, field: Locator, previewSelector: string, samples: number): Promise<LatencyResult> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.evaluate((selector) => {
    const w = window as unknown as { __latencies: number[]; __domLatencies: number[]; __pending: number | null };
    w.__latencies = [];
    w.__domLatencies = [];
    w.__pending = null;
    document.addEventListener('keydown', (event) => { if (event.key.length === 1) w.__pending = event.timeStamp; }, true);
    new MutationObserver(() => {
      const started = w.__pending;
      if (started === null) return;
      w.__pending = null;
      w.__domLatencies.push(performance.now() - started);
      requestAnimationFrame(() => w.__latencies.push(performance.now() - started));
    }).observe(document.querySelector(selector)!, { subtree: true, characterData: true, childList: true });
  }, previewSelector);
  await field.focus();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let i = 0; i < samples; i += 1) {
    await page.keyboard.press(letters[i % letters.length]!);
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(200);
  const { latencies, domLatencies } = await page.evaluate(() => {
    const w = window as unknown as { __latencies: number[]; __domLatencies: number[] };
    return { latencies: w.__latencies, domLatencies: w.__domLatencies };
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return {
    samples: latencies.length,
    medianMs: median(latencies),
    p95Ms: percentile(latencies, 95),
    domMedianMs: median(domLatencies),
    domP95Ms: percentile(domLatencies, 95),
  };
}

export async function measureEditorLatency(browser: Browser, stack: Stack, samples = 200): Promise<LatencyResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${stack.shellUrl}/templates`);
  await page.getByRole('button', { name: /use template/i }).first().click();
  const field = page.getByLabel('Name', { exact: true }).first();
  await field.waitFor();
  await field.fill('');
  const result = await timeKeyPresses(page, field, '[data-testid="template-preview"]', samples);
  await context.close();
  return result;
}

export async function measureBarePageLatency(browser: Browser, samples = 200): Promise<LatencyResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent('<input id="field" aria-label="Name"><div id="preview"><span id="copy"></span></div><script>field.oninput = () => { copy.textContent = field.value; };</script>');
  const result = await timeKeyPresses(page, page.locator('#field'), '#preview', samples);
  await context.close();
  return result;
}
