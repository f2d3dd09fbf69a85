import type { Page } from 'playwright-core';

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
/** One of Razorpay's test cards that can authorise a subscription (a plan). */
export const SUBSCRIPTION_CARD = '4718 6091 0820 4366';

/** On /design: buys the open template (its Get button, e.g. 'Get Temp 1') with the sandbox's good card. */
export async function buyTemplate(page: Page, getButton = 'Get Temp 1') {
  await page.getByRole('button', { name: getButton }).click();
  await payWithCard(page, GOOD_CARD);
  await page.getByText(/Payment successful!/).waitFor({ timeout: 15_000 });
  await page.keyboard.press('Escape');
}
