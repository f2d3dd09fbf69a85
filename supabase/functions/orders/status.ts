// The buyer's private order page: GET /orders/status/<token> (the link in the receipt mail and on the
// checkout's return page; _shared/shopMailLinks.ts). Only that order: its items, what it cost, how it
// comes and where it stands, and where the refund of a payment that came after it closed stands. No address, phone or email: the link may be forwarded. Any other text,
// another order's token included, is answered 404 with the same page, so a token reveals nothing.
// Plain HTML: it works with scripts off.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Env } from '../_shared/env.ts';
import { formatMoney } from '../_shared/prices.ts';
import { orderNumberOfStatusToken } from '../_shared/shopMailLinks.ts';
import { sellerContactOf, type SellerContact } from '../_shared/shopMail.ts';
import { buyerPage, escapeHtml } from './buyerPages.ts';

export interface StatusOrder {
  orderNumber: string;
  status: string;
  currency: string;
  delivery: 'pickup' | 'ship';
  itemsAmount: number;
  shippingAmount: number;
  totalAmount: number;
  createdAt: string;
  items: { name: string; optionName: string | null; quantity: number; unitAmount: number; lineAmount: number }[];
  seller: SellerContact;
  /** Payments that came after the order had closed, each given back in full: refunded yet, or still under way. */
  latePayments: { amount: number; refunded: boolean }[];
}

export interface StatusStore {
  orderByNumber(orderNumber: string): Promise<StatusOrder | undefined>;
}

/** What the buyer is told an order's status means. */
export function statusLabel(status: string): string {
  switch (status) {
    case 'pending':
      return 'Waiting for payment';
    case 'paid':
      return 'Paid: the seller is preparing it';
    case 'shipped':
      return 'Shipped';
    case 'ready_for_pickup':
      return 'Ready for pickup';
    case 'refunded':
      return 'Refunded';
    case 'partially_refunded':
      return 'Partly refunded';
    case 'expired':
      return 'Cancelled: it was not paid in time';
    case 'cancelled':
      return 'Cancelled';
    default:
      return status.replace(/_/g, ' ');
  }
}

const notFound = () =>
  buyerPage(404, 'There is no such order', '<p>Check the link in your receipt mail: it opens your order only, exactly as it was sent.</p>');

export async function answerStatus(req: Request, env: Env, store: StatusStore): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return new Response('Use GET', { status: 405, headers: { Allow: 'GET' } });
  const token = decodeURIComponent(new URL(req.url).pathname.split('/status/')[1] ?? '');
  const number = await orderNumberOfStatusToken(env, token);
  const order = number ? await store.orderByNumber(number) : undefined;
  if (!order) return notFound();
  const money = (amount: number) => escapeHtml(formatMoney(amount, order.currency));
  const rows = order.items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}${item.optionName ? ` (${escapeHtml(item.optionName)})` : ''}</td>` +
        `<td>${item.quantity}</td><td>${money(item.unitAmount)}</td><td>${money(item.lineAmount)}</td></tr>`,
    )
    .join('\n');
  const delivery = order.delivery === 'pickup' ? 'Pickup' : 'Shipping';
  const contact = [
    order.seller.email && `<a href="mailto:${escapeHtml(order.seller.email)}">${escapeHtml(order.seller.email)}</a>`,
    order.seller.phone && escapeHtml(order.seller.phone),
  ].filter(Boolean);
  // A payment Razorpay took after the order had closed is the buyer's money on its way back: said until it is back.
  const late = order.latePayments
    .map(
      (payment) =>
        `<p class="late-payment">Your payment of ${money(payment.amount)} came when this order was no longer open for payment: ` +
        `${payment.refunded ? 'it has been refunded in full.' : 'its refund is under way.'}</p>\n`,
    )
    .join('');
  const body = `
<p>Order <strong>${escapeHtml(order.orderNumber)}</strong> from ${escapeHtml(order.seller.name)}, placed ${escapeHtml(order.createdAt.slice(0, 10))}.</p>
<p>Status: <strong id="status">${escapeHtml(statusLabel(order.status))}</strong></p>
${late}<table>
<caption>What you ordered</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col">Price each</th><th scope="col">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
<tr><th scope="row" colspan="3">Items</th><td>${money(order.itemsAmount)}</td></tr>
<tr><th scope="row" colspan="3">${delivery}</th><td>${order.shippingAmount ? money(order.shippingAmount) : 'Free'}</td></tr>
<tr><th scope="row" colspan="3">Total</th><td>${money(order.totalAmount)}</td></tr>
</tfoot>
</table>
<p>Questions? Ask ${escapeHtml(order.seller.name)}${contact.length ? `: ${contact.join(', ')}` : ' through their page'}.</p>`;
  return buyerPage(200, `Your order ${order.orderNumber}`, body, { 'Referrer-Policy': 'no-referrer' });
}

interface StatusRow {
  order_number: string;
  status: string;
  currency: string;
  delivery: 'pickup' | 'ship';
  items_amount: number;
  shipping_amount: number;
  total_amount: number;
  created_at: string;
  portfolio_id: string | null;
  shop_order_returned_payments: { amount: number; refund_status: string | null; created_at: string }[];
  shop_order_items: {
    line: number;
    name: string;
    option_name: string | null;
    quantity: number;
    unit_amount: number;
    line_amount: number;
  }[];
}

export function statusStoreFrom(admin: SupabaseClient): StatusStore {
  return {
    async orderByNumber(orderNumber) {
      const { data, error } = await admin
        .from('shop_orders')
        .select(
          'order_number, status, currency, delivery, items_amount, shipping_amount, total_amount, created_at, portfolio_id, ' +
            'shop_order_items (line, name, option_name, quantity, unit_amount, line_amount), ' +
            'shop_order_returned_payments (amount, refund_status, created_at)',
        )
        .eq('order_number', orderNumber)
        .maybeSingle<StatusRow>();
      if (error) throw new Error(`the order could not be read: ${error.message}`);
      if (!data) return undefined;
      const { data: page } = data.portfolio_id
        ? await admin.from('published_pages').select('data').eq('portfolio_id', data.portfolio_id).maybeSingle<{ data: unknown }>()
        : { data: null };
      return {
        orderNumber: data.order_number,
        status: data.status,
        currency: data.currency,
        delivery: data.delivery,
        itemsAmount: data.items_amount,
        shippingAmount: data.shipping_amount,
        totalAmount: data.total_amount,
        createdAt: data.created_at,
        items: [...data.shop_order_items]
          .sort((a, b) => a.line - b.line)
          .map((item) => ({
            name: item.name,
            optionName: item.option_name,
            quantity: item.quantity,
            unitAmount: item.unit_amount,
            lineAmount: item.line_amount,
          })),
        seller: sellerContactOf(page?.data ?? null),
        latePayments: [...data.shop_order_returned_payments]
          .sort((a, b) => a.created_at.localeCompare(b.created_at))
          .map((payment) => ({ amount: payment.amount, refunded: payment.refund_status === 'processed' })),
      };
    },
  };
}
