import type { Locator, Page } from 'playwright-core';

/**
 * Opens the editor at `designPath` and sizes the window until its preview is drawn `width` px wide, so a
 * screenshot of it compares pixel for pixel with the published page at that width. `ready` waits for what
 * the caller needs in the shown preview before the preview is measured. Without `designUrl` the editor
 * already open in `page` is resized instead of loaded again.
 */
export async function previewDrawnAt(
  page: Page,
  designUrl: string | undefined,
  width: number,
  ready?: (page: Page) => Promise<void>,
): Promise<{ root: Locator; drawn: number }> {
  // Tall enough that the preview's frame shows all of the compared part.
  await page.setViewportSize({ width: width === 390 ? 450 : width + 700, height: 2000 });
  if (designUrl) await page.goto(designUrl);
  const root = page.locator('[data-preview-root]');
  await root.waitFor({ state: 'attached' });
  if (width === 390) {
    const previewTab = page.getByRole('tab', { name: 'Preview' });
    if (await previewTab.isVisible()) await previewTab.click();
  } else await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: 'Desktop' }).click();
  await ready?.(page);
  // A width is read once layout has settled: the preview scales to fit, and a scrollbar may come or go.
  const settledWidth = async () => {
    let last = -1;
    for (;;) {
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const drawn = Math.round((await root.boundingBox())!.width);
      if (drawn === last) return drawn;
      last = drawn;
    }
  };
  // The preview takes a share of the window: widen the window by the gap over that share (measured).
  let share = 1;
  let last: { window: number; drawn: number } | undefined;
  for (let attempt = 0; attempt < 12; attempt++) {
    const drawn = await settledWidth();
    if (drawn === width) break;
    const viewport = page.viewportSize()!;
    if (last && drawn !== last.drawn && viewport.width !== last.window) {
      const measured = (drawn - last.drawn) / (viewport.width - last.window);
      if (measured > 0.1) share = measured;
    }
    last = { window: viewport.width, drawn };
    await page.setViewportSize({ width: viewport.width + Math.round((width - drawn) / share), height: viewport.height });
  }
  await page.evaluate(() => document.fonts.ready);
  return { root, drawn: await settledWidth() };
}
