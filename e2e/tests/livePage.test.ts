// The live page is the preview: published pages in Chromium with JavaScript off — the phone menus
// open and lead to their sections, template 3's theme toggles (and follows the system's), template
// 4 shows its product picture from the page's own files, template 2's question form reaches the
// owner on /account — and, for every template with the same content, screenshots of the editor's
// preview and of the live page at 390 and 1280 px compared with pixelmatch, plus axe's contrast
// rule on each live page.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { createClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { closeContexts } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';
import { createConfirmedUser, signedInContext } from '../support/accounts';
import { previewDrawnAt } from '../support/preview';
import { userClient } from '../support/portfolios';
import { loadKeys } from '../../local-cloud/src/keys';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The largest share of pixels the preview and the live page may differ by (anti-aliasing, sub-pixel text). */
const MAX_DIFFERENT_SHARE = 0.01;
/** How much of each page is compared: the first screenful and a half, where layout differences show. */
const COMPARED_HEIGHT = 1200;

let stack: SharedStack;
let browser: Browser;
let owner: Awaited<ReturnType<typeof createConfirmedUser>>;
const published = new Map<string, { id: string; slug: string }>();

/** One content for every template: a profile with a portrait, projects, a product, a contact section. */
const CONTENT = {
  schemaVersion: 2,
  profile: {
    name: 'Meera Iyer',
    headline: 'Product designer in Bengaluru',
    about: '<p>I design calm, useful software for small teams.</p>',
    email: 'meera@example.com',
    phone: '+91 98765 43210',
    address: 'Bengaluru, India',
    website: '',
    photo: 'sample:portraitMeera',
    // Still the sample: the preview links it and the page the résumé made at publish, one button alike. With
    // none at all the page offers the made one and the preview nothing, until the editor makes it too.
    resume: 'sample:resume',
  },
  socials: [{ id: 'github', network: 'GitHub', url: 'https://github.com/meera-sample' }],
  sections: [
    {
      id: 'products',
      kind: 'products',
      title: 'Shop',
      hidden: false,
      body: '',
      items: [
        {
          id: 'mug',
          name: 'Monsoon Mug',
          price: '₹1,200',
          description: 'A stoneware mug glazed in deep sea green.',
          image: 'sample:productMug',
          url: 'https://shop.example.com/mug',
        },
      ],
    },
    {
      id: 'projects',
      kind: 'projects',
      title: 'Projects',
      hidden: false,
      body: '',
      items: [
        { id: 'p1', name: 'Fourth Harbour', description: 'A ferry timetable people can read.', url: 'https://example.com/fh', image: '' },
        { id: 'p2', name: 'Cartography', description: 'Maps for village councils.', url: 'https://example.com/carto', image: '' },
      ],
    },
    {
      id: 'story',
      kind: 'text',
      title: 'About the studio',
      hidden: false,
      body: '<p>Small, careful work since 2016.</p>',
      items: [],
    },
    {
      id: 'contact',
      kind: 'contact',
      title: 'Have Question In Mind? Let Us Help You',
      hidden: false,
      body: '',
      items: [{ id: 'mail', label: 'Write to us', url: 'mailto:meera@example.com' }],
    },
  ],
};

async function serviceClient() {
  const keys = await loadKeys(stack.dataDir);
  return createClient(stack.cloudUrl, keys.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: class {} as never },
  });
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
  owner = await createConfirmedUser(stack, 'Meera Owner');
  const { client, userId } = await userClient(stack, owner);
  // A plan publishes every template (recorded as the payment function records a paid plan).
  const { error } = await (await serviceClient()).from('purchases').insert({
    user_id: userId,
    item_type: 'plan',
    item_id: 'premium',
    amount: 100,
    order_id: `order_live_${Date.now()}`,
    status: 'paid',
    paid_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  assert.equal(error, null);
  for (const templateId of ['1', '2', '3', '4']) {
    const { data, error: insertError } = await client
      .from('portfolios')
      .insert({ template_id: templateId, title: `Template ${templateId}`, data: CONTENT })
      .select('id')
      .single();
    assert.equal(insertError, null);
    const slug = `live-${templateId}-${Date.now().toString(36)}`;
    const answer = await client.functions.invoke('publish', { body: { action: 'publish', portfolioId: data!.id, slug } });
    if (answer.error) throw new Error(`publish answered: ${await (answer.error as { context: Response }).context.text()}`);
    published.set(templateId, { id: data!.id as string, slug });
  }
});

test.afterAll(async () => {
  await closeContexts(browser);
});

const liveUrl = (templateId: string) => `${stack.shellUrl}/p/${published.get(templateId)!.slug}`;

/** A visitor's page at a width, scripts off unless asked. */
async function visitor(width: number, { javaScriptEnabled = false, colorScheme = 'light' as 'light' | 'dark' } = {}) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 844 }, colorScheme });
  return context.newPage();
}

/** Waits for a condition (scripts are off: no waitForFunction), failing after 10 s. */
async function until(what: string, check: () => Promise<boolean>) {
  await expect.poll(check, { message: `never: ${what}`, timeout: 10_000 }).toBe(true);
}

