// Key press in a /design field → the preview showing the new character, timed inside the page:
// from the keydown event to the animation frame after the preview's text changed.
import type { Browser } from 'playwright-core';
import type { Stack } from '../support/stack';
import { median, percentile } from './firstLoad';

export async function measureEditorLatency(browser: Browser, stack: Stack, samples = 200) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${stack.shellUrl}/templates`);
  await page.getByRole('button', { name: /use template/i }).first().click();
  const field = page.getByLabel('Name', { exact: true }).first();
  await field.waitFor();
  await field.fill('');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.evaluate(() => {
    const w = window as unknown as { __latencies: number[]; __pending: number | null };
    w.__latencies = [];
    w.__pending = null;
    const preview = document.querySelector('[aria-label="Template Preview"], [data-testid="template-preview"]') ?? document.body;
    document.addEventListener('keydown', (event) => { if (event.key.length === 1) w.__pending = event.timeStamp; }, true);
    new MutationObserver(() => {
      const started = w.__pending;
      if (started === null) return;
      w.__pending = null;
      requestAnimationFrame(() => w.__latencies.push(performance.now() - started));
    }).observe(preview, { subtree: true, characterData: true, childList: true });
  });
  await field.focus();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let i = 0; i < samples; i += 1) {
    await page.keyboard.press(letters[i % letters.length]!);
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(200);
  const latencies = await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  return { samples: latencies.length, medianMs: median(latencies), p95Ms: percentile(latencies, 95) };
}
