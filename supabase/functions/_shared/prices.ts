// The one price list, used by the pricing screen, the checkout button, the account page and the
// payment functions. It lives here because Supabase deploys a function only with what is under
// supabase/functions/ (supabase/cli#3467); the frontends read it through @folioforge/shared.
// Dependency-free on purpose. Template prices are generated from each template folder's
// template.json (tooling/templateIndex.mjs).
//
// Each price has one currency, shown and charged alike: plans are monthly subscriptions in US
// dollars (Razorpay Subscriptions take international currencies by card), templates are one-time
// purchases in whole Indian rupees.
import { TEMPLATE_PRICES, type TemplateId } from './templatePrices.generated.ts';
import { currencyExponent } from './currencies.ts';

export { TEMPLATE_PRICES, type TemplateId };

type Currency = 'INR' | 'USD';

/** Templates are bought once, in rupees. */
export const TEMPLATE_CURRENCY = 'INR' as const satisfies Currency;
/** Plans are billed monthly, in US dollars. */
export const PLAN_CURRENCY = 'USD' as const satisfies Currency;

export type PlanId = 'basic' | 'pro' | 'premium';

export interface PlanPrice {
  id: PlanId;
  name: string;
  /** Minor units (cents) charged every month. */
  amount: number;
  currency: typeof PLAN_CURRENCY;
  /** Higher ranks include everything lower ones do: a change to a higher rank is an upgrade. */
  rank: number;
}

export const PLANS: readonly PlanPrice[] = [
  { id: 'basic', name: 'Basic', amount: 999, currency: PLAN_CURRENCY, rank: 1 },
  { id: 'pro', name: 'Pro', amount: 1999, currency: PLAN_CURRENCY, rank: 2 },
  { id: 'premium', name: 'Premium', amount: 2999, currency: PLAN_CURRENCY, rank: 3 },
];

export const PLAN_IDS = PLANS.map((plan) => plan.id) as readonly PlanId[];

export type PurchaseItem = { itemType: 'plan'; itemId: PlanId } | { itemType: 'template'; itemId: TemplateId };

interface Price {
  /** Minor units: cents for USD, paise for INR. */
  amount: number;
  currency: Currency;
}

export function planById(id: string): PlanPrice | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** The price of what the buyer names, with its currency; undefined when the item does not exist. */
export function priceFor(item: { itemType: string; itemId: string | number }): Price | undefined {
  if (item.itemType === 'plan') {
    const plan = typeof item.itemId === 'string' ? planById(item.itemId) : undefined;
    return plan ? { amount: plan.amount, currency: plan.currency } : undefined;
  }
  if (item.itemType === 'template') {
    // Only the canonical spelling: '0x3' or '3.0' would be charged for 3 but stored as something else.
    const id = typeof item.itemId === 'number' ? item.itemId : /^[1-9][0-9]*$/.test(item.itemId) ? Number(item.itemId) : NaN;
    const rupees: number | undefined = TEMPLATE_PRICES[id as TemplateId];
    return rupees === undefined ? undefined : { amount: rupees * 100, currency: TEMPLATE_CURRENCY };
  }
  return undefined;
}

/** Amount in minor units for what the buyer names; undefined when the item does not exist. */
export function priceOf(item: { itemType: string; itemId: string | number }): number | undefined {
  return priceFor(item)?.amount;
}

/** Symbols of the currencies we charge in, as en-IN spells them (a Map: 'toString' is no currency). */
const SYMBOLS = new Map<string, string>([
  ['INR', '₹'],
  ['USD', '$'],
] satisfies [Currency, string][]);

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * "$19.99" for 1999 USD cents, "₹1,00,000.00" for 10000000 INR paise: the one spelling of an amount,
 * on the pricing screen, the checkout, the account page and the receipt (the sandbox checkout matches
 * it). It is what `Intl.NumberFormat('en-IN', { style: 'currency' })` writes, spelt by hand for our
 * two currencies: a page's first Intl object makes Chromium load its ICU data, 150–230 ms on a phone,
 * and the editor shows a price on its first screen. Other currencies go through Intl, each amount in
 * its own minor unit (a shop's yen have none, currencies.ts).
 */
export function formatMoney(minorUnits: number, currency: string): string {
  const symbol = SYMBOLS.get(currency);
  if (symbol === undefined || !Number.isSafeInteger(Math.round(minorUnits))) {
    let format = formatters.get(currency);
    if (!format) {
      format = new Intl.NumberFormat('en-IN', { style: 'currency', currency });
      formatters.set(currency, format);
    }
    return format.format(minorUnits / 10 ** currencyExponent(currency));
  }
  const units = Math.round(Math.abs(minorUnits));
  const whole = String(Math.floor(units / 100));
  const fraction = String(units % 100).padStart(2, '0');
  // Indian grouping: the last three digits, then pairs (1,23,45,678).
  const grouped = whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
  // Intl keeps the sign of what rounds to zero, even of -0.
  return `${minorUnits < 0 || Object.is(minorUnits, -0) ? '-' : ''}${symbol}${grouped}.${fraction}`;
}

/** "₹100.00" for 10000 paise. */
export function formatInr(minorUnits: number): string {
  return formatMoney(minorUnits, 'INR');
}

/** What a currency is called in a sentence, e.g. "US dollars (USD)". */
export function currencyName(currency: Currency): string {
  return currency === 'USD' ? 'US dollars (USD)' : 'Indian rupees (INR)';
}
