// The public pages arrive drawn: their HTML holds the screen as the build rendered it, so the first
// paint needs no JavaScript; the live screen then takes its place without a visible change. What the
// HTML holds, read without a browser, is tooling/test/prerender.test.mjs.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { sharedStack, type SharedStack } from '../support/stack';
import { closeContexts } from '../support/browser';

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
});

/** Keeps every layout shift of the page from its first paint, for `layoutShiftTotal`. */
function recordLayoutShifts(page: Page): Promise<void> {
  return page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShiftTotal = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));

test.describe('pages rendered ahead', () => {
  test('with JavaScript off, the page is there and laid out as the live one', async () => {
    /** The heading's size and the header's height, where they are drawn. */
    const measure = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ javaScriptEnabled });
      try {
        const page = await context.newPage();
        await page.goto(`${stack.shellUrl}/pricing`);
        const where = javaScriptEnabled ? '#root' : '#prerendered';
        const heading = page.locator(`${where} h1`, { hasText: 'Pricing Plans' });
        await expect(heading).toBeVisible();
        return {
          visible: await heading.isVisible(),
          fontSize: await heading.evaluate((el) => getComputedStyle(el).fontSize),
          headerHeight: await page
            .locator(`${where} header`)
            .first()
            .evaluate((el) => el.getBoundingClientRect().height),
        };
      } finally {
        await context.close();
      }
    };
    const [off, live] = [await measure(false), await measure(true)];
    assert.equal(off.visible, true, 'the heading shows with JavaScript off');
    assert.deepEqual(off, live);
  });

  test('with JavaScript off, links lead on and a form cannot send what was typed', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${stack.shellUrl}/`);
      const signIn = page.locator('#prerendered').getByRole('button', { name: 'Sign In' });
      assert.equal(await signIn.isDisabled(), true, 'the copy of the login form cannot be submitted');
      assert.equal(await page.locator('#prerendered').getByLabel('Email').isEditable(), false, 'nor filled in');
      await page.locator('#prerendered').getByRole('link', { name: 'Pricing', exact: true }).click();
      await page.waitForURL(`${stack.shellUrl}/pricing`);
      await expect(page.locator('#prerendered h1', { hasText: 'Pricing Plans' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('the live screen takes over in place: the copy is gone, nothing moved, the page works', async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    try {
      const page = await context.newPage();
      await recordLayoutShifts(page);
      await page.goto(`${stack.shellUrl}/home`);
      await expect(page.locator('#root').getByRole('heading', { name: 'Welcome to FolioForge' })).toBeVisible();
      await expect(page.locator('#prerendered')).toHaveCount(0);
      assert.equal(await page.locator('#root').getAttribute('hidden'), null);
      const shifted = await layoutShiftTotal(page);
      assert.ok(shifted < 0.01, `layout shift ${shifted}`);
      // The live header answers: its menu opens (only with JavaScript) and leads on.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Pricing', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Pricing Plans' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("the editor's copy is for a first visit only: a draft, a session or a request drops it", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // No script of the app runs: only the page's own inline script decides.
      await page.route('**/*.js', (route) => route.abort());
      const copyShown = async (address: string) => {
        await page.goto(`${stack.shellUrl}${address}`);
        const shown = (await page.locator('#prerendered').count()) === 1;
        assert.equal(
          await page.locator('#root').getAttribute('hidden'),
          shown ? '' : null,
          `${address}: the root waits only behind a copy`,
        );
        return shown;
      };
      assert.equal(await copyShown('/design'), true, 'a first visit sees the sample at once');
      assert.equal(await copyShown('/portfo'), true);
      assert.equal(await copyShown('/design?portfolio=6f1c1c51-0000-4000-8000-000000000000'), false, 'a portfolio asked for by address');
      // A template chosen on /templates travels in history.state; a reload keeps it there.
      await page.evaluate(() => history.replaceState({ usr: { selectedTemplate: { id: 3, details: {} } }, key: 'k', idx: 0 }, ''));
      await page.reload();
      assert.equal(await page.locator('#prerendered').count(), 0, 'a template chosen on /templates');
      await page.evaluate(() => localStorage.setItem('folioforge.editor.drafts.v2', '{"version":2,"last":null,"drafts":{}}'));
      assert.equal(await copyShown('/design'), false, "the device keeps the editor's work: it opens instead of the sample");
      assert.equal(await copyShown('/portfo'), false);
      assert.equal(await copyShown('/home'), true, 'a public page does not depend on the editor');
      await page.evaluate(() => {
        localStorage.clear();
        localStorage.setItem('sb-127-auth-token', '{}');
      });
      assert.equal(await copyShown('/design'), false, 'a stored session: the account opens, not the sample');
    } finally {
      await context.close();
    }
  });

  test('the editor takes over from its copy in place and takes typing at once', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await recordLayoutShifts(page);
      const sheetsFetched: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet' || /\.css$/.test(request.url())) sheetsFetched.push(new URL(request.url()).pathname);
      });
      await page.goto(`${stack.shellUrl}/design`);
      await page.locator('#prerendered').waitFor({ state: 'detached', timeout: 20_000 });
      // The styles came with the page: the live screen fetches and links none of them again (a
      // stylesheet arriving would restyle the whole page as its script starts).
      const inline = await page
        .locator('style[data-href]')
        .evaluateAll((styles) => styles.map((style) => style.getAttribute('data-href')!));
      assert.ok(
        inline.some((name) => name.includes('Design')),
        `the Design screen's sheet is inline: ${inline.join(', ')}`,
      );
      assert.deepEqual(
        sheetsFetched.filter((fetched) => inline.some((name) => fetched.endsWith(`/${name}`))),
        [],
        'no inline sheet is fetched',
      );
      const linked = await page
        .locator('link[rel="stylesheet"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      assert.deepEqual(
        linked.filter((href) => inline.some((name) => href.endsWith(`/${name}`))),
        [],
        'no inline sheet is linked',
      );
      const name = page.locator('#root').getByLabel('Name', { exact: true });
      await expect(name).toHaveAttribute('placeholder', 'Aarav Mehta');
      await name.fill('Zoë Fernandes 🎨');
      await page.getByRole('tab', { name: 'Preview' }).click();
      await expect(page.locator('#root').getByRole('heading', { name: 'Zoë Fernandes 🎨' }).first()).toBeVisible();
      const shifted = await layoutShiftTotal(page);
      assert.ok(shifted < 0.01, `layout shift ${shifted}`);
    } finally {
      await context.close();
    }
  });

  test('a visitor with a stored session never sees the signed-out copy', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // No script of the app runs: only the page's own inline script decides.
      await page.route('**/*.js', (route) => route.abort());
      await page.goto(`${stack.shellUrl}/home`);
      await expect(page.locator('#prerendered'), 'signed out: the copy shows').toHaveCount(1);
      assert.equal(await page.locator('#prerendered').evaluate((copy) => (copy as HTMLElement).inert), true, 'inert while it waits');
      await page.evaluate(() => localStorage.setItem('sb-127-auth-token', '{}'));
      await page.reload();
      await expect(page.locator('#prerendered'), 'signed in: the copy is dropped at once').toHaveCount(0);
      assert.equal(await page.locator('#root').getAttribute('hidden'), null);
    } finally {
      await context.close();
    }
  });
});
