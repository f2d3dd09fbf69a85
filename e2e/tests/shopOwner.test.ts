// The owner's side of a sale in Chromium (issue 48), what a component test cannot show: the owner has
// /account open while a visitor of their published template-2 page orders two products (one with an
// option) for delivery and pays in the sandbox; the buyer's receipt is in the mailbox; the order shows
// up on /account without a reload (Realtime), opens to its items, buyer, address and timeline, is
// marked shipped (the buyer mailed) and one cake is refunded (the buyer mailed, the order partly
// refunded, the cake back in stock). Screenshots of the list and the open order at 390 and 1280 px.
// Then a visitor buys on the owner's own domain (Chromium resolving it to the site server, which maps
// a Host to its page): the confirmation, its status link and the way back are on that domain.
// The rules themselves are Deno's (shop/handler.test.ts), pgTAP's and local-cloud's tests.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { SupabaseClient } from '@supabase/supabase-js';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH, closeContexts } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';
import { createConfirmedUser, signedInContext, uniqueLabel } from '../support/accounts';
import { serviceClient, userClient } from '../support/portfolios';
import { grantPlan } from '../support/sites';
import { connectSandboxSeller } from '../support/sellers';
import { payShopOrderInSandbox } from '../support/checkout';
import { waitForMail } from '../support/mailbox';
import { answerTxt } from '../support/testControls';

test.describe.configure({ mode: 'serial' });

let stack: SharedStack;
let browser: Browser;
let owner: Awaited<ReturnType<typeof createConfirmedUser>>;
let client: SupabaseClient;
let shopPage: { id: string; slug: string };
let ownerPage: Page;
let orderNumber: string;
const buyerEmail = `${uniqueLabel('zoe')}@example.com`;
const outDir = process.env.SHOP_OWNER_SHOTS ?? path.join(process.cwd(), 'e2e/.artifacts/shopOwner');

const product = (id: string, name: string, sale: unknown) => ({ id, name, price: '', description: '', image: '', url: '', sale });

const BAKERY = {
  schemaVersion: 2,
  profile: { name: 'Ada Bakes', headline: 'Fresh bread every morning', about: '<p>Baked in Indiranagar.</p>', email: 'ada@example.com' },
  socials: [],
  shop: { currency: 'INR', shipping: { pickup: true, flatFee: 5000, freeOver: null } },
  sections: [
    {
      id: 'menu',
      kind: 'products',
      title: 'Our bakes',
      hidden: false,
      body: '',
      items: [
        product('cake', 'Chocolate cake', { price: 45000, stock: 3, options: [] }),
        product('tart', 'Fruit tart', {
          price: 30000,
          stock: null,
          optionName: 'Size',
          options: [
            { id: 'large', name: 'Large', price: 50000, stock: 5 },
            { id: 'small', name: 'Small', price: null, stock: 5 },
          ],
        }),
      ],
    },
  ],
};

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
  owner = await createConfirmedUser(stack, 'Ada Owner');
  const signedIn = await userClient(stack, owner);
  client = signedIn.client;
  await grantPlan(stack, signedIn.userId, 'basic');
  await connectSandboxSeller(client);
  const { data: row, error } = await client
    .from('portfolios')
    .insert({ template_id: '2', title: 'bakery', data: BAKERY })
    .select('id')
    .single();
  if (error) throw error;
  shopPage = { id: row!.id as string, slug: uniqueLabel('bakes-').toLowerCase().slice(0, 30) };
  const published = await client.functions.invoke('publish', {
    body: { action: 'publish', portfolioId: shopPage.id, slug: shopPage.slug },
  });
  if (published.error) throw new Error(`publish answered: ${await (published.error as { context: Response }).context.text()}`);
  fs.mkdirSync(outDir, { recursive: true });
});

test.afterAll(async () => {
  await closeContexts(browser);
});

const ordersOf = (page: Page) => page.getByRole('region', { name: 'Orders', exact: true });
const orderButton = (page: Page) => ordersOf(page).getByRole('button', { name: new RegExp(`^${orderNumber}`) });

/** The part of /account a screenshot shows: the Orders section, at a width. */
async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await ordersOf(page).screenshot({ path: path.join(outDir, `${name}-${width}.png`), animations: 'disabled' });
  }
}

