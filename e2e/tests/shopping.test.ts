// Buying from a published page in Chromium (issue 48), the journey a component test cannot show: a
// template-2 page whose owner holds a plan and a connected sandbox Razorpay account; a visitor with
// scripts OFF orders two products (one with an option) through the page's one order form, pays in
// the sandbox's hosted checkout (Razorpay's page runs its own script), and sees the confirmation;
// the last cake taken, the page rendered again says "Sold out"; template 4's "Shop Now" buys its
// product. With scripts ON, the page's cart script (a file of its own, under the page's CSP) keeps a
// cart: two products (one with an option) added, the cart opened from template 2's menu, a quantity
// changed, checked out through the same form, paid, confirmed; the page does not move as it starts.
// The editor's preview and the live page are compared by screenshot at 390 and 1280 px.
// The rules (prices from the snapshot, stock, signatures) are Deno's, pgTAP's and local-cloud's tests;
// the cart's own rules its jest test's (templates/src/forms/cart/cart.test.ts).
import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import type { SupabaseClient } from '@supabase/supabase-js';
import { closeContexts } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';
import { createConfirmedUser, signedInContext, uniqueLabel } from '../support/accounts';
import { previewDrawnAt } from '../support/preview';
import { userClient } from '../support/portfolios';
import { grantPlan } from '../support/sites';
import { connectSandboxSeller } from '../support/sellers';
import { GOOD_CARD, payShopOrderInSandbox, payWithCard } from '../support/checkout';

let stack: SharedStack;
let browser: Browser;
let owner: Awaited<ReturnType<typeof createConfirmedUser>>;
let client: SupabaseClient;
const pages = new Map<'bakery' | 'mugs', { id: string; slug: string }>();
const outDir = path.join(process.cwd(), 'e2e/.artifacts/shopping');
/** The open cart's screenshots, for a person to look at (SHOP_CART_SHOTS overrides). */
const SHOTS = process.env.SHOP_CART_SHOTS ?? path.join(outDir, 'cart');

const product = (id: string, name: string, sale: unknown, image = '') => ({ id, name, price: '', description: '', image, url: '', sale });

/** A bakery: one chocolate cake left, a tart in two sizes, bread without a count; pickup or ₹50 delivery. */
const BAKERY = {
  schemaVersion: 2,
  profile: { name: 'Ada Bakes', headline: 'Fresh bread every morning', about: '<p>Baked in Indiranagar.</p>', email: 'ada@example.com' },
  socials: [],
  shop: { currency: 'INR', shipping: { pickup: true, flatFee: 5000, freeOver: 100000 } },
  sections: [
    {
      id: 'menu',
      kind: 'products',
      title: 'Our bakes',
      hidden: false,
      body: '',
      items: [
        product('cake', 'Chocolate cake', { price: 45000, stock: 1, options: [] }),
        product('tart', 'Fruit tart', {
          price: 30000,
          stock: null,
          optionName: 'Size',
          options: [
            { id: 'large', name: 'Large', price: 50000, stock: 5 },
            { id: 'small', name: 'Small', price: null, stock: 5 },
          ],
        }),
        product('bread', 'Sourdough', { price: 9000, stock: null, options: [] }),
      ],
    },
    {
      id: 'contact',
      kind: 'contact',
      title: 'Have Question In Mind?',
      hidden: false,
      body: '',
      items: [{ id: 'mail', label: 'Write to us', url: 'mailto:ada@example.com' }],
    },
  ],
};

/** Template 4: one mug, the page's hero. */
const MUGS = {
  schemaVersion: 2,
  profile: { name: 'Monsoon Pottery', headline: '', about: '' },
  socials: [],
  sections: [
    {
      id: 'mugs',
      kind: 'products',
      title: 'Mugs',
      hidden: false,
      body: '',
      items: [product('mug', 'Monsoon Mug', { price: 120000, stock: 10, options: [] }, 'sample:productMug')],
    },
  ],
};

async function publish(id: string, slug: string) {
  const answer = await client.functions.invoke('publish', { body: { action: 'publish', portfolioId: id, slug } });
  if (answer.error) throw new Error(`publish answered: ${await (answer.error as { context: Response }).context.text()}`);
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
  owner = await createConfirmedUser(stack, 'Ada Owner');
  const signedIn = await userClient(stack, owner);
  client = signedIn.client;
  await grantPlan(stack, signedIn.userId, 'basic');
  await connectSandboxSeller(client);
  for (const [key, templateId, data] of [
    ['bakery', '2', BAKERY],
    ['mugs', '4', MUGS],
  ] as const) {
    const { data: row, error } = await client
      .from('portfolios')
      .insert({ template_id: templateId, title: key, data })
      .select('id')
      .single();
    if (error) throw error;
    const slug = uniqueLabel(`${key}-`).toLowerCase().slice(0, 30);
    await publish(row!.id as string, slug);
    pages.set(key, { id: row!.id as string, slug });
  }
  fs.mkdirSync(outDir, { recursive: true });
});