const inView = async (page: Page, id: string) => {
  const box = await page.locator(`[id="${id}"]`).boundingBox();
  return box !== null && box.y >= -1 && box.y < 300;
};

test.describe('with JavaScript off', () => {
  for (const templateId of ['1', '2']) {
    test(`template ${templateId}: the phone menu opens, and its links lead to their sections and close it`, async () => {
      const page = await visitor(390);
      await page.goto(liveUrl(templateId));
      const open = page.getByRole('link', { name: 'Open menu' });
      await expect(open).toBeVisible();
      const menuId = (await open.getAttribute('href'))!.slice(1);
      const menu = page.locator(`[id="${menuId}"]`);
      // The panel itself may be a frame of fixed parts: its Close link shows whether it is open.
      const shown = () => menu.getByRole('link', { name: 'Close menu' }).isVisible();
      assert.equal(await shown(), false, 'closed at first');
      await open.click();
      assert.equal(await shown(), true, 'opened by its link');
      const link = menu.getByRole('link', { name: 'Projects' });
      const target = (await link.getAttribute('href'))!.slice(1);
      await link.click();
      await until('the address names the section', async () => page.url().endsWith(`#${target}`));
      assert.ok(await inView(page, target), 'the section is at the top of the screen');
      assert.equal(await shown(), false, 'the menu closed');
      // Keyboard: the menu link, then Enter, then Tab reaches the menu's first control.
      await open.focus();
      await page.keyboard.press('Enter');
      assert.equal(await shown(), true);
      await menu.getByRole('link', { name: 'Close menu' }).click();
      assert.equal(await shown(), false, 'and closes by its Close link');
      await page.context().close();
    });
  }

  test("template 3's theme toggles, and starts in the visitor's own scheme", async () => {
    const background = (page: Page) =>
      page.evaluate(() => getComputedStyle(document.querySelector('main')!.parentElement!).backgroundColor);
    const light = await visitor(1280);
    await light.goto(liveUrl('3'));
    await until('the page is rgb(248, 249, 252)', async () => (await background(light)) === 'rgb(248, 249, 252)');
    const toggle = light.getByRole('checkbox', { name: 'Dark mode' });
    await toggle.check();
    await until('the page is rgb(18, 18, 28)', async () => (await background(light)) === 'rgb(18, 18, 28)');
    // Checked, it is named for what unchecking does.
    const checked = light.getByRole('checkbox', { name: 'Light mode' });
    await checked.focus();
    await light.keyboard.press('Space');
    await until('the page is rgb(248, 249, 252)', async () => (await background(light)) === 'rgb(248, 249, 252)');
    await light.context().close();

    const dark = await visitor(390, { colorScheme: 'dark' });
    await dark.goto(liveUrl('3'));
    await until('the page is rgb(18, 18, 28)', async () => (await background(dark)) === 'rgb(18, 18, 28)');
    await dark.getByRole('checkbox', { name: 'Light mode' }).check();
    await until('the page is rgb(248, 249, 252)', async () => (await background(dark)) === 'rgb(248, 249, 252)');
    await dark.context().close();
  });

  test("template 4's published page shows its product picture, a file of the page", async () => {
    const page = await visitor(390);
    await page.goto(liveUrl('4'));
    const picture = page.getByRole('img', { name: 'Monsoon Mug, product photo' }).first();
    assert.match((await picture.getAttribute('src')) ?? '', /\/files\/sample-product-mug\.svg$/);
    await until('the product picture is drawn', () => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
    // The portrait of template 3 too, and the page's icon, share card, robots.txt and sitemap.
    await page.goto(liveUrl('3'));
    const portrait = page.getByRole('img', { name: 'Photo of Meera Iyer' }).first();
    assert.match((await portrait.getAttribute('src')) ?? '', /\/files\/sample-portrait-meera\.svg$/);
    await until('the portrait is drawn', () => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
    const og = await page.locator('meta[property="og:image"]').getAttribute('content');
    assert.match(og ?? '', /^http:\/\/localhost:\d+\/p\/live-3-[a-z0-9]+\/files\/share-card-[0-9a-f]+\.png$/);
    const card = await fetch(og!.replace(/^http:\/\/localhost:\d+/, stack.shellUrl));
    assert.equal(card.status, 200);
    assert.equal(card.headers.get('content-type'), 'image/png');
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    assert.equal((await fetch(`${stack.shellUrl}${icon}`)).headers.get('content-type'), 'image/svg+xml');
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    assert.match(await (await fetch(`${stack.shellUrl}/robots.txt`)).text(), /Sitemap: .*\/p\/sitemap\.xml/);
    // Read from the page itself too, as Lighthouse's SEO audit reads it: the page's policy allows it.
    const fromPage = await page.evaluate(() => fetch('/robots.txt').then((response) => response.text()));
    assert.match(fromPage, /Sitemap: .*\/p\/sitemap\.xml/);
    assert.match(await (await fetch(`${stack.shellUrl}/p/sitemap.xml`)).text(), new RegExp(`/p/${published.get('3')!.slug}/</loc>`));
    await page.context().close();
  });

  test("template 2's question form delivers the visitor's message, which the owner reads on /account", async () => {
    const page = await visitor(390);
    await page.goto(liveUrl('2'));
    const form = page.getByRole('form', { name: 'Have Question In Mind?' });
    await form.getByLabel('Your name').fill('Asha Visitor');
    await form.getByLabel('Your email').fill('asha@example.com');
    const words = `Do you ship mugs to Pune? ${Date.now()}`;
    await form.getByLabel('Message').fill(words);
    await form.getByRole('button', { name: 'Submit' }).click();
    await until('the page says the message was sent', async () => page.url().endsWith('#message-sent'));
    assert.equal(await page.getByText('Thank you: your message was sent.').isVisible(), true);
    // "Order Now" leads to the section that holds the form.
    await page.goto(liveUrl('2'));
    const orderNow = page.getByRole('link', { name: 'Order Now' });
    const section = page.locator(`[id="${(await orderNow.getAttribute('href'))!.slice(1)}"]`);
    await expect(section.getByRole('form', { name: 'Have Question In Mind?' })).toHaveCount(1);
    await page.context().close();

    const ownerPage = await (await signedInContext(browser, stack, owner)).newPage();
    await ownerPage.goto(`${stack.shellUrl}/account`);
    await ownerPage.getByText(words).waitFor({ timeout: 15_000 });
    await ownerPage.context().close();
  });
});

/** A screenshot's pixels (RGBA). */
function pixels(png: Buffer): { width: number; height: number; data: Uint8Array } {
  const { width, height, data } = PNG.sync.read(png);
  return { width, height, data };
}

/** The top of an element as it is drawn, `height` px of it, at the page's top (no sticky bar over it). */
async function shot(page: Page, selector: string, height: number): Promise<Buffer> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await page.locator(selector).first().boundingBox())!;
  return page.screenshot({ fullPage: true, clip: { x: box.x, y: box.y, width: box.width, height }, animations: 'disabled' });
}

