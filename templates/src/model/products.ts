// Products that are for sale: a product item's price as money (an amount in the shop currency's minor
// unit), a "was" price, stock and options, and the shop's currency and shipping. A product keeps its
// old free-text `price`; it is shown as text only while no amount is set, and such a product is not
// for sale. Saved rows were upgraded once by SQL (supabase/migrations/*_product_amounts.sql,
// public.inr_amount_from_text); device drafts and open rows are upgraded by `withProductAmounts` when
// the editor opens them (coerce.ts). Both follow the same rules, over the same fixtures
// (templates/src/testing/productPrices.ts).
import { z } from 'zod';
import {
  DEFAULT_SHOP_CURRENCY,
  SHOP_CURRENCIES,
  SHOP_CURRENCY_CODES,
  currencyExponent,
  isShopCurrency,
  type ShopCurrency,
} from '@folioforge/shared/money';
import { withoutControlCharacters } from '@folioforge/shared/typed-text';
import { builtOnFirstUse } from './builtOnFirstUse';
import { ID_PATTERN, newId } from './ids';
import type { SectionKind } from './kinds';

export { DEFAULT_SHOP_CURRENCY, SHOP_CURRENCIES, currencyExponent, isShopCurrency, type ShopCurrency };
export { formatMoney } from '@folioforge/shared/money';

export interface ProductOption {
  id: string;
  /** e.g. "Large", "Chocolate". */
  name: string;
  /** Minor units; null: the product's price. */
  price: number | null;
  /** null: unlimited. */
  stock: number | null;
}

export interface ProductSale {
  /** Minor units (paise, cents) in the shop's currency; null: no price yet (not for sale). */
  price: number | null;
  /** The "was" price, more than `price`. */
  compareAt?: number | null;
  /** For a product without options; null: unlimited. With options each option counts its own. */
  stock: number | null;
  /** What the options choose, e.g. "Size". */
  optionName?: string;
  options: ProductOption[];
}

export interface ShopShipping {
  /** The buyer may collect the order. */
  pickup: boolean;
  /** Minor units for delivery of an order; null: the shop does not ship (0: ships for free). */
  flatFee: number | null;
  /** Orders of at least this much (minor units) ship for free; null: never. */
  freeOver: number | null;
}

export interface ShopSettings {
  currency: ShopCurrency;
  shipping: ShopShipping;
}

/** The parts a kind's items have besides their text fields. */
export type ItemExtras<K extends SectionKind> = K extends 'products' ? { sale?: ProductSale } : unknown;

/** The stated limits of selling (added to the model's LIMITS). */
export const PRODUCT_LIMITS = {
  /** Options of one product. */
  productOptions: 10,
  optionNameLength: 40,
  optionLength: 60,
  /** The most a price, a fee or a threshold may be, in minor units (Postgres' integer holds it). */
  maxAmount: 1_000_000_000,
  maxStock: 1_000_000,
} as const;

export const DEFAULT_SHIPPING: ShopShipping = { pickup: true, flatFee: null, freeOver: null };

/** A portfolio's shop before its owner set one up: rupees, pickup. */
export const DEFAULT_SHOP: ShopSettings = Object.freeze({ currency: DEFAULT_SHOP_CURRENCY, shipping: DEFAULT_SHIPPING });

/** The shop of a portfolio, its defaults when it has none. */
export function shopOf(portfolio: { readonly shop?: ShopSettings }): ShopSettings {
  return portfolio.shop ?? DEFAULT_SHOP;
}

const currencyName = (currency: string) => SHOP_CURRENCIES.find((entry) => entry.code === currency)?.name ?? currency;

// ─── reading a typed price ─────────────────────────────────────────────────────────────────────

/** ASCII white space and the no-break space: the SQL upgrade trims the same characters. */
const SPACE = '[ \\t\\n\\r\\f\\v\\u00a0]';
/** 450 · 1,250 · 1,00,000 · 12.50: digits, grouped by commas or not, a point before the fraction. */
const AMOUNT = /^(\d{1,3}(?:,\d{2,3})+|\d+)(?:\.(\d+))?$/;