test.afterAll(async () => {
  await closeContexts(browser);
});

const liveUrl = (key: 'bakery' | 'mugs') => `${stack.shellUrl}/p/${pages.get(key)!.slug}`;

async function visitor(width: number, javaScriptEnabled = false): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 844 } });
  return context.newPage();
}

/** The buyer's part of the order form, filled as a visitor does. */
async function fillBuyer(page: Page) {
  const form = page.getByRole('form', { name: 'Your order' });
  await form.getByLabel('Your name').fill('Zoë Buyer');
  await form.getByLabel('Email').fill('zoe@example.com');
  await form.getByLabel('Phone').fill('+91 98765 43210');
  return form;
}

test('with scripts off a visitor orders two products, one with an option, pays and sees the confirmation; the cake is then sold out', async () => {
  const page = await visitor(390);
  await page.goto(liveUrl('bakery'));
  await page.screenshot({ path: path.join(outDir, 'bakery-390-before.png'), fullPage: true });
  await page.getByRole('spinbutton', { name: 'Quantity of Chocolate cake' }).fill('1');
  await page.getByRole('combobox', { name: 'Size of Fruit tart' }).selectOption({ label: 'Large · ₹500.00' });
  await page.getByRole('spinbutton', { name: 'Quantity of Fruit tart' }).fill('1');
  // "Add to order" leads to the buyer's part of the one form: the address names it, no script needed.
  await page.getByRole('link', { name: 'Add to order (Fruit tart)' }).click();
  const form = await fillBuyer(page);
  await expect.poll(() => page.url()).toMatch(/#.+-order$/);
  await expect(form.getByRole('radio', { name: 'Pick up' })).toBeChecked();
  await form.screenshot({ path: path.join(outDir, 'order-form-390.png') });
  await form.getByRole('button', { name: 'Order and pay' }).click();

  // FolioForge's page between the order and Razorpay: the total the server priced (₹450 + ₹500, picked up).
  await expect(page.getByRole('heading', { name: /^Pay for order FF-[0-9A-Z]{10}$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay ₹950.00' })).toBeVisible();
  await page.screenshot({ path: path.join(outDir, 'pay-390.png'), fullPage: true });
  const paid = await payShopOrderInSandbox(page, await visitor(page.viewportSize()!.width, true));
  await expect(paid.getByRole('heading', { name: 'Thank you: your order is paid' })).toBeVisible();
  await paid.screenshot({ path: path.join(outDir, 'paid-390.png'), fullPage: true });
  await paid.context().close();

  // The last cake is the buyer's: the page, rendered again, says so and takes no order for it.
  await publish(pages.get('bakery')!.id, pages.get('bakery')!.slug);
  await page.goto(liveUrl('bakery'));
  const cake = page.getByRole('heading', { name: 'Chocolate cake' }).locator('xpath=ancestor::li[1]');
  await expect(cake.getByText('Sold out')).toBeVisible();
  await expect(cake.getByRole('spinbutton')).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'Quantity of Sourdough' })).toBeVisible();
  await page.context().close();
});

/** How far the page's content moved since it loaded (the Layout Instability API's CLS sum). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) sum += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 500);
      }),
  );

test('with scripts on a visitor adds two products, one with an option, to the cart, changes a quantity, checks out, pays and sees the confirmation', async () => {
  const page = await visitor(390, true);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  const cartScript = page.waitForResponse((response) => /\/files\/cart\.[0-9a-f]{12}\.js$/.test(response.url()));
  await page.goto(liveUrl('bakery'));
  const script = await cartScript;
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toMatch(/^text\/javascript/);
  // The cart adds nothing to the page's flow: nothing moved as it started.
  expect(await layoutShift(page)).toBeLessThan(0.001);

  await page.getByRole('combobox', { name: 'Size of Fruit tart' }).selectOption({ label: 'Large · ₹500.00' });
  await page.getByRole('link', { name: 'Add to order (Fruit tart)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 1 × Fruit tart, Large. Cart: 1 item, ₹500.00' })).toBeAttached();
  await page.getByRole('link', { name: 'Add to order (Sourdough)' }).click();
  // Adding keeps the visitor where they are; the cart's button shows what it holds.
  await expect(page.getByRole('button', { name: 'Cart: 2 items, ₹590.00' })).toBeVisible();
  expect(page.url()).not.toContain('#');

  // Kept across a reload (sessionStorage), the page still not moving.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Cart: 2 items, ₹590.00' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Quantity of Sourdough' })).toHaveValue('1');
  expect(await layoutShift(page)).toBeLessThan(0.001);

  // Template 2's "Cart", in its menu on a phone, opens the cart: a dialog, its heading focused.
  await page.getByRole('link', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Cart', exact: true }).click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart.getByRole('heading', { name: 'Your cart' })).toBeFocused();
  await expect(cart.getByRole('combobox', { name: 'Option of Fruit tart' })).toHaveValue('large');
  await cart.getByRole('spinbutton', { name: 'Quantity of Sourdough' }).fill('2');
  await cart.getByRole('spinbutton', { name: 'Quantity of Sourdough' }).press('Tab');
  await expect(cart.getByText('₹680.00', { exact: true })).toBeVisible();
  await expect(cart.getByRole('status')).toHaveText('2 × Sourdough. Cart: 3 items, ₹680.00');
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'cart-open-390.png') });
  await page.setViewportSize({ width: 1280, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, 'cart-open-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });

  // "Check out": the buyer's part of the same form, its first field focused; the page posts it.
  await cart.getByRole('button', { name: 'Check out' }).click();
  await expect(cart).toBeHidden();
  const form = page.getByRole('form', { name: 'Your order' });
  await expect(form.getByLabel('Your name')).toBeFocused();
  await expect(page.getByRole('spinbutton', { name: 'Quantity of Sourdough' })).toHaveValue('2');
  await fillBuyer(page);
  await form.getByRole('button', { name: 'Order and pay' }).click();

  // The server's price (₹500 + 2 × ₹90, picked up), then Razorpay's hosted checkout in the same tab.
  await expect(page.getByRole('heading', { name: /^Pay for order FF-[0-9A-Z]{10}$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₹680.00' }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await payWithCard(page, GOOD_CARD);
  await page.waitForURL(/\/functions\/v1\/orders\/callback/);
  await expect(page.getByRole('heading', { name: 'Thank you: your order is paid' })).toBeVisible();
  // Nothing of the page was refused by its policy (the cart is the page's own file).
  expect(refused.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  await page.context().close();
});

for (const width of [390, 1280])
  test(`at ${width} px the page with its cart script looks as it does without scripts, at load`, async () => {
    const shots: PNG[] = [];
    for (const javaScriptEnabled of [false, true]) {
      const page = await visitor(width, javaScriptEnabled);
      await page.goto(liveUrl('bakery'));
      if (javaScriptEnabled) await page.waitForFunction(() => document.querySelector('dialog.ff-cart') !== null);
      const file = path.join(outDir, `bakery-${width}-scripts-${javaScriptEnabled ? 'on' : 'off'}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      shots.push(PNG.sync.read(fs.readFileSync(file)));
      await page.context().close();
    }
    const [off, on] = shots as [PNG, PNG];
    expect([on.width, on.height]).toEqual([off.width, off.height]);
    expect(pixelmatch(off.data, on.data, undefined, off.width, off.height, { threshold: 0.1 })).toBe(0);
  });

test('template 4: "Shop Now" buys its product', async () => {
  const page = await visitor(1280);
  await page.goto(liveUrl('mugs'));
  await page.getByRole('link', { name: 'Shop Now (Monsoon Mug)' }).click();
  const form = await fillBuyer(page);
  await form.getByRole('button', { name: 'Order and pay' }).click();
  await expect(page.getByRole('button', { name: 'Pay ₹1,200.00' })).toBeVisible();
  const paid = await payShopOrderInSandbox(page, await visitor(page.viewportSize()!.width, true));
  await expect(paid.getByRole('heading', { name: 'Thank you: your order is paid' })).toBeVisible();
  await paid.context().close();
  await page.context().close();
});

// One editor load shows the preview at both widths (a load of /design costs ~2.3 CPU s); a step per
// width, so a failure names the width.
test('the preview and the live page show the same order form at 390 and 1280 px', async () => {
  const editor = await (await signedInContext(browser, stack, owner, { deviceScaleFactor: 1 })).newPage();
  const designUrl = `${stack.shellUrl}/design?portfolio=${pages.get('bakery')!.id}`;
  for (const width of [390, 1280])
    await test.step(`${width} px`, async () => {
      const { root: preview } = await previewDrawnAt(editor, width === 390 ? designUrl : undefined, width);
      const previewForm = preview.getByRole('form', { name: 'Your order' });
      await previewForm.scrollIntoViewIfNeeded();
      await previewForm.screenshot({ path: path.join(outDir, `form-${width}-preview.png`), animations: 'disabled' });
      const live = await visitor(width);
      await live.goto(liveUrl('bakery'));
      const liveForm = live.getByRole('form', { name: 'Your order' });
      await liveForm.screenshot({ path: path.join(outDir, `form-${width}-live.png`), animations: 'disabled' });
      await live.screenshot({ path: path.join(outDir, `bakery-${width}-live.png`), fullPage: true });
      // The same fields, in the same order, with the same labels.
      const labels = async (scope: typeof liveForm) => (await scope.locator('label, legend').allTextContents()).map((text) => text.trim());
      expect(await labels(previewForm)).toEqual(await labels(liveForm));
      const [a, b] = [await previewForm.boundingBox(), await liveForm.boundingBox()];
      expect(Math.abs(a!.width - b!.width)).toBeLessThanOrEqual(2);
      expect(Math.abs(a!.height - b!.height)).toBeLessThanOrEqual(4);
      await live.context().close();
    });
  await editor.context().close();
});
