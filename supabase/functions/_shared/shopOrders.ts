// Pricing an order from a published site's snapshot (published_pages.data: the portfolio as it was
// published, its home page and its other pages), never from the form: which products the site
// sells, at what price, with which options, how many are left by the page's count, and what shipping
// costs. The stock actually held is the database's (reserve_shop_order, which reads the same pages);
// this refuses early what the page itself already rules out, with a message beside the field.
// Dependency-free apart from the form's contract.
import { optionField, quantityField, type OrderForm } from './contracts/pageForms.ts';
import { DEFAULT_SHOP_CURRENCY, isShopCurrency, type ShopCurrency } from './currencies.ts';

/** A priced line, as reserve_shop_order records it. */
export interface PricedLine {
  item: string;
  /** '' without an option. */
  option: string;
  name: string;
  optionName: string | null;
  quantity: number;
  unitAmount: number;
}

export interface PricedOrder {
  currency: ShopCurrency;
  lines: PricedLine[];
  itemsAmount: number;
  shippingAmount: number;
  totalAmount: number;
}

export type Pricing = { ok: true; order: PricedOrder } | { ok: false; errors: Record<string, string> };

// ─── the snapshot as saved (checked by the model's schema when it was published) ────────────
interface SnapshotOption {
  id: string;
  name: string;
  price: number | null;
  stock: number | null;
}
interface SnapshotProduct {
  id: string;
  name: string;
  sale: { price: number | null; stock: number | null; options: SnapshotOption[] };
}
interface Shop {
  currency: ShopCurrency;
  pickup: boolean;
  flatFee: number | null;
  freeOver: number | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const amountOrNull = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);

/** Every section of the site: its home page's, then each of its pages' (templates/src/model/site.ts). */
function sectionsOf(data: unknown): unknown[] {
  if (!isRecord(data)) return [];
  const home = Array.isArray(data.sections) ? data.sections : [];
  const pages = Array.isArray(data.pages) ? data.pages.filter(isRecord) : [];
  return [...home, ...pages.flatMap((page) => (Array.isArray(page.sections) ? page.sections : []))];
}

/** The products of the site's pages that have a sale, by id (an id the site repeats: its first). */
function productsOf(data: unknown): Map<string, SnapshotProduct> {
  const products = new Map<string, SnapshotProduct>();
  for (const section of sectionsOf(data)) {
    if (!isRecord(section) || section.kind !== 'products' || !Array.isArray(section.items)) continue;
    for (const item of section.items) {
      if (!isRecord(item) || typeof item.id !== 'string' || !isRecord(item.sale) || products.has(item.id)) continue;
      const sale = item.sale;
      products.set(item.id, {
        id: item.id,
        name: typeof item.name === 'string' && item.name.trim() ? item.name.trim() : 'Product',
        sale: {
          price: amountOrNull(sale.price),
          stock: amountOrNull(sale.stock),
          options: (Array.isArray(sale.options) ? sale.options.filter(isRecord) : []).map((option) => ({
            id: String(option.id),
            name: typeof option.name === 'string' ? option.name : '',
            price: amountOrNull(option.price),
            stock: amountOrNull(option.stock),
          })),
        },
      });
    }
  }
  return products;
}

/** Each product's name by id, for messages beside its fields. */
export function productNames(data: unknown): Map<string, string> {
  return new Map([...productsOf(data)].map(([id, product]) => [id, product.name]));
}

/** The shop's name as the checkout shows it: the page's profile name. */
export function shopNameOf(data: unknown): string {
  const profile = isRecord(data) && isRecord(data.profile) ? data.profile : {};
  return typeof profile.name === 'string' && profile.name.trim() ? profile.name.trim() : 'Order';
}

/** The shop's currency and shipping as published, its defaults (rupees, pickup) when unset. */
export function shopOfSnapshot(data: unknown): Shop {
  const shop = isRecord(data) && isRecord(data.shop) ? data.shop : {};
  const shipping = isRecord(shop.shipping) ? shop.shipping : {};
  return {
    currency: isShopCurrency(shop.currency) ? shop.currency : DEFAULT_SHOP_CURRENCY,
    pickup: typeof shipping.pickup === 'boolean' ? shipping.pickup : true,
    flatFee: amountOrNull(shipping.flatFee),
    freeOver: amountOrNull(shipping.freeOver),
  };
}

const left = (count: number) => (count === 0 ? 'This is sold out' : `Only ${count} left`);

/**
 * The order the form asks for, priced from the snapshot: every amount from the page, the form's
 * quantities, options and delivery choice only. Problems are keyed by the form's field names.
 */
export function priceOrder(data: unknown, form: Pick<OrderForm, 'lines' | 'delivery'>): Pricing {
  const products = productsOf(data);
  const shop = shopOfSnapshot(data);
  const errors: Record<string, string> = {};
  const lines: PricedLine[] = [];
  const wanted = new Map<string, number>();
  for (const line of form.lines) {
    const product = products.get(line.item);
    if (!product) {
      errors[quantityField(line.item)] = 'This product is not sold on this page';
      continue;
    }
    const options = product.sale.options;
    const option = line.option ? options.find((candidate) => candidate.id === line.option) : undefined;
    if (options.length > 0 && !option) {
      errors[optionField(line.item)] = line.option ? 'Choose an option from the list' : 'Choose an option';
      continue;
    }
    if (options.length === 0 && line.option) {
      errors[optionField(line.item)] = 'This product has no options';
      continue;
    }
    const unitAmount = option ? (option.price ?? product.sale.price) : product.sale.price;
    if (unitAmount === null) {
      errors[quantityField(line.item)] = 'This product is not for sale yet';
      continue;
    }
    // Counted per product or option across the order's lines, as the database holds it.
    const key = `${line.item}/${option?.id ?? ''}`;
    const quantity = (wanted.get(key) ?? 0) + line.quantity;
    wanted.set(key, quantity);
    const stock = option ? option.stock : product.sale.stock;
    if (stock !== null && quantity > stock) {
      errors[quantityField(line.item)] = left(stock);
      continue;
    }
    lines.push({
      item: product.id,
      option: option?.id ?? '',
      name: product.name,
      optionName: option?.name ?? null,
      quantity: line.quantity,
      unitAmount,
    });
  }
  if (form.delivery === 'ship' && shop.flatFee === null) errors.delivery = 'This shop does not deliver: choose pickup';
  if (form.delivery === 'pickup' && !shop.pickup) errors.delivery = 'This shop does not offer pickup: choose delivery';
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const itemsAmount = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  const shippingAmount =
    form.delivery === 'ship' && shop.flatFee !== null && !(shop.freeOver !== null && itemsAmount >= shop.freeOver) ? shop.flatFee : 0;
  return { ok: true, order: { currency: shop.currency, lines, itemsAmount, shippingAmount, totalAmount: itemsAmount + shippingAmount } };
}
