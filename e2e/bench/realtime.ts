// Issue 51: from a save in one browser to another browser of the same user showing it (Supabase
// Realtime through local-cloud), timed in the pages themselves: the save's response end (resource
// timing) in the one, the first frame whose field holds the saved text in the other, both on the
// epoch clock (timeOrigin + now) the two pages share on this machine.
import type { Browser, Page } from 'playwright-core';
import { createConfirmedUser, logInThroughUi } from '../support/accounts';
import type { Stack } from '../support/stack';

async function openEditor(
  browser: Browser,
  stack: Stack,
  user: Awaited<ReturnType<typeof createConfirmedUser>>,
  path: string,
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInThroughUi(page, stack, user);
  await page.goto(`${stack.shellUrl}${path}`);
  await page.waitForURL(/\/design\?portfolio=/);
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved$/ })
    .waitFor();
  return page;
}

/** `samples` saves in one browser, each timed until the other shows it (ms). */
export async function measureSaveToOtherTab(browser: Browser, stack: Stack, samples = 10): Promise<number[]> {
  const user = await createConfirmedUser(stack, 'Bench Live');
  const laptop = await openEditor(browser, stack, user, '/design');
  const id = new URL(laptop.url()).searchParams.get('portfolio')!;
  const phone = await openEditor(browser, stack, user, `/design?portfolio=${id}`);
  // Both have joined once each sees the other through presence.
  await laptop.getByText('Also open in another tab or on another device').waitFor();
  await phone.getByText('Also open in another tab or on another device').waitFor();
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const value = `Live ${i} ${Date.now()}`;
    // Any input, found anew each frame (loading a version draws the fields again). As source text: tsx names a function declared inside with a helper the page does not have.
    await phone.evaluate(`{
      window.__seenAt = null;
      const expected = ${JSON.stringify(value)};
      const tick = () => {
        if ([...document.querySelectorAll('input')].some((input) => input.value === expected)) window.__seenAt = performance.timeOrigin + performance.now();
        else requestAnimationFrame(tick);
      };
      tick();
    }`);
    const saved = laptop.waitForResponse((response) => response.url().includes('/rest/v1/rpc/save_portfolio'));
    await laptop.getByLabel('Name', { exact: true }).fill(value);
    await saved;
    await phone.waitForFunction(() => (window as unknown as { __seenAt: number | null }).__seenAt !== null, undefined, { timeout: 10_000 });
    const savedAt = await laptop.evaluate(() => {
      const entry = performance
        .getEntriesByType('resource')
        .filter((candidate) => candidate.name.includes('/rest/v1/rpc/save_portfolio'))
        .at(-1) as PerformanceResourceTiming;
      return performance.timeOrigin + entry.responseEnd;
    });
    const seenAt = await phone.evaluate(() => (window as unknown as { __seenAt: number }).__seenAt);
    times.push(seenAt - savedAt);
  }
  await laptop.context().close();
  await phone.context().close();
  return times;
}
