// A builder, not a form (issue 21), in Chromium: a portfolio of sections and lists, edited with the
// mouse and the keyboard alone, published and exported with the same sections in the same order; a
// JSON Resume file imported; Use Template making no twins; and a phone's Edit / Preview switch.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { editorForm, publishInPanel } from '../support/screens';
import { sharedStack, type SharedStack } from '../support/stack';
import { createConfirmedUser, signedInContext } from '../support/accounts';
import { storedPortfolios, userClient, waitForStored } from '../support/portfolios';
import { grantTemplate } from '../support/sites';

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
});

type User = Awaited<ReturnType<typeof createConfirmedUser>>;

async function signedIn(user: User, viewport = { width: 1280, height: 900 }): Promise<Page> {
  return (await signedInContext(browser, stack, user, { acceptDownloads: true, viewport })).newPage();
}

const form = editorForm;
const preview = (page: Page) => page.getByTestId('template-preview');
const sectionCard = (page: Page, name: string) => form(page).getByRole('region', { name: new RegExp(`^${name}`) });
const savedStatus = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor({ timeout: 15_000 });

/** The sections the preview shows, in order, each with its text (whitespace made single). */
async function shownSections(page: Page, root = preview(page)) {
  return root.locator('[data-section-id]').evaluateAll((sections) =>
    sections.map((section) => ({
      id: section.getAttribute('data-section-id'),
      text: (section.textContent ?? '').replace(/\s+/g, ' ').trim(),
    })),
  );
}