test('a visitor orders two cakes and a large tart for delivery and pays; the receipt is mailed; /account shows the order at once', async () => {
  ownerPage = await (await signedInContext(browser, stack, owner, { viewport: { width: 1280, height: 900 } })).newPage();
  await ownerPage.goto(`${stack.shellUrl}/account`);
  await expect(ordersOf(ownerPage).getByText(/^No orders yet/)).toBeVisible();

  const buyer = await (await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })).newPage();
  await buyer.goto(`${stack.shellUrl}/p/${shopPage.slug}`);
  await buyer.getByRole('spinbutton', { name: 'Quantity of Chocolate cake' }).fill('2');
  await buyer.getByRole('combobox', { name: 'Size of Fruit tart' }).selectOption({ label: 'Large · ₹500.00' });
  await buyer.getByRole('spinbutton', { name: 'Quantity of Fruit tart' }).fill('1');
  const form = buyer.getByRole('form', { name: 'Your order' });
  await form.getByLabel('Your name').fill('Zoë Buyer');
  await form.getByLabel('Email').fill(buyerEmail);
  await form.getByLabel('Phone').fill('+91 98765 43210');
  await form.getByRole('radio', { name: /^Delivery, ₹50\.00/ }).check();
  await form.getByLabel('Street and number').fill('12 Residency Road');
  await form.getByLabel('Town or city').fill('Bengaluru');
  await form.getByLabel('Postal code').fill('560025');
  await form.getByRole('button', { name: 'Order and pay' }).click();
  const heading = buyer.getByRole('heading', { name: /^Pay for order FF-[0-9A-Z]{10}$/ });
  orderNumber = /FF-[0-9A-Z]{10}/.exec((await heading.textContent())!)![0];
  // ₹900 of cakes, ₹500 of tart, ₹50 delivery: the server's total.
  await expect(buyer.getByRole('button', { name: 'Pay ₹1,450.00' })).toBeVisible();
  const paid = await payShopOrderInSandbox(buyer, await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage());
  await expect(paid.getByRole('heading', { name: 'Thank you: your order is paid' })).toBeVisible();
  await paid.context().close();
  await buyer.context().close();

  const receipt = await waitForMail(stack, buyerEmail, /is paid$/, 30_000);
  expect(receipt.subject).toBe(`Your order ${orderNumber} from Ada Bakes is paid`);
  const lines = receipt.text.split('\n').map((line) => line.trim());
  for (const line of [
    `Order number: ${orderNumber}`,
    '2 × Chocolate cake at ₹450.00: ₹900.00',
    '1 × Fruit tart (Large) at ₹500.00: ₹500.00',
    'Items: ₹1,400.00',
    'Shipping: ₹50.00',
    'Total paid: ₹1,450.00',
    'Email: ada@example.com',
  ])
    expect(lines, receipt.text).toContain(line);

  // No reload: the order reaches the open /account through Realtime.
  await expect(orderButton(ownerPage)).toBeVisible();
  await expect(orderButton(ownerPage)).toContainText('Zoë Buyer');
  await expect(orderButton(ownerPage)).toContainText('Paid');
  await shoot(ownerPage, 'orders-list');
});

test('the owner opens the order, marks it shipped (the buyer is mailed) and refunds one cake (mailed, stock back)', async () => {
  await ownerPage.setViewportSize({ width: 1280, height: 900 });
  const orders = ordersOf(ownerPage);
  await orderButton(ownerPage).click();
  const items = orders.getByRole('table', { name: `Items of ${orderNumber}` });
  await expect(items.getByRole('row', { name: /Chocolate cake 2 ₹450\.00 ₹900\.00/ })).toBeVisible();
  await expect(items.getByRole('row', { name: /Fruit tart · Large 1 ₹500\.00 ₹500\.00/ })).toBeVisible();
  await expect(items.getByRole('row', { name: 'Total ₹1,450.00' })).toBeVisible();
  await expect(orders.getByRole('link', { name: buyerEmail })).toBeVisible();
  await expect(orders.getByText('12 Residency Road')).toBeVisible();
  await expect(orders.getByText('Bengaluru 560025')).toBeVisible();
  await expect(orders.getByRole('listitem').filter({ hasText: /Paid ₹1,450\.00$/ })).toBeVisible();
  await shoot(ownerPage, 'order-open');
  await ownerPage.setViewportSize({ width: 1280, height: 900 });

  await orders.getByLabel('Tracking or courier for the buyer (optional)').fill('DTDC D123456');
  await orders.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(orders.getByRole('status').filter({ hasText: 'Marked shipped: Zoë Buyer has been mailed.' })).toBeVisible();
  await expect(orderButton(ownerPage)).toContainText('Shipped');
  const shipped = await waitForMail(stack, buyerEmail, /is on its way$/, 30_000);
  expect(shipped.subject).toBe(`Your order ${orderNumber} from Ada Bakes is on its way`);
  expect(shipped.text).toContain('Shipping details from Ada Bakes: DTDC D123456');

  await orders.getByLabel('Chocolate cake: how many to refund, of 2').fill('1');
  await orders.getByRole('button', { name: 'Refund ₹450.00' }).click();
  await expect(orders.getByRole('status').filter({ hasText: 'Refunded ₹450.00 to Zoë Buyer.' })).toBeVisible();
  await expect(orderButton(ownerPage)).toContainText('Partly refunded');
  await expect(items.getByRole('row', { name: 'Refunded −₹450.00' })).toBeVisible();
  await expect(items.getByText('1 refunded')).toBeVisible();
  await expect(orders.getByRole('listitem').filter({ hasText: /Refunded ₹450\.00$/ })).toBeVisible();

  const refundMail = await waitForMail(stack, buyerEmail, /^Ada Bakes refunded/, 30_000);
  expect(refundMail.subject).toBe(`Ada Bakes refunded ₹450.00 of your order ${orderNumber}`);
  const refundLines = refundMail.text.split('\n').map((line) => line.trim());
  expect(refundLines, refundMail.text).toContain('1 × Chocolate cake at ₹450.00: ₹450.00');
  expect(refundLines, refundMail.text).toContain('Refunded of your order so far: ₹450.00 of ₹1,450.00.');
  expect(refundMail.text).toMatch(new RegExp(`/functions/v1/orders/status/${orderNumber}-[0-9a-f]{64}`));

  // The refunded cake is back: one of the two held, the tart still held.
  const admin = await serviceClient(stack);
  const held = async (item: string, option: string) =>
    (await admin.from('shop_stock').select('held').eq('portfolio_id', shopPage.id).eq('item_id', item).eq('option_id', option).single())
      .data?.held;
  await expect.poll(() => held('cake', '')).toBe(1);
  expect(await held('tart', 'large')).toBe(1);
  await shoot(ownerPage, 'order-refunded');

  // On a phone the buyer's details take the card's width, even beside "Your note to the buyer".
  await ownerPage.setViewportSize({ width: 390, height: 900 });
  const facts = orders.locator('dl');
  await expect(facts.getByText('Your note to the buyer')).toBeVisible();
  const [list, buyerDetails] = [await facts.boundingBox(), await facts.locator('dd').first().boundingBox()];
  expect(buyerDetails!.width / list!.width).toBeGreaterThan(0.9);
  // And the items' four columns fit: the amounts are not behind a sideways scroll.
  const scroller = items.locator('xpath=..');
  expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
});

