// /account's Orders and Customers: the owner's shop orders (with their items and refunds) and who
// signed up on their pages, read through PostgREST (row-level security shows an owner only their
// own; my_late_payments only theirs of the payments that came after an order closed), and the
// owner's actions through the shop function (_shared/contracts/shop.ts), which prices every refund
// itself. The rows' types are what the typed client answers for these selects.
import { useMemo } from 'react';
import { getSupabase, invokeFunction, type RequestOf } from '@folioforge/shared';
import { shopFunction } from '@folioforge/shared/functions';
import { useAccountQuery } from './accountData';

export const shopKeys = {
  orders: (userId: string) => ['shop-orders', userId] as const,
};

/** The newest orders /account lists (and exports). */
export const ORDERS_SHOWN = 500;

async function fetchShopOrders(): Promise<ShopOrder[]> {
  const [orders, late] = await Promise.all([fetchOrderRows(), getSupabase().rpc('my_late_payments')]);
  if (late.error) throw new Error(late.error.message);
  // The generated types cannot say which columns may be null: the function's own (its migration) are LatePayment's.
  const payments = late.data as (LatePayment & { order_id: string })[];
  return orders.map((order) => ({ ...order, late_payments: payments.filter((payment) => payment.order_id === order.id) }));
}

async function fetchOrderRows() {
  const { data, error } = await getSupabase()
    .from('shop_orders')
    .select(
      'id, order_number, portfolio_id, page_slug, buyer_name, buyer_email, buyer_phone, delivery, shipping_address, status, currency, ' +
        'items_amount, shipping_amount, total_amount, refunded_amount, razorpay_payment_id, fulfilment, fulfilled_at, fulfilment_note, ' +
        'created_at, paid_at, updated_at, expires_at, ' +
        'shop_order_items (line, name, option_name, unit_amount, quantity, line_amount, refunded_quantity), ' +
        'shop_order_refunds (id, amount, shipping_amount, status, razorpay_refund_id, created_at, settled_at)',
    )
    .order('created_at', { ascending: false })
    .limit(ORDERS_SHOWN)
    .returns<Omit<ShopOrder, 'late_payments'>[]>();
  if (error) throw new Error(error.message);
  return data ?? [];
}

export interface ShopOrderItem {
  line: number;
  name: string;
  option_name: string | null;
  unit_amount: number;
  quantity: number;
  line_amount: number;
  refunded_quantity: number;
}
export interface ShopOrderRefund {
  id: string;
  amount: number;
  shipping_amount: number;
  /** pending: claimed; with Razorpay's id, Razorpay answered `pending` and its webhook will settle it. */
  status: 'pending' | 'processed' | 'failed';
  /** Razorpay's refund: set once Razorpay took the refund (a failed one with it: Razorpay could not make it). */
  razorpay_refund_id: string | null;
  created_at: string;
  settled_at: string | null;
}
/** A payment that came after the order closed (my_late_payments): owed back, its refund where it stands. */
export interface LatePayment {
  amount: number;
  currency: string;
  /** null: owed, no refund made yet; pending: under way at Razorpay; failed: Razorpay could not make it (owed again). */
  refund_status: 'pending' | 'processed' | 'failed' | null;
  created_at: string;
  refunded_at: string | null;
}
export interface ShippingAddress {
  line1?: string;
  line2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
}
export interface ShopOrder {
  id: string;
  order_number: string;
  portfolio_id: string | null;
  page_slug: string;
  buyer_name: string;
  buyer_email: string;
  buyer_phone: string;
  delivery: 'pickup' | 'ship';
  shipping_address: ShippingAddress | null;
  status: 'pending' | 'paid' | 'expired' | 'cancelled' | 'refunded' | 'partially_refunded';
  currency: string;
  items_amount: number;
  shipping_amount: number;
  total_amount: number;
  refunded_amount: number;
  razorpay_payment_id: string | null;
  fulfilment: 'shipped' | 'ready_for_pickup' | null;
  fulfilled_at: string | null;
  fulfilment_note: string | null;
  created_at: string;
  paid_at: string | null;
  updated_at: string;
  expires_at: string;
  shop_order_items: ShopOrderItem[];
  shop_order_refunds: ShopOrderRefund[];
  late_payments: LatePayment[];
}

export function useShopOrders(userId: string) {
  return useAccountQuery(useMemo(() => ({ queryKey: shopKeys.orders(userId), queryFn: fetchShopOrders }), [userId]));
}

/** The filters of the Orders list. */
export const ORDER_FILTERS = ['all', 'paid', 'shipped', 'refunded', 'pending', 'cancelled'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/**
 * The filters an order falls under. A filter says where the order is: shipped (or ready) once marked,
 * to ship while only paid, waiting, or cancelled/expired. A refund is shown on the order and does not
 * move it: a shipped order refunded in part stays under "Shipped or ready" (and is under "Refunded"
 * too); refunded in full, it is only under "Refunded".
 */
export function filtersOf(order: ShopOrder): ReadonlySet<Exclude<OrderFilter, 'all'>> {
  switch (order.status) {
    case 'refunded':
      return new Set(['refunded']);
    case 'partially_refunded':
      return new Set([order.fulfilment ? 'shipped' : 'paid', 'refunded']);
    case 'paid':
      return new Set([order.fulfilment ? 'shipped' : 'paid']);
    case 'pending':
      return new Set(['pending']);
    default:
      return new Set(['cancelled']);
  }
}

export function matchesOrder(order: ShopOrder, filter: OrderFilter, search: string): boolean {
  if (filter !== 'all' && !filtersOf(order).has(filter)) return false;
  const words = search.trim().toLocaleLowerCase();
  if (!words) return true;
  return [order.buyer_name, order.buyer_email, order.buyer_phone, order.order_number].some((field) =>
    field.toLocaleLowerCase().includes(words),
  );
}

export const fulfilOrder = (orderId: string, note: string) =>
  invokeFunction(shopFunction, { action: 'fulfil', orderId, ...(note.trim() ? { note: note.trim() } : {}) });

/** The refund Razorpay is still making (it answered `pending`): no other refund of the order until it ends. */
export const refundAtRazorpay = (order: ShopOrder) => order.shop_order_refunds.find((r) => r.status === 'pending' && r.razorpay_refund_id);

/** The order's latest refund, when Razorpay took it and then could not make it (refund.failed): the owner may refund again. */
export function refundRazorpayFailed(order: ShopOrder) {
  const latest = [...order.shop_order_refunds].sort((a, b) => a.created_at.localeCompare(b.created_at)).at(-1);
  return latest?.status === 'failed' && latest.razorpay_refund_id ? latest : undefined;
}

export const refundOrder = (request: Omit<Extract<RequestOf<typeof shopFunction>, { action: 'refund' }>, 'action'>) =>
  invokeFunction(shopFunction, { action: 'refund', ...request });

/** A fresh key for one press of Refund: the server makes one refund of it however often it arrives. */
export const newRequestKey = () =>
  `refund-${Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
