// A site and its blog, made through the editor's screens alone and browsed as a visitor would (issue
// 49's first "Done when"): the owner adds a Projects page with a section in the Pages panel and
// publishes; writes three posts on the Blog screen (one live, one tagged Rye with a cover picture
// and dated the day before, one scheduled an hour ahead); a visitor with scripts off at 390 px
// follows the navigation to each page and the blog, reads the index in date order, the tag page and
// the Atom feed, and finds the scheduled post nowhere until its time has come (then the sweep, as
// pg_cron runs it, puts it up). The site's zip, unpacked and opened from file:// with scripts off,
// is followed the same way, pictures and styles drawn. The preview of the Projects page and the
// published page are compared pixel by pixel at 390 and 1280 px. (The blog's files, the zip's
// layout and the feed's markup are the publish function's and the renderer's tests'; here what
// needs the whole product in a browser.)
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { JSDOM } from 'jsdom';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { createConfirmedUser, signedInContext, uniqueLabel } from '../support/accounts';
import { previewDrawnAt } from '../support/preview';
import { serviceClient, userClient } from '../support/portfolios';
import { editorForm, publishInPanel } from '../support/screens';
import { grantPlan } from '../support/sites';
import { sharedStack, type SharedStack } from '../support/stack';

/** The largest share of pixels the preview and the live page may differ by (as livePage.test.ts). */
const MAX_DIFFERENT_SHARE = 0.01;
const COMPARED_HEIGHT = 1200;
const OWNER_NAME = 'Nila Baker';
const ATOM = 'http://www.w3.org/2005/Atom';

let stack: SharedStack;
let browser: Browser;
let owner: Awaited<ReturnType<typeof createConfirmedUser>>;
/** What the journey made, for the tests after it. */
const site = { portfolioId: '', projectsPageId: '', slug: '' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
  owner = await createConfirmedUser(stack, OWNER_NAME);
  const { userId } = await userClient(stack, owner);
  await grantPlan(stack, userId);
});

test.afterAll(async () => {
  await closeContexts(browser);
});

const savedStatus = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor({ timeout: 15_000 });

/**
 * A local date and time as <input type="datetime-local"> takes it, in the browser's own time zone. Zero
 * seconds are left out as the input leaves them out (":00" would read back differently, and Playwright's
 * fill calls that a malformed value: a time on the full minute failed the journey).
 */
