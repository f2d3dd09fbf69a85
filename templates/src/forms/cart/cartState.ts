// The scripts-on cart's state (issue 48), apart from the page: what a visitor chose, kept in the tab's
// sessionStorage per site so it follows them across the site's pages and a reload. One line per
// product, as the page's one order form has one quantity and one option per product; the prices are
// the ones the page printed, for a preview total only: the orders function prices the published page.
import { ORDER_LIMITS } from '../../../../supabase/functions/_shared/orderFields';

export interface CartOption {
  id: string;
  name: string;
  /** In the shop currency's minor unit, as the page printed it. */
  price: number;
}

export interface CartLine {
  /** The product's item id: its form fields are `quantity.<item>` and `option.<item>`. */
  item: string;
  name: string;
  quantity: number;
  /** The chosen option's id, '' for a product without options. */
  option: string;
  /** The product's options that can be ordered (none: the product has one price). */
  options: CartOption[];
  /** Without options: its price (minor units). */
  price: number;
  /** The most the form takes of it (its stock or the order limit). */
  max: number;
}

export interface Cart {
  lines: CartLine[];
  /** The form was posted from this cart (cleared on the next fresh visit, kept on Back). */
  sent: boolean;
}

export const EMPTY_CART: Cart = { lines: [], sent: false };

export const cartStorageKey = (portfolioId: string) => `ff-cart:${portfolioId}`;

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/** A quantity the form takes: a whole number from 0 to `max`. */
export function clampQuantity(value: unknown, max: number = ORDER_LIMITS.quantity): number {
  const number = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  if (!Number.isFinite(number)) return 0;
  return Math.max(0, Math.min(Math.floor(number), max, ORDER_LIMITS.quantity));
}

/** The cart as stored, or an empty one for anything else (another version, a hand-edited value). */
export function parseCart(stored: string | null): Cart {
  if (!stored) return EMPTY_CART;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null || !Array.isArray((value as { lines?: unknown }).lines)) return EMPTY_CART;
    const lines: CartLine[] = [];
    for (const raw of (value as { lines: unknown[] }).lines) {
      if (typeof raw !== 'object' || raw === null) continue;
      const line = raw as Record<string, unknown>;
      const options = Array.isArray(line.options)
        ? line.options
            .filter((option): option is Record<string, unknown> => typeof option === 'object' && option !== null)
            .filter((option) => typeof option.id === 'string' && ID.test(option.id) && isAmount(option.price))
            .map((option) => ({ id: option.id as string, name: text(option.name, 120), price: option.price as number }))
        : [];
      const max = clampQuantity(line.max);
      const quantity = clampQuantity(line.quantity, max);
      const option = typeof line.option === 'string' ? line.option : '';
      if (typeof line.item !== 'string' || !ID.test(line.item) || quantity === 0 || !isAmount(line.price)) continue;
      if (options.length ? !options.some((choice) => choice.id === option) : option !== '') continue;
      if (lines.some((known) => known.item === line.item) || lines.length >= ORDER_LIMITS.lines) continue;
      lines.push({ item: line.item, name: text(line.name, 200), quantity, option, options, price: line.price, max });
    }
    return { lines, sent: (value as { sent?: unknown }).sent === true };
  } catch {
    return EMPTY_CART;
  }
}

export const serializeCart = (cart: Cart): string => JSON.stringify(cart);

/** The product in the cart with this quantity and option: added, changed, or (quantity 0) removed. */
export function setLine(cart: Cart, line: CartLine): Cart {
  const quantity = clampQuantity(line.quantity, line.max);
  const others = cart.lines.filter((known) => known.item !== line.item);
  if (quantity === 0) return { lines: others, sent: false };
  const at = cart.lines.findIndex((known) => known.item === line.item);
  const lines = [...others];
  lines.splice(at === -1 ? lines.length : at, 0, { ...line, quantity });
  return { lines: lines.slice(0, ORDER_LIMITS.lines), sent: false };
}

export const removeLine = (cart: Cart, item: string): Cart => ({ lines: cart.lines.filter((line) => line.item !== item), sent: false });

/** One of the line's product, at the option chosen. */
export function unitPrice(line: CartLine): number {
  return line.options.find((option) => option.id === line.option)?.price ?? line.price;
}

export const lineTotal = (line: CartLine) => unitPrice(line) * line.quantity;

/** The preview total: what the page's printed prices add up to (delivery and stock are the server's). */
export const cartTotal = (cart: Cart) => cart.lines.reduce((total, line) => total + lineTotal(line), 0);

export const itemCount = (cart: Cart) => cart.lines.reduce((count, line) => count + line.quantity, 0);

/** The line's name with its option ("Fruit tart, Large"). */
export function lineLabel(line: CartLine): string {
  const option = line.options.find((choice) => choice.id === line.option);
  return option ? `${line.name}, ${option.name}` : line.name;
}