/** The editor's preview of a portfolio drawn `width` px wide. */

async function contrastViolations(url: string, width: number): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width, height: 844 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(url);
  await page.addScriptTag({ content: AXE_SOURCE });
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    return (await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] } })).violations;
  });
  await context.close();
  return found.flatMap((violation) => violation.nodes.map((node) => `${violation.id} at ${node.target.join(' ')}`));
}

test.describe('the preview and the live page look the same', () => {
  const outDir = path.join(process.cwd(), 'e2e/.artifacts/livePage');

  /** What differs between the editor's preview (already drawn `width` px wide) and the live page at `width`. */
  async function differences(editor: Page, templateId: string, width: number): Promise<string[]> {
    const live = await visitor(width);
    await live.goto(liveUrl(templateId));
    await live.evaluate(() => document.fonts.ready);
    const liveHeight = (await live.locator('body > div').first().boundingBox())!.height;
    const previewHeight = (await editor.locator('[data-preview-root]').boundingBox())!.height;
    const height = Math.floor(Math.min(COMPARED_HEIGHT, liveHeight, previewHeight));
    const [a, b] = [await shot(editor, '[data-preview-root]', height), await shot(live, 'body > div', height)];
    await live.context().close();
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, `t${templateId}-${width}-preview.png`), a);
    fs.writeFileSync(path.join(outDir, `t${templateId}-${width}-live.png`), b);
    const [one, two] = [pixels(a), pixels(b)];
    if (one.width !== two.width || one.height !== two.height)
      return [`${width} px: the preview is ${one.width}×${one.height}, the live page ${two.width}×${two.height}`];
    const diff = new Uint8Array(one.width * one.height * 4);
    const different = pixelmatch(one.data, two.data, diff, one.width, one.height, { threshold: 0.1 });
    const share = different / (one.width * one.height);
    const found =
      share <= MAX_DIFFERENT_SHARE ? [] : [`${width} px: ${(share * 100).toFixed(2)}% of pixels differ (screenshots in ${outDir})`];
    return [...found, ...(await contrastViolations(liveUrl(templateId), width)).map((violation) => `${width} px: ${violation}`)];
  }

  // One editor load per template shows the preview at both widths (a load of /design costs ~2.3 CPU s);
  // each width is checked on its own, and a failure names the width and what differed.
  for (const templateId of ['1', '2', '3', '4'])
    test(`template ${templateId} at 390 and 1280 px: at most ${MAX_DIFFERENT_SHARE * 100}% of pixels differ; contrast holds`, async () => {
      const editor = await (await signedInContext(browser, stack, owner, { deviceScaleFactor: 1 })).newPage();
      const designUrl = `${stack.shellUrl}/design?portfolio=${published.get(templateId)!.id}`;
      const found: string[] = [];
      for (const width of [390, 1280]) {
        const { drawn } = await previewDrawnAt(editor, width === 390 ? designUrl : undefined, width);
        if (drawn !== width) found.push(`${width} px: the preview is drawn ${drawn} px wide`);
        else found.push(...(await differences(editor, templateId, width)));
      }
      assert.deepEqual(found, []);
      await editor.context().close();
    });
});
