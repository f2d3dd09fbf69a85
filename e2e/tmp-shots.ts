import { startStack } from './support/stack';
import { launchBrowser, trackPageErrors } from './support/browser';

const stack = await startStack();
const browser = await launchBrowser();
try {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${stack.shellUrl}/templates`);
    for (const id of [1, 2, 3, 4]) {
      await page.goto(`${stack.shellUrl}/templates`);
      await page
        .getByRole('button', { name: 'Use Template' })
        .nth(id - 1)
        .click();
      await page.getByRole('form').waitFor();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shots/design-t${id}-${width}.png`, fullPage: false });
      if (width === 390) {
        await page.getByRole('tab', { name: 'Preview' }).click();
        await page.waitForTimeout(500);
        await page.screenshot({ path: `/tmp/shots/design-t${id}-${width}-preview.png`, fullPage: false });
        await page.getByRole('tab', { name: 'Edit' }).click();
      } else {
        const frame = page.locator('[data-testid="template-preview"] > div').last();
        await frame.screenshot({ path: `/tmp/shots/preview-t${id}-${width}.png` });
      }
    }
    await page.goto(`${stack.shellUrl}/design`);
    await page.getByRole('form').waitFor();
    await page.screenshot({ path: `/tmp/shots/design-form-full-${width}.png`, fullPage: true });
    await page.goto(`${stack.shellUrl}/portfo`);
    await page.getByRole('form').waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/portfo-${width}.png` });
    await page.goto(`${stack.shellUrl}/template1`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/template1-${width}.png`, fullPage: true });
    console.log(width, 'errors:', errors.slice(0, 5));
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}