/** How a price in each currency may be written around its amount, beside its code. */
const MARKS: Partial<Record<ShopCurrency, { before: string[]; after?: string[] }>> = {
  INR: { before: ['₹', 'Rs.', 'Rs', 'Re.', 'Re'], after: ['/-'] },
  USD: { before: ['US$', '$'] },
  EUR: { before: ['€'], after: ['€'] },
  GBP: { before: ['£'] },
  JPY: { before: ['¥', '￥'], after: ['円'] },
  AUD: { before: ['A$', 'AU$'] },
  CAD: { before: ['C$', 'CA$'] },
  HKD: { before: ['HK$'] },
  NZD: { before: ['NZ$'] },
  SGD: { before: ['S$'] },
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const anyOf = (marks: readonly string[]) => marks.map(escape).join('|');

const MONEY_SIGNS = /[$€£¥￥₹]|(^|[^a-z])rs\.?([^a-z]|$)/i;

/** Signs of money in another currency than the shop's: symbols and codes left once its own are taken out. */
function foreignMark(text: string, currency: ShopCurrency): boolean {
  const own = [...(MARKS[currency]?.before ?? []), ...(MARKS[currency]?.after ?? [])];
  const rest = own.length ? text.replace(new RegExp(anyOf(own), 'gi'), ' ') : text;
  return (
    MONEY_SIGNS.test(rest) ||
    SHOP_CURRENCY_CODES.some((code) => code !== currency && new RegExp(`(^|[^a-z])${code}([^a-z]|$)`, 'i').test(rest))
  );
}

export type PriceReading = { ok: true; amount: number } | { ok: false; message: string };

/** The message beside a price that is not an amount. */
export const PRICE_NOT_AN_AMOUNT = 'Write the price as an amount, like 450';

/**
 * A price as typed ("₹450", "Rs. 1,250", "450", "12.50", "$12.50" in a dollar shop) as an amount in
 * `currency`'s minor units, or why it is none.
 */
export function readPrice(typed: string, currency: ShopCurrency = DEFAULT_SHOP_CURRENCY): PriceReading {
  const marks = MARKS[currency];
  const before = anyOf([currency, ...(marks?.before ?? [])]);
  const after = anyOf([currency, ...(marks?.after ?? [])]);
  const text = typed
    .replace(new RegExp(`^${SPACE}+|${SPACE}+$`, 'g'), '')
    .replace(new RegExp(`^(?:${before})${SPACE}*`, 'i'), '')
    .replace(new RegExp(`${SPACE}*(?:${after})$`, 'i'), '');
  const match = AMOUNT.exec(text);
  if (!match) {
    if (foreignMark(typed, currency))
      return {
        ok: false,
        message: `This price is not in the shop’s currency (${currencyName(currency)}): write it as an amount, like 450`,
      };
    return { ok: false, message: PRICE_NOT_AN_AMOUNT };
  }
  const exponent = currencyExponent(currency);
  const whole = match[1]!.replace(/,/g, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent)
    return {
      ok: false,
      message: exponent === 0 ? `A price in ${currencyName(currency)} has no decimals` : `Write at most ${exponent} digits after the point`,
    };
  const digits = `${whole}${fraction.padEnd(exponent, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > String(PRODUCT_LIMITS.maxAmount).length || Number(digits) > PRODUCT_LIMITS.maxAmount)
    return { ok: false, message: `At most ${amountText(PRODUCT_LIMITS.maxAmount, currency)}` };
  return { ok: true, amount: Number(digits) };
}

/** An amount as the editor's field shows it: "1250.50" for 125050 paise, "295" for 295 yen. */
export function amountText(minorUnits: number, currency: string): string {
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(minorUnits);
  const digits = String(minorUnits).padStart(exponent + 1, '0');
  const fraction = digits.slice(-exponent);
  return `${digits.slice(0, -exponent)}${/^0+$/.test(fraction) ? '' : `.${fraction}`}`;
}

// ─── the upgrade of a product's free-text price ──────────────────────────────────────────────

interface ProductItemLike {
  price: string;
  sale?: ProductSale;
}

/**
 * A product whose price is still text becomes one with an amount where the text reads as one in the
 * shop's currency; otherwise it is left as it is (not for sale; the editor says why).
 */
export function withProductAmount<T extends ProductItemLike>(item: T, currency: ShopCurrency): T {
  if (item.sale !== undefined || item.price.trim() === '') return item;
  const reading = readPrice(item.price, currency);
  return reading.ok ? { ...item, price: '', sale: { price: reading.amount, stock: null, options: [] } } : item;
}

/** Every product of a portfolio in the model with its text price read as an amount where it reads as one. */
export function withProductAmounts<
  T extends { readonly shop?: ShopSettings; readonly sections: readonly { kind: string; items: readonly object[] }[] },
>(portfolio: T): T {
  const currency = shopOf(portfolio).currency;
  return {
    ...portfolio,
    sections: portfolio.sections.map((section) =>
      section.kind === 'products'
        ? { ...section, items: section.items.map((item) => withProductAmount(item as ProductItemLike, currency)) }
        : section,
    ),
  };
}

// ─── what a page says of a product ────────────────────────────────────────────────────────────

export interface OfferOption {
  id: string;
  name: string;
  price: number | null;
  soldOut: boolean;
}

export interface ProductOffer {
  /** The price shown: the product's, or with options the lowest of theirs. */
  price: number;
  /** With options of different prices: the price is where they start. */
  from: boolean;
  compareAt: number | null;
  soldOut: boolean;
  optionName: string;
  options: OfferOption[];
}

/** What a page shows of a product's sale; undefined when it has no amount (its text price, if any, shows). */
export function productOffer(item: { readonly sale?: ProductSale }): ProductOffer | undefined {
  const sale = item.sale;
  if (!sale) return undefined;
  const options = sale.options.map((option) => ({
    id: option.id,
    name: option.name,
    price: option.price ?? sale.price,
    soldOut: option.stock === 0,
  }));
  const prices = (options.length ? options.map((option) => option.price) : [sale.price]).filter((price): price is number => price !== null);
  if (prices.length === 0) return undefined;
  const price = Math.min(...prices);
  const compareAt = sale.compareAt ?? null;
  return {
    price,
    from: new Set(prices).size > 1,
    compareAt: compareAt !== null && compareAt > price ? compareAt : null,
    soldOut: options.length ? options.every((option) => option.soldOut || option.price === null) : sale.stock === 0,
    optionName: sale.optionName?.trim() ?? '',
    options,
  };
}

// ─── the checks ───────────────────────────────────────────────────────────────────────────────

const amountSchema = (what: string) =>
  z
    .number({ error: `${what} must be an amount` })
    .int({ error: `${what} must be a whole number of the currency’s smallest unit` })
    .min(0, { error: `${what} cannot be less than 0` })
    .max(PRODUCT_LIMITS.maxAmount, { error: `${what} is more than the most a price may be` });

const stockSchema = z
  .number({ error: 'stock must be a count' })
  .int({ error: 'stock must be a whole number' })
  .min(0, { error: 'stock cannot be less than 0' })
  .max(PRODUCT_LIMITS.maxStock, { error: `stock is at most ${PRODUCT_LIMITS.maxStock.toLocaleString('en')}` });

const name = (max: number) =>
  z
    .string({ error: 'must be text' })
    .overwrite((value) => withoutControlCharacters(value, { multiline: false }))
    .trim()
    .max(max, { error: `at most ${max} characters` });

export const productSaleSchema = builtOnFirstUse(() =>
  z
    .object({
      price: amountSchema('the price').nullable(),
      compareAt: amountSchema('the “was” price').nullable().optional(),
      stock: stockSchema.nullable(),
      optionName: name(PRODUCT_LIMITS.optionNameLength).optional(),
      options: z
        .array(
          z.object({
            id: z.string({ error: 'must be an id' }).regex(ID_PATTERN, { message: 'must be an id of letters, digits, - and _' }),
            name: name(PRODUCT_LIMITS.optionLength).min(1, { error: 'an option needs a name' }),
            price: amountSchema('an option’s price').nullable(),
            stock: stockSchema.nullable(),
          }),
        )
        .max(PRODUCT_LIMITS.productOptions, { error: `a product has at most ${PRODUCT_LIMITS.productOptions} options` })
        .default([]),
    })
    .superRefine((sale, context) => {
      if (sale.compareAt != null && sale.price != null && sale.compareAt <= sale.price)
        context.addIssue({ code: 'custom', path: ['compareAt'], message: 'the “was” price must be more than the price' });
      const ids = sale.options.map((option) => option.id);
      if (new Set(ids).size !== ids.length)
        context.addIssue({ code: 'custom', path: ['options'], message: 'two options have the same id' });
      const names = sale.options.map((option) => option.name.toLowerCase());
      if (new Set(names).size !== names.length)
        context.addIssue({ code: 'custom', path: ['options'], message: 'two options have the same name' });
    }),
);

export const shopSettingsSchema = builtOnFirstUse(() =>
  z
    .object({
      currency: z.enum(SHOP_CURRENCY_CODES, { error: 'choose a currency from the list' }).default(DEFAULT_SHOP_CURRENCY),
      shipping: z
        .object({
          pickup: z.boolean({ error: 'must be true or false' }).default(DEFAULT_SHIPPING.pickup),
          flatFee: amountSchema('the shipping fee').nullable().default(null),
          freeOver: amountSchema('the free-shipping amount').nullable().default(null),
        })
        .default(DEFAULT_SHIPPING),
    })
    .superRefine((shop, context) => {
      if (!shop.shipping.pickup && shop.shipping.flatFee === null)
        context.addIssue({ code: 'custom', path: ['shipping'], message: 'offer pickup, shipping, or both' });
    }),
);

// ─── opening what a row or a draft holds (coerce.ts) ─────────────────────────────────────────

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A saved sale in its shape, every number kept (the schema says what is wrong); undefined when there is none. */
export function coerceSale(value: unknown): ProductSale | undefined {
  if (!isRecord(value)) return undefined;
  const sale: ProductSale = {
    price: numberOrNull(value.price),
    stock: numberOrNull(value.stock),
    options: (Array.isArray(value.options) ? value.options.filter(isRecord) : []).map((option) => ({
      id: typeof option.id === 'string' && ID_PATTERN.test(option.id) ? option.id : newId(),
      name: typeof option.name === 'string' ? option.name : '',
      price: numberOrNull(option.price),
      stock: numberOrNull(option.stock),
    })),
  };
  if ('compareAt' in value) sale.compareAt = numberOrNull(value.compareAt);
  if (typeof value.optionName === 'string') sale.optionName = value.optionName;
  return sale;
}

/** Saved shop settings in their shape; undefined when there are none. */
export function coerceShop(value: unknown): ShopSettings | undefined {
  if (!isRecord(value)) return undefined;
  const shipping = isRecord(value.shipping) ? value.shipping : {};
  return {
    currency: isShopCurrency(value.currency) ? value.currency : DEFAULT_SHOP_CURRENCY,
    shipping: {
      pickup: typeof shipping.pickup === 'boolean' ? shipping.pickup : DEFAULT_SHIPPING.pickup,
      flatFee: numberOrNull(shipping.flatFee),
      freeOver: numberOrNull(shipping.freeOver),
    },
  };
}
