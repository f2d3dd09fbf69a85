import type { Locator, Page } from 'playwright-core';

/** Pays (or authorises a plan) in the Razorpay sandbox's checkout dialog with a test card. */
export async function payWithCard(page: Page, cardNumber: string) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByLabel('Card number').fill(cardNumber);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/30');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: /^(Pay|Retry payment|Authorise card|Retry authorisation)/ }).click();
}

/** A card the sandbox charges. */
export const GOOD_CARD = '4100 2800 0000 1007';

/**
 * From FolioForge's "Pay for order" page (reached with scripts off) to Razorpay's hosted checkout,
 * which runs Razorpay's own script: the same page in `paying` (scripts on), its button posting the same
 * form; paid with the good card. Answers `paying` once it lands on the order's callback.
 */
export async function payShopOrderInSandbox(payPage: Page, paying: Page): Promise<Page> {
  await paying.setContent(await payPage.content());
  await paying.getByRole('button', { name: /^Pay ₹/ }).click();
  await paying.getByRole('button', { name: 'Pay', exact: true }).click();
  await payWithCard(paying, GOOD_CARD);
  await paying.waitForURL(/\/functions\/v1\/orders\/callback/);
  return paying;
}
/** One of Razorpay's test cards that can authorise a subscription (a plan). */
export const SUBSCRIPTION_CARD = '4718 6091 0820 4366';

/**
 * The editor's Get button, scrolled to as a buyer does: below the editor's first screen, it loads
 * the checkout when it nears the view, and until then holds its place with a busy button.
 */
export async function checkoutButton(scope: Page | Locator, getButton = 'Get Temp 1'): Promise<Locator> {
  await scope.getByRole('button', { name: getButton }).first().scrollIntoViewIfNeeded();
  return scope.getByRole('button', { name: getButton, exact: true });
}

/** Scrolls to the editor's actions below its form, beside the checkout, which loads as it nears the view. */
export async function scrollToCheckout(page: Page) {
  await page.getByRole('link', { name: 'Choose another template' }).scrollIntoViewIfNeeded();
}

/** On /design: buys the open template (its Get button, e.g. 'Get Temp 1') with the sandbox's good card. */
export async function buyTemplate(page: Page, getButton = 'Get Temp 1') {
  await (await checkoutButton(page, getButton)).click();
  await payWithCard(page, GOOD_CARD);
  await page.getByText(/Payment successful!/).waitFor({ timeout: 15_000 });
  await page.keyboard.press('Escape');
}