test('a visitor on the owner’s own domain orders and pays, and is led back to that domain', async () => {
  const domain = `${uniqueLabel('ada-')}.example`;
  const claim = await client.from('custom_domains').insert({ domain, portfolio_id: shopPage.id }).select('token').single();
  expect(claim.error).toBeNull();
  await answerTxt(stack, `_folioforge.${domain}`, [`folioforge-verify=${claim.data!.token}`]);
  const proof = await client.functions.invoke('publish', { body: { action: 'verify-domain', domain } });
  expect(proof.data?.verified, JSON.stringify(proof.error)).toBe(true);

  // The site server answers the domain where it answers the site (its port here): Chromium sends the name there.
  const { port } = new URL(stack.shellUrl);
  const onDomain = `http://${domain}:${port}`;
  const domainBrowser = await chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, `--host-resolver-rules=MAP ${domain} 127.0.0.1`],
  });
  try {
    const buyer = await (await domainBrowser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })).newPage();
    await buyer.goto(`${onDomain}/`);
    await buyer.getByRole('spinbutton', { name: 'Quantity of Chocolate cake' }).fill('1');
    const form = buyer.getByRole('form', { name: 'Your order' });
    await form.getByLabel('Your name').fill('Ravi Buyer');
    await form.getByLabel('Email').fill(buyerEmail);
    await form.getByLabel('Phone').fill('+91 98765 43211');
    await form.getByRole('button', { name: 'Order and pay' }).click();
    await expect(buyer.getByRole('button', { name: 'Pay ₹450.00' })).toBeVisible();
    await expect(buyer.getByRole('link', { name: 'Back to the order' })).toHaveAttribute('href', `${onDomain}/`);
    const paid = await payShopOrderInSandbox(
      buyer,
      await (await domainBrowser.newContext({ viewport: { width: 390, height: 844 } })).newPage(),
    );
    await expect(paid.getByRole('heading', { name: 'Thank you: your order is paid' })).toBeVisible();
    assert.equal(new URL(paid.url()).host, `${domain}:${port}`, 'the confirmation is on the shop’s own domain');
    const status = paid.getByRole('link', { name: 'Your order’s status' });
    await expect(status).toHaveAttribute('href', /\/functions\/v1\/orders\/status\/FF-[0-9A-Z]{10}-[0-9a-f]{64}$/);
    const statusPage = await (await domainBrowser.newContext({ javaScriptEnabled: false })).newPage();
    await statusPage.goto((await status.getAttribute('href'))!);
    assert.equal(new URL(statusPage.url()).host, `${domain}:${port}`, 'the status page too');
    await expect(statusPage.getByText('Chocolate cake').first()).toBeVisible();
    await paid.getByRole('link', { name: 'Back to the shop' }).click();
    await expect.poll(() => new URL(paid.url()).host).toBe(`${domain}:${port}`);
    await expect(paid.getByRole('heading', { name: 'Chocolate cake' })).toBeVisible();
  } finally {
    await domainBrowser.close();
  }
});