/** The project titles the form holds, in order. */
async function projectTitles(page: Page) {
  return sectionCard(page, 'Projects')
    .getByLabel(/^Project \d+ Title$/)
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

/**
 * Grows the device draft the editor just made to 8 sections of 6 items each (copies of its own, with
 * ids and titles of their own), as a long portfolio would be. Returns the section titles, in order.
 */
async function lengthenDraft(page: Page): Promise<string[]> {
  const key = 'folioforge.editor.drafts.v2';
  await page.waitForFunction((draftsKey) => localStorage.getItem(draftsKey) !== null, key);
  return page.evaluate((key) => {
    const store = JSON.parse(localStorage.getItem(key)!) as {
      drafts: Record<string, { portfolio: { sections: { id: string; title: string; items: { id: string }[] }[] } }>;
    };
    const draft = Object.values(store.drafts)[0]!;
    const own = draft.portfolio.sections.filter((section) => section.items.length > 0);
    const sections = Array.from({ length: 8 }, (_, n) => {
      const from = own[n % own.length]!;
      const items = Array.from({ length: 6 }, (_, m) => ({ ...from.items[m % from.items.length]!, id: `long-${n}-${m}` }));
      return { ...from, id: `long-${n}`, title: `${from.title} ${n + 1}`, items };
    });
    draft.portfolio.sections = sections;
    localStorage.setItem(key, JSON.stringify(store));
    return sections.map((section) => section.title);
  }, key);
}

/** How far below the top of its scrolling box (the preview's frame, or the page) an element rests once scrolling stops. */
async function settledGap(element: ReturnType<Page['locator']>): Promise<number> {
  return element.evaluate(
    (node) =>
      new Promise<number>((resolve) => {
        let box: Element | null = node.parentElement;
        while (box && box !== document.body && !(getComputedStyle(box).overflowY === 'auto' && box.scrollHeight > box.clientHeight))
          box = box.parentElement;
        const viewTop = () => (box && box !== document.body ? box.getBoundingClientRect().top + box.clientTop : 0);
        let last = NaN;
        const check = () => {
          const gap = Math.round(node.getBoundingClientRect().top - viewTop());
          if (gap === last) resolve(gap);
          else {
            last = gap;
            setTimeout(check, 300);
          }
        };
        check();
      }),
  );
}

async function useTemplate(page: Page, index: number, clicks = 1) {
  await page.goto(`${stack.shellUrl}/templates`);
  const button = page.getByRole('button', { name: 'Use Template' }).nth(index);
  await button.waitFor({ timeout: 15_000 });
  await button.click({ clickCount: clicks });
  await page.waitForURL(/\/design\?portfolio=/, { timeout: 15_000 });
  await expect(form(page)).toBeVisible();
}

test.describe('a portfolio of sections', () => {
  // What the editor's screen does on its own (the account's name and prompts, Use Template continuing,
  // a template switch keeping every text, hide and add, a reload) is Design*.test.tsx's; buying is
  // commerce.test.ts's. Here what needs the browser: the keyboard move, and the page and the zip agreeing.
  test('template 1: more projects, one moved to the top with the keyboard alone, Education hidden, Skills added; the page and the zip show the same sections in the same order', async () => {
    const user = await createConfirmedUser(stack, 'Asha Verma');
    // Template 1 bought already, so it can be published.
    await grantTemplate(stack, (await userClient(stack, user)).userId, 1, 100);
    const page = await signedIn(user);
    const errors = trackPageErrors(page);

    // Use Template with a double click: still one portfolio.
    await useTemplate(page, 0, 2);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the editor opens at its top');
    await savedStatus(page);
    assert.equal((await storedPortfolios(stack, user)).length, 1, 'Use Template twice: still one portfolio');

    // Two more projects.
    const projects = sectionCard(page, 'Projects');
    await form(page).getByLabel('Project 1 Title').fill('Lantern');
    await form(page).getByLabel('Project 2 Title').fill('Compass');
    for (const title of ['Third Bridge', 'Fourth Harbour']) {
      await projects.getByRole('button', { name: 'Add project' }).click();
      await page.keyboard.type(title);
    }
    assert.deepEqual(await projectTitles(page), ['Lantern', 'Compass', 'Third Bridge', 'Fourth Harbour']);

    // The fourth to the top, keyboard only: its handle, Space, three times up, Space.
    await projects.getByRole('button', { name: 'Reorder Project 4' }).focus();
    // As a person presses them, listening to what the screen reader says after each key.
    const said = (text: RegExp) => page.getByText(text).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await said(/Picked up Project 4|Project 4 is at position 4 of 4/);
    for (const position of [3, 2, 1]) {
      await page.keyboard.press('ArrowUp');
      await said(new RegExp(`Project 4 is at position ${position} of 4`));
    }
    await page.keyboard.press('Space');
    await said(/Dropped Project 4 at position 1 of 4/);
    await expect.poll(() => projectTitles(page)).toEqual(['Fourth Harbour', 'Lantern', 'Compass', 'Third Bridge']);
    const previewProjects = await preview(page).locator('[data-section-id] h3').allTextContents();
    assert.deepEqual(previewProjects.slice(0, 4), ['Fourth Harbour', 'Lantern', 'Compass', 'Third Bridge']);

    // Hide Education; add a Skills section with a skill.
    await sectionCard(page, 'Education').getByRole('button', { name: 'Hide Education' }).click();
    await form(page).getByLabel('New section').selectOption({ label: 'Skills' });
    await form(page).getByRole('button', { name: 'Add section' }).click();
    await sectionCard(page, 'Skills').getByLabel('Skill 1 Name').fill('Cartography');
    await expect(preview(page).getByText('Cartography')).toBeVisible();
    const shown = await shownSections(page);
    assert.equal(shown.length, 2, 'Education is hidden');
    assert.match(shown[0]!.text, /^Projects/);
    assert.match(shown[1]!.text, /^Skills.*Cartography/, 'Skills is last');

    const [stored] = await waitForStored(stack, user, (rows) => rows[0]?.data.sections.length === 3);
    assert.deepEqual(
      stored!.data.sections.map((section) => [section.kind, section.hidden]),
      [
        ['projects', false],
        ['education', true],
        ['skills', false],
      ],
    );

    // Published: the same sections in the same order; the zip too, and its portfolio.json.
    const region = page.getByRole('region', { name: 'Publish' });
    const slug = await region.getByLabel('Page address').inputValue();
    assert.match(slug, /^asha-verma/, 'an address from the name, checked free');
    await expect(region.getByText('This address is free.')).toBeVisible();
    await publishInPanel(region);
    await region.getByRole('status').getByText('Your page is published.').waitFor({ timeout: 30_000 });
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${stack.shellUrl}/p/${slug}`);
    assert.deepEqual(await shownSections(visitor, visitor.locator('body')), shown);
    await visitor.context().close();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      region.getByRole('button', { name: 'Download site (.zip)' }).click(),
    ]);
    const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-sections-'));
    fs.writeFileSync(path.join(dir, 'index.html'), files['index.html']!);
    const local = await (await browser.newContext()).newPage();
    await local.goto(`file://${path.join(dir, 'index.html')}`);
    assert.deepEqual(await shownSections(local, local.locator('body')), shown);
    await local.context().close();
    fs.rmSync(dir, { recursive: true, force: true });
    const json = JSON.parse(new TextDecoder().decode(files['portfolio.json']!)) as {
      projects: { name: string }[];
      skills: { name: string }[];
      meta: { folioforge: { sections: { kind: string }[] } };
    };
    assert.deepEqual(
      json.meta.folioforge.sections.map((section) => section.kind),
      ['projects', 'skills'],
    );
    assert.deepEqual(
      json.projects.slice(0, 4).map((project) => project.name),
      ['Fourth Harbour', 'Lantern', 'Compass', 'Third Bridge'],
    );
    assert.deepEqual(json.skills, [{ name: 'Cartography' }]);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test('a JSON Resume file becomes a new portfolio with its work and education; a bad file is refused and nothing is made', async () => {
    const user = await createConfirmedUser(stack, 'Resume Importer');
    const page = await signedIn(user);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-import-'));
    fs.writeFileSync(path.join(dir, 'broken.json'), '{"basics": {"name": 42}');
    fs.writeFileSync(
      path.join(dir, 'resume.json'),
      JSON.stringify({
        basics: { name: 'Richard Hendricks', label: 'Programmer', email: 'richard@example.com' },
        work: [{ name: 'Pied Piper', position: 'CEO', startDate: '2013-12-01', summary: 'Compression.' }],
        education: [{ institution: 'Stanford University', area: 'Computer Science', studyType: 'Bachelor' }],
      }),
    );
    await page.goto(`${stack.shellUrl}/portfolios`);
    const picker = page.getByLabel('Import a JSON Resume file (resume.json) as a new portfolio');
    await picker.setInputFiles(path.join(dir, 'broken.json'));
    await page
      .getByRole('alert')
      .filter({ hasText: /not valid JSON/ })
      .waitFor();
    assert.deepEqual(
      (await storedPortfolios(stack, user)).map((row) => row.title),
      [],
      'nothing is made of a bad file',
    );

    await picker.setInputFiles(path.join(dir, 'resume.json'));
    await page.waitForURL(/\/design\?portfolio=/, { timeout: 15_000 });
    await expect(preview(page).getByText('Pied Piper').first()).toBeVisible();
    await expect(preview(page).getByText('Stanford University')).toBeVisible();
    await expect(form(page).getByLabel('Name', { exact: true })).toHaveValue('Richard Hendricks');
    assert.equal((await storedPortfolios(stack, user)).length, 1);
    fs.rmSync(dir, { recursive: true, force: true });
    await page.context().close();
  });

  test('with the mouse, an item dragged past the edge of its section stays in sight and lands where dropped', async () => {
    // Tall enough that the item and the space above its section are on screen together, away from
    // the edges where dragging scrolls the page.
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 1600 } })).newPage();
    await page.goto(`${stack.shellUrl}/templates`);
    await page.getByRole('button', { name: 'Use Template' }).first().click();
    await expect(form(page)).toBeVisible();
    const projects = sectionCard(page, 'Projects');
    await form(page).getByLabel('Project 1 Title').fill('Lantern');
    await form(page).getByLabel('Project 2 Title').fill('Compass');
    const card = projects.locator('xpath=..');
    await page.evaluate((top) => window.scrollBy(0, top - 400), (await card.boundingBox())!.y);
    const handle = projects.getByRole('button', { name: 'Reorder Project 2' });
    const from = (await handle.boundingBox())!;
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    const cardTop = (await card.boundingBox())!.y;
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(start.x, start.y + (cardTop - 60 - start.y) * (step / 10));
    // Past the top of its section's card, the dragged item is what is drawn (and hit) at its handle.
    await expect
      .poll(async () => {
        const box = (await handle.boundingBox())!;
        const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        if (at.y > (await card.boundingBox())!.y) return 'still inside the card';
        return page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label') ?? 'nothing', at);
      })
      .toBe('Reorder Project 2');
    await page.mouse.up();
    await expect.poll(() => projectTitles(page)).toEqual(['Compass', 'Lantern']);
    await page.context().close();
  });

  test('signed in on a 390 px phone, /design with its Publish panel is no wider than the screen', async () => {
    const page = await signedIn(await createConfirmedUser(stack, 'Narrow Screen'));
    await page.goto(`${stack.shellUrl}/templates`);
    await page.getByRole('button', { name: 'Use Template' }).first().click();
    await page.setViewportSize({ width: 390, height: 844 });
    const publish = page.getByRole('region', { name: 'Publish' });
    await publish.getByLabel('Page address').scrollIntoViewIfNeeded({ timeout: 30_000 });
    await expect(publish.getByText('This address is free.')).toBeVisible();
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'nothing sticks out sideways');
    const box = (await publish.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 390, 'the Publish panel fits the screen');
    await page.context().close();
  });

  for (const input of ['mouse', 'touch'] as const) {
    test(`a section dragged by its handle onto a taller one above it (${input}${input === 'touch' ? ', 390 px' : ''}) lands there`, async () => {
      const touch = input === 'touch';
      const context = await browser.newContext({
        // Tall enough that both handles are on screen at once, with no scrolling while dragging: the
        // Projects card holds its projects.
        viewport: touch ? { width: 390, height: 3200 } : { width: 1280, height: 2000 },
        hasTouch: touch,
        isMobile: touch,
      });
      const page = await context.newPage();
      await page.goto(`${stack.shellUrl}/templates`);
      await page.getByRole('button', { name: 'Use Template' }).first().click();
      await expect(form(page)).toBeVisible();
      const sectionOrder = () =>
        form(page)
          .getByRole('button', { name: /^Reorder (Projects|Education)$/ })
          .evaluateAll((handles) => handles.map((handle) => handle.getAttribute('aria-label')));
      assert.deepEqual(await sectionOrder(), ['Reorder Projects', 'Reorder Education']);
      const target = form(page).getByRole('button', { name: 'Reorder Projects', exact: true });
      await page.evaluate((top) => window.scrollBy(0, top - 100), (await target.boundingBox())!.y);
      const from = (await form(page).getByRole('button', { name: 'Reorder Education', exact: true }).boundingBox())!;
      const to = (await target.boundingBox())!;
      const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
      const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
      if (touch) {
        // Real touch input, as a phone's screen sends it (Playwright's touchscreen only taps).
        const cdp = await context.newCDPSession(page);
        const at = (y: number) => [{ x: Math.round(start.x), y: Math.round(y) }];
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(start.y) });
        for (let step = 1; step <= 20; step += 1)
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(start.y + (end.y - start.y) * (step / 20)) });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      } else {
        await page.mouse.move(start.x, start.y);
        await page.mouse.down();
        await page.mouse.move(end.x, end.y, { steps: 20 });
        await page.mouse.up();
      }
      await expect.poll(sectionOrder).toEqual(['Reorder Education', 'Reorder Projects']);
      await expect
        .poll(async () => (await shownSections(page)).map((section) => section.text.slice(0, 40)).join(' | '))
        .toMatch(/Education.*Projects/i);
      await context.close();
    });
  }

  test('on a 390 px phone, Preview and back to Edit keeps the caret in its field; the preview follows the edits', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${stack.shellUrl}/templates`);
    await page.getByRole('button', { name: 'Use Template' }).first().click();
    await expect(form(page)).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Edit or preview' });
    assert.equal(await tabs.isVisible(), true);
    assert.equal(await preview(page).isVisible(), false, 'one at a time on a phone');
    const address = form(page).getByLabel('Address', { exact: true });
    await address.fill('Lake Road, Kolkata');
    await address.press('ArrowLeft');
    await tabs.getByRole('tab', { name: 'Preview' }).click();
    await expect(preview(page).getByText('Lake Road, Kolkata')).toBeVisible();
    assert.equal(await form(page).isVisible(), false);
    await tabs.getByRole('tab', { name: 'Edit' }).click();
    assert.equal(await address.evaluate((input) => input === document.activeElement), true, 'the caret is back in Address');
    await page.keyboard.type('!');
    await expect(address, 'where it was').toHaveValue('Lake Road, Kolkat!a');
    // Far down the form the switch stays in reach, just below the site's own sticky header.
    await form(page).getByLabel('Project 2 Title').scrollIntoViewIfNeeded();
    await expect
      .poll(async () => {
        const header = await page.locator('header').first().boundingBox();
        const switchBox = await tabs.boundingBox();
        return header && switchBox ? Math.round(switchBox.y - (header.y + header.height)) : NaN;
      })
      .toBe(0);
    await context.close();
  });
  test("in a long preview, the part being edited and the template's menu links land at their place, at 1280 and 390 px", async () => {
    // The editor's preview skips drawing sections out of sight, so a scroll aims at guessed heights;
    // each scroll is placed again where it ends. Eight sections of six items, as a real portfolio grows.
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${stack.shellUrl}/templates`);
    await page.getByRole('button', { name: 'Use Template' }).first().click();
    await expect(form(page)).toBeVisible();
    const titles = await lengthenDraft(page);
    await page.reload();
    await expect(form(page)).toBeVisible();
    const farSection = preview(page).locator('[data-section-id="long-6"]');
    await expect(farSection).toContainText(titles[6]!);
    assert.equal(
      await farSection.evaluate((section) => section.firstElementChild!.checkVisibility({ contentVisibilityAuto: true })),
      false,
      'far sections are not drawn',
    );

    // The form moves to the 7th section's third item: the preview's frame brings it to its top, below the header.
    await form(page).locator('[data-focus="item-toggle:long-6:long-6-2"]').click();
    await expect.poll(() => settledGap(farSection.locator('[data-item-id]').nth(2)), { timeout: 10_000 }).toBe(80);

    // The template's full menu (the Desktop preview draws the page at a desktop's width, scaled to the
    // frame): each link brings its section right under the page's header, scaled as the page is. (The
    // last sections cannot reach the top of a scaled page: the frame scrolls no further than its end.)
    const zoom = await preview(page)
      .locator('[data-preview-root]')
      .evaluate((node) => node.currentCSSZoom);
    assert.ok(zoom < 1, `the desktop page is scaled to its frame (${zoom})`);
    await expect(preview(page).getByRole('link', { name: 'Open menu' })).toBeHidden();
    for (const index of [5, 2, 0]) {
      await preview(page).getByRole('link', { name: titles[index], exact: true }).click();
      const gap = () => settledGap(preview(page).locator(`[data-section-id="long-${index}"]`));
      await expect.poll(async () => Math.abs((await gap()) - 72 * zoom), { timeout: 10_000 }).toBeLessThanOrEqual(1);
    }

    // On a phone the page scrolls, not a frame.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tablist', { name: 'Edit or preview' }).getByRole('tab', { name: 'Preview' }).click();
    for (const index of [6, 1]) {
      await preview(page).getByRole('link', { name: 'Open menu' }).click();
      await preview(page).getByRole('link', { name: titles[index], exact: true }).click();
      await expect.poll(() => settledGap(preview(page).locator(`[data-section-id="long-${index}"]`)), { timeout: 10_000 }).toBe(72);
    }
    await page.context().close();
  });
});