const localInput = (page: Page, at: number) =>
  page.evaluate((time) => {
    const date = new Date(time);
    const pad = (n: number) => String(n).padStart(2, '0');
    const seconds = date.getSeconds() === 0 ? '' : `:${pad(date.getSeconds())}`;
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}${seconds}`;
  }, at);

interface PostToWrite {
  title: string;
  text: string;
  tags?: string;
  /** Goes live at this time (ms); undefined: as soon as it is published. */
  at?: number;
  /** A cover picture to upload (through the image pipeline). */
  cover?: { name: string; mimeType: string; buffer: Buffer };
  /** The words the form answers with once published. */
  outcome: RegExp;
}

/** On the Blog screen: New post, its fields, Publish, and the form's answer. */
async function writePost(page: Page, post: PostToWrite) {
  await page.getByRole('link', { name: 'New post' }).click();
  const form = page.getByRole('form', { name: 'New post' });
  await form.getByLabel('Title').fill(post.title);
  // The text field is drawn as its preview until pressed; then the rich text editor takes the typing.
  await form.getByRole('textbox', { name: 'Text' }).click();
  await form.locator('[contenteditable="true"]').fill(post.text);
  if (post.tags) await form.getByLabel('Tags').fill(post.tags);
  if (post.cover) {
    await form.getByLabel('Cover picture').setInputFiles(post.cover);
    await expect(form.getByText(`Stored in your account: ${post.cover.name}`)).toBeVisible({ timeout: 30_000 });
  }
  if (post.at !== undefined) {
    await form.getByLabel('At a date and time').check();
    await form.getByLabel('Date and time it goes live').fill(await localInput(page, post.at));
  }
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(post.outcome)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'All posts' }).click();
  await expect(page.getByRole('heading', { name: 'Posts' })).toBeVisible();
}

const LIVE = { title: 'Spring loaves are back', text: 'Sourdough every Saturday from eight.' };
/** A picture as a camera would not make it, but real: 96 × 64, a wheat-coloured gradient. */
function coverPng(): Buffer {
  const png = new PNG({ width: 96, height: 64 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([200 + ((i / 4) % 96) / 2, 160, 90, 255], i);
  return PNG.sync.write(png);
}
const RYE = {
  title: 'Keeping a rye starter',
  text: 'Feed it twice a day.',
  tags: 'Rye',
  cover: { name: 'starter.png', mimeType: 'image/png', buffer: coverPng() },
};
const LATER = { title: 'Harvest open day', text: 'Come and bake with us.' };

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The site with scripts off at a width: a fresh, signed-out visitor. */
async function visitor(width: number) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 844 } });
  return context.newPage();
}

/** The titles of the posts a blog page lists, in order. */
const listedTitles = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();

test('the owner adds a Projects page, publishes, and writes three posts, through the editor alone', async () => {
  const page = await (await signedInContext(browser, stack, owner, { viewport: { width: 1280, height: 900 } })).newPage();
  const errors = trackPageErrors(page);
  await page.goto(`${stack.shellUrl}/design`);
  await page.waitForURL(/\/design\?portfolio=/);
  await savedStatus(page);
  site.portfolioId = new URL(page.url()).searchParams.get('portfolio')!;

  // The Pages panel: a new page by its name, edited at once; a Projects section with one project.
  const pages = page.getByRole('region', { name: 'Pages' });
  await pages.getByLabel("New page's name").fill('Projects');
  await pages.getByRole('button', { name: 'Add page' }).click();
  await expect(pages.getByRole('button', { name: /^Edit Projects/ })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForURL(/[?&]page=/);
  site.projectsPageId = new URL(page.url()).searchParams.get('page')!;
  const form = editorForm(page);
  await form.getByLabel('New section').selectOption({ label: 'Projects' });
  await form.getByRole('button', { name: 'Add section' }).click();
  const projects = form.getByRole('region', { name: /^Projects/ });
  if ((await projects.getByLabel('Project 1 Title').count()) === 0) await projects.getByRole('button', { name: 'Add project' }).click();
  await projects.getByLabel('Project 1 Title').fill('Fourth Harbour');
  await expect(page.getByTestId('template-preview').getByText('Fourth Harbour')).toBeVisible();
  await savedStatus(page);

  // Publish, at an address of the owner's own.
  site.slug = uniqueLabel('nila-').slice(0, 40);
  const publish = page.getByRole('region', { name: 'Publish' });
  await publish.getByLabel('Page address').fill(site.slug);
  await expect(publish.getByText('This address is free.')).toBeVisible();
  await publishInPanel(publish);
  await publish
    .getByRole('status')
    .getByText(/Your page is (published|updated)\./)
    .waitFor({ timeout: 30_000 });

  // The Blog screen, from the editor's "Blog posts".
  await page.getByRole('link', { name: 'Blog posts' }).click();
  await page.waitForURL(/\/design\/blog\?portfolio=/);
  await expect(page.getByRole('heading', { name: /^Blog of / })).toBeVisible();
  await writePost(page, { ...LIVE, outcome: /: it is on your site\./ });
  // Written second but dated the day before: the index lists it after the first.
  await writePost(page, { ...RYE, at: Date.now() - 86_400_000, outcome: /: it is on your site\./ });
  await writePost(page, { ...LATER, at: Date.now() + 3_600_000, outcome: /: it goes up on your site then\./ });
  const list = page.getByRole('region', { name: 'Posts' });
  await expect(list.getByRole('listitem').filter({ hasText: LATER.title })).toContainText('Scheduled for');
  expect(errors).toEqual([]);
  await page.context().close();
});

test('with scripts off at 390 px: the navigation reaches each page and the blog; the index, the tag page and the feed hold the two live posts', async () => {
  const page = await visitor(390);
  const errors = trackPageErrors(page);
  const home = `${stack.shellUrl}/p/${site.slug}/`;
  await page.goto(home);
  const nav = page.getByRole('navigation', { name: `${OWNER_NAME}: pages` });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Projects' }).click();
  await page.waitForURL(`**/p/${site.slug}/projects/`);
  await expect(page.getByText('Fourth Harbour')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('projects-390.png'), fullPage: true });
  await nav.getByRole('link', { name: 'Blog' }).click();
  await page.waitForURL(`**/p/${site.slug}/blog/`);
  await page.screenshot({ path: test.info().outputPath('blog-390.png'), fullPage: true });

  // Newest first: the live post, then the one dated the day before; the scheduled one is not there.
  expect(await listedTitles(page)).toEqual([LIVE.title, RYE.title]);
  // The blog's own navigation leads back to each page.
  const blogNav = page.getByRole('navigation', { name: 'Site' });
  for (const name of ['Home', 'Projects', 'Blog']) await expect(blogNav.getByRole('link', { name, exact: true })).toBeVisible();
  await blogNav.getByRole('link', { name: 'Projects', exact: true }).click();
  await page.waitForURL(`**/p/${site.slug}/projects/`);
  await page.goBack();

  // The tag page, from the post's tag.
  await page.getByRole('main').getByRole('link', { name: RYE.title }).click();
  await page.waitForURL(`**/p/${site.slug}/blog/${slugOf(RYE.title)}/`);
  await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Rye' }).click();
  await page.waitForURL(`**/p/${site.slug}/blog/tag/rye/`);
  expect(await listedTitles(page)).toEqual([RYE.title]);

  // The feed, linked from the page, parses as Atom and holds the two live posts.
  const feedHref = await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href');
  const feed = await fetch(new URL(feedHref!, page.url()));
  assert.equal(feed.status, 200);
  assert.match(feed.headers.get('content-type') ?? '', /^application\/atom\+xml/);
  const doc = new JSDOM(await feed.text(), { contentType: 'application/xml' }).window.document;
  assert.equal(doc.getElementsByTagName('parsererror').length, 0);
  assert.equal(doc.documentElement.namespaceURI, ATOM);
  assert.equal(doc.documentElement.localName, 'feed');
  const entries = [...doc.getElementsByTagNameNS(ATOM, 'entry')].map(
    (entry) => entry.getElementsByTagNameNS(ATOM, 'title')[0]?.textContent,
  );
  assert.deepEqual(entries, [LIVE.title, RYE.title]);

  // The scheduled post: no page yet.
  const later = await page.goto(`${stack.shellUrl}/p/${site.slug}/blog/${slugOf(LATER.title)}/`);
  assert.equal(later?.status(), 404);
  expect(errors).toEqual([]);
  await page.context().close();
});

/**
 * A page opened from disk is drawn whole: every picture on it loaded (none left broken), and the
 * site's stylesheet applied (the navigation's list is a row of links, not the browser's bulleted list).
 * Returns how many pictures it drew.
 */
async function drawnFromDisk(page: Page, navigation: ReturnType<Page['getByRole']>) {
  const pictures = await page
    .locator('img')
    .evaluateAll((all) => all.map((img) => ({ src: img.getAttribute('src'), width: (img as HTMLImageElement).naturalWidth })));
  for (const picture of pictures) assert.ok(picture.width > 0, `${page.url()}: ${picture.src} is drawn`);
  const list = await navigation
    .locator('ul')
    .first()
    .evaluate((ul) => {
      const style = getComputedStyle(ul);
      return { display: style.display, bullets: style.listStyleType };
    });
  assert.deepEqual(list, { display: 'flex', bullets: 'none' }, `${page.url()} is drawn with its stylesheet`);
  return pictures.length;
}

test('the zip of the site opens from disk with scripts off: Projects, the blog, a post and a tag page', async () => {
  const { client } = await userClient(stack, owner);
  const { data, error } = await client.functions.invoke('publish', { body: { action: 'export', portfolioId: site.portfolioId } });
  assert.equal(error, null);
  const files = unzipSync(new Uint8Array(await (data as Blob).arrayBuffer()));
  assert.equal(files[`blog/${slugOf(LATER.title)}/index.html`], undefined, 'the scheduled post is not in it yet');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-site-zip-'));
  for (const [name, bytes] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), bytes);
  }
  const page = await visitor(390);
  const blocked: string[] = [];
  // Opened from disk, nothing may come from a server: every file is in the zip.
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) blocked.push(request.url());
  });
  await page.goto(pathToFileURL(path.join(dir, 'index.html')).href);
  const nav = page.getByRole('navigation', { name: `${OWNER_NAME}: pages` });
  const blogNav = page.getByRole('navigation', { name: 'Site' });
  let pictures = await drawnFromDisk(page, nav);
  await nav.getByRole('link', { name: 'Projects' }).click();
  await page.waitForURL('**/projects/index.html');
  await expect(page.getByText('Fourth Harbour')).toBeVisible();
  pictures += await drawnFromDisk(page, nav);
  await nav.getByRole('link', { name: 'Blog' }).click();
  await page.waitForURL('**/blog/index.html');
  expect(await listedTitles(page)).toEqual([LIVE.title, RYE.title]);
  pictures += await drawnFromDisk(page, blogNav);
  await page.getByRole('main').getByRole('link', { name: RYE.title }).click();
  await page.waitForURL(`**/blog/${slugOf(RYE.title)}/index.html`);
  await expect(page.getByText(RYE.text)).toBeVisible();
  const cover = page.locator('img.blog-cover');
  await expect(cover).toHaveCount(1);
  assert.ok(await cover.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0), 'the cover is drawn from disk');
  pictures += await drawnFromDisk(page, blogNav);
  await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Rye' }).click();
  await page.waitForURL('**/blog/tag/rye/index.html');
  expect(await listedTitles(page)).toEqual([RYE.title]);
  pictures += await drawnFromDisk(page, blogNav);
  await page.screenshot({ path: test.info().outputPath('zip-tag-390.png'), fullPage: true });
  // And back to the Projects page from the blog's own navigation.
  await blogNav.getByRole('link', { name: 'Projects', exact: true }).click();
  await page.waitForURL('**/projects/index.html');
  assert.deepEqual(blocked, [], 'nothing was asked of a server');
  console.log(`site zip: ${Object.keys(files).length} files, ${pictures} pictures drawn from disk`);
  await page.context().close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the scheduled post goes up once its time has come', async () => {
  // No clock to move: the owner brings its time to a few seconds from now, on the Blog screen.
  const owning = await (await signedInContext(browser, stack, owner, { viewport: { width: 1280, height: 900 } })).newPage();
  await owning.goto(`${stack.shellUrl}/design/blog?portfolio=${site.portfolioId}`);
  await owning.getByRole('link', { name: LATER.title }).click();
  const form = owning.getByRole('form', { name: `Edit “${LATER.title}”` });
  const at = Date.now() + 8_000;
  await form.getByLabel('Date and time it goes live').fill(await localInput(owning, at));
  await form.getByRole('button', { name: 'Update post' }).click();
  await expect(owning.getByText(/: it goes up on your site then\./)).toBeVisible({ timeout: 20_000 });
  await owning.context().close();

  const postUrl = `${stack.shellUrl}/p/${site.slug}/blog/${slugOf(LATER.title)}/`;
  assert.equal((await fetch(postUrl)).status, 404, 'not before its time');
  await expect.poll(() => Date.now() > at + 1_000, { timeout: 20_000 }).toBe(true);
  // Its time has come: the sweep runs, as pg_cron runs it every few minutes on the hosted project.
  const admin = await serviceClient(stack);
  const swept = await admin.functions.invoke('publish', { body: { action: 'sweep' } });
  assert.equal(swept.error, null);
  await expect.poll(async () => (await fetch(postUrl)).status, { timeout: 15_000 }).toBe(200);
  const page = await visitor(390);
  await page.goto(`${stack.shellUrl}/p/${site.slug}/blog/`);
  expect(await listedTitles(page)).toEqual([LATER.title, LIVE.title, RYE.title]);
  await page.context().close();
});

/** A screenshot's pixels (RGBA). */
function pixels(png: Buffer) {
  const { width, height, data } = PNG.sync.read(png);
  return { width, height, data };
}

/** The top of an element as it is drawn, `height` px of it. */
async function shot(page: Page, selector: string, height: number): Promise<Buffer> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await page.locator(selector).first().boundingBox())!;
  return page.screenshot({ fullPage: true, clip: { x: box.x, y: box.y, width: box.width, height }, animations: 'disabled' });
}

/** What differs between the editor's preview (already drawn `width` px wide) and the published Projects page at `width`. */
async function differences(editor: Page, width: number): Promise<string[]> {
  const outDir = path.join(process.cwd(), 'e2e/.artifacts/siteJourney');
  const live = await visitor(width);
  await live.goto(`${stack.shellUrl}/p/${site.slug}/projects/`);
  await live.evaluate(() => document.fonts.ready);
  const liveBox = (await live.locator('body > div').first().boundingBox())!;
  // The sign-up form is the server's, added below the template's page (a plan's feature), never in
  // the preview: the part above it is compared.
  const signUp = await live.locator('.ff-subscribe').first().boundingBox();
  const liveHeight = signUp ? Math.min(liveBox.height, signUp.y - liveBox.y) : liveBox.height;
  const previewHeight = (await editor.locator('[data-preview-root]').boundingBox())!.height;
  const height = Math.floor(Math.min(COMPARED_HEIGHT, liveHeight, previewHeight));
  const [a, b] = [await shot(editor, '[data-preview-root]', height), await shot(live, 'body > div', height)];
  await live.context().close();
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, `projects-${width}-preview.png`), a);
  fs.writeFileSync(path.join(outDir, `projects-${width}-live.png`), b);
  const [one, two] = [pixels(a), pixels(b)];
  if (one.width !== two.width || one.height !== two.height)
    return [`${width} px: the preview is ${one.width}×${one.height}, the live page ${two.width}×${two.height}`];
  const different = pixelmatch(one.data, two.data, undefined, one.width, one.height, { threshold: 0.1 });
  const share = different / (one.width * one.height);
  return share <= MAX_DIFFERENT_SHARE ? [] : [`${width} px: ${(share * 100).toFixed(2)}% of pixels differ (screenshots in ${outDir})`];
}

// One editor load shows the preview at both widths (a load of /design costs ~2.3 CPU s), as in
// livePage.test.ts; each width is checked on its own, and a failure names the width and what differed.
test('the preview of the Projects page matches the published page at 390 and 1280 px', async () => {
  const editor = await (await signedInContext(browser, stack, owner, { deviceScaleFactor: 1 })).newPage();
  const designUrl = `${stack.shellUrl}/design?portfolio=${site.portfolioId}&page=${site.projectsPageId}`;
  const found: string[] = [];
  for (const width of [390, 1280]) {
    const { drawn } = await previewDrawnAt(editor, width === 390 ? designUrl : undefined, width, async (page) => {
      await expect(page.getByTestId('template-preview').getByText('Fourth Harbour')).toBeAttached();
      // The site has live posts: the preview's navigation ends with "Blog", as the page's does.
      const nav = page.getByTestId('template-preview').getByRole('navigation', { name: `${OWNER_NAME}: pages` });
      await expect(nav.getByRole('link', { name: 'Blog' })).toBeVisible();
    });
    if (drawn !== width) found.push(`${width} px: the preview is drawn ${drawn} px wide`);
    else found.push(...(await differences(editor, width)));
  }
  assert.deepEqual(found, []);
  await editor.context().close();
});
