// The mails of a paid shop order: the buyer's itemised receipt (items, options, quantities, unit
// prices, shipping, total, the order number, the seller's name and contact from the published page,
// and the private link to the order's status), the owner's note of the order, and the buyer's note of
// a refund (mailShopRefund, for the one call that settled it: the shop function's when Razorpay made
// it at once, or the webhook's when a pending one was processed); and the buyer's note that a payment
// that came after their order closed is refunded (mailLatePaymentRefund, for the one call that settled
// that refund: shopOrderPayments.ts). The paid order's are sent by settleShopPayment for the one call
// that recorded the payment (record_shop_order_payment answers 'paid' once per order, whichever of
// the webhook's deliveries or the buyer's return comes first), so each goes out once. Through EmailJS
// with the account template, as the server's other mails: no address or text comes from a browser.
// A mail that fails loses nothing: the order is on /account and behind the status link.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { sendAccountMail } from './accountMail.ts';
import { requireEnv, type Env } from './env.ts';
import { formatMoney } from './prices.ts';
import { orderStatusLink } from './shopMailLinks.ts';
import { provenDomainOrigin } from './sites.ts';

export const paidShopOrderSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  owner_id: z.string(),
  portfolio_id: z.string().nullable(),
  page_slug: z.string(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  buyer_phone: z.string(),
  delivery: z.enum(['pickup', 'ship']),
  shipping_address: z.record(z.string(), z.string()).nullable(),
  currency: z.string(),
  items_amount: z.number().int(),
  shipping_amount: z.number().int(),
  total_amount: z.number().int(),
  shop_origin: z.string().nullable(),
  shop_order_items: z.array(
    z.object({
      line: z.number().int(),
      name: z.string(),
      option_name: z.string().nullable(),
      quantity: z.number().int(),
      unit_amount: z.number().int(),
      line_amount: z.number().int(),
    }),
  ),
});
export type PaidShopOrder = z.infer<typeof paidShopOrderSchema>;
export const PAID_SHOP_ORDER_COLUMNS =
  'id, order_number, owner_id, portfolio_id, page_slug, buyer_name, buyer_email, buyer_phone, delivery, shipping_address, currency, ' +
  'items_amount, shipping_amount, total_amount, shop_origin, shop_order_items (line, name, option_name, quantity, unit_amount, line_amount)';

/** The order's status link, on the custom domain it was placed on while that is still its page's (shopMailLinks.ts). */
export function statusLinkOf(
  env: Env,
  admin: SupabaseClient,
  order: { order_number: string; portfolio_id: string | null; shop_origin: string | null },
): Promise<string> {
  const portfolio = order.portfolio_id;
  return orderStatusLink(
    env,
    { orderNumber: order.order_number, shopOrigin: order.shop_origin },
    async (origin) => !!portfolio && !!(await provenDomainOrigin(admin, portfolio, origin, requireEnv(env, 'SITE_URL'))),
  );
}

/** Who sold it, as the published page shows them (its profile). */
export interface SellerContact {
  name: string;
  email: string | null;
  phone: string | null;
}

interface Mail {
  subject: string;
  message: string;
}

/** The line above every status link the buyer is sent (receipt, refund, shipped / ready mails). */
export const STATUS_LINK_LINE = "See your order's status at any time (keep this link to yourself; it shows your order):";
const MONEY_BACK_LINE = 'The money goes back to the card or account you paid with; banks usually show it within 5 to 7 working days.';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The seller's name and contact from a published snapshot's profile. */
export function sellerContactOf(data: unknown): SellerContact {
  const profile = (data as { profile?: Record<string, unknown> } | null)?.profile ?? {};
  return { name: text(profile.name) ?? 'The shop', email: text(profile.email), phone: text(profile.phone) };
}

const ADDRESS_PARTS = ['line1', 'line2', 'city', 'state', 'postalCode', 'country'];

function itemLines(order: PaidShopOrder): string[] {
  const money = (amount: number) => formatMoney(amount, order.currency);
  return [...order.shop_order_items]
    .sort((a, b) => a.line - b.line)
    .map(
      (item) =>
        `${item.quantity} × ${item.name}${item.option_name ? ` (${item.option_name})` : ''} at ${money(item.unit_amount)}: ${money(item.line_amount)}`,
    );
}

function totals(order: PaidShopOrder): string[] {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const delivery =
    order.delivery === 'pickup' ? 'Pickup: free' : `Shipping: ${order.shipping_amount ? money(order.shipping_amount) : 'free'}`;
  return [`Items: ${money(order.items_amount)}`, delivery, `Total paid: ${money(order.total_amount)}`];
}

function addressLines(order: PaidShopOrder): string[] {
  if (order.delivery !== 'ship' || !order.shipping_address) return ['To be picked up from the seller.'];
  const parts = ADDRESS_PARTS.map((key) => text(order.shipping_address?.[key])).filter((part): part is string => !!part);
  return ['Shipping to:', order.buyer_name, ...parts];
}

/** The buyer's receipt. */
export function buyerReceiptMail(order: PaidShopOrder, seller: SellerContact, statusUrl: string): Mail {
  const contact = [seller.email && `Email: ${seller.email}`, seller.phone && `Phone: ${seller.phone}`].filter(Boolean) as string[];
  return {
    subject: `Your order ${order.order_number} from ${seller.name} is paid`,
    message: [
      `Hello ${order.buyer_name},`,
      '',
      `Thank you for your order from ${seller.name}. It is paid.`,
      '',
      `Order number: ${order.order_number}`,
      '',
      ...itemLines(order),
      '',
      ...totals(order),
      '',
      ...addressLines(order),
      '',
      STATUS_LINK_LINE,
      statusUrl,
      '',
      `Questions about your order? Ask ${seller.name}:`,
      ...(contact.length ? contact : ['through the contact form on their page.']),
      '',
      `${seller.name} sells through FolioForge; the payment went to ${seller.name}'s own Razorpay account.`,
    ].join('\n'),
  };
}

/** The owner's note of a paid order. */
export function ownerOrderMail(order: PaidShopOrder, siteUrl: string): Mail {
  const money = (amount: number) => formatMoney(amount, order.currency);
  return {
    subject: `New order ${order.order_number}: ${money(order.total_amount)}`,
    message: [
      `${order.buyer_name} ordered from your page and paid ${money(order.total_amount)}.`,
      '',
      `Order number: ${order.order_number}`,
      '',
      ...itemLines(order),
      '',
      ...totals(order),
      '',
      ...addressLines(order),
      '',
      `Buyer: ${order.buyer_name}, ${order.buyer_email}, ${order.buyer_phone}`,
      '',
      `Open your orders: ${siteUrl.replace(/\/+$/, '')}/account`,
    ].join('\n'),
  };
}

/** A refund Razorpay made, as the buyer is told of it: what came back, at the prices paid. */
export interface RefundForMail {
  orderNumber: string;
  buyerName: string;
  currency: string;
  /** What this refund gave back, shipping included (minor units). */
  amount: number;
  shippingAmount: number;
  lines: { name: string; optionName: string | null; quantity: number; unitAmount: number }[];
  /** The order after it: its total and everything refunded of it so far. */
  totalAmount: number;
  refundedAmount: number;
}

/** Who to ask about a refund: the seller's name, their mail when known, and their page. */
export interface RefundSeller {
  name: string;
  email: string | null;
  pageUrl: string;
}

/** The buyer's note of a refund: what was refunded, the amount, the order and its status link, who to ask. */
export function buyerRefundMail(refund: RefundForMail, seller: RefundSeller, statusUrl: string): Mail {
  const money = (amount: number) => formatMoney(amount, refund.currency);
  const whole = refund.refundedAmount >= refund.totalAmount;
  return {
    subject: `${seller.name} refunded ${money(refund.amount)} of your order ${refund.orderNumber}`,
    message: [
      `Hello ${refund.buyerName},`,
      '',
      `${seller.name} has refunded ${money(refund.amount)} of your order ${refund.orderNumber}.`,
      '',
      'Refunded:',
      ...refund.lines.map(
        (line) =>
          `${line.quantity} × ${line.name}${line.optionName ? ` (${line.optionName})` : ''} at ${money(line.unitAmount)}: ${money(line.quantity * line.unitAmount)}`,
      ),
      ...(refund.shippingAmount ? [`Shipping: ${money(refund.shippingAmount)}`] : []),
      `Refund: ${money(refund.amount)}`,
      '',
      whole
        ? `Your order is now refunded in full (${money(refund.totalAmount)}).`
        : `Refunded of your order so far: ${money(refund.refundedAmount)} of ${money(refund.totalAmount)}.`,
      MONEY_BACK_LINE,
      '',
      STATUS_LINK_LINE,
      statusUrl,
      '',
      `Questions about the refund? ${seller.email ? `Write to ${seller.name} at ${seller.email}, or visit` : 'Visit'} ${seller.pageUrl}.`,
    ].join('\n'),
  };
}

/** A payment that came when its order was no longer open for payment, given back in full. */
export interface LateRefundForMail {
  orderNumber: string;
  buyerName: string;
  amount: number;
  currency: string;
}

/** The buyer's note that their late payment is refunded: the order, why, what comes back, the status link. */
export function buyerLateRefundMail(refund: LateRefundForMail, statusUrl: string): Mail {
  const money = formatMoney(refund.amount, refund.currency);
  return {
    subject: `Your payment of ${money} for order ${refund.orderNumber} is refunded`,
    message: [
      `Hello ${refund.buyerName},`,
      '',
      `Your payment of ${money} for order ${refund.orderNumber} came after the order had closed: it was no longer open for payment, so nothing was bought with it.`,
      `It has been refunded in full: ${money} is coming back to you.`,
      MONEY_BACK_LINE,
      '',
      STATUS_LINK_LINE,
      statusUrl,
    ].join('\n'),
  };
}

/** EmailJS takes one request a second from an address (it answers 429 past that): one mail after the other, waiting when told to. */
export async function sendPatiently(env: Env, mail: Mail & { to: string }): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendAccountMail(env, mail);
    } catch (error) {
      if (attempt >= 4 || !(error instanceof Error) || !/answered 429/.test(error.message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1100 * attempt));
    }
  }
}

/** Reads the paid order and mails the buyer's receipt and the owner's note; a failure is logged, never thrown. */
export async function mailPaidShopOrder(env: Env, admin: SupabaseClient, orderId: string): Promise<void> {
  try {
    const { data, error } = await admin.from('shop_orders').select(PAID_SHOP_ORDER_COLUMNS).eq('id', orderId).single();
    if (error) throw new Error(`the order could not be read: ${error.message}`);
    const order = paidShopOrderSchema.parse(data);
    // The seller as the page shows them now (the page may have been taken down meanwhile: its name then stays unknown).
    const { data: page } = order.portfolio_id
      ? await admin.from('published_pages').select('data').eq('portfolio_id', order.portfolio_id).maybeSingle<{ data: unknown }>()
      : { data: null };
    const seller = sellerContactOf(page?.data ?? null);
    const statusUrl = await statusLinkOf(env, admin, order);
    const mails = [{ to: order.buyer_email, ...buyerReceiptMail(order, seller, statusUrl) }];
    const { data: owner } = await admin.auth.admin.getUserById(order.owner_id);
    if (owner.user?.email) mails.push({ to: owner.user.email, ...ownerOrderMail(order, requireEnv(env, 'SITE_URL')) });
    for (const mail of mails)
      await sendPatiently(env, mail).catch((error: unknown) =>
        console.error('a shop order mail could not be sent', { order: order.order_number }, error),
      );
  } catch (error) {
    console.error('the shop order mails could not be sent', { order: orderId }, error);
  }
}

const refundRowSchema = z.object({
  amount: z.number().int(),
  shipping_amount: z.number().int(),
  lines: z.array(z.object({ line: z.number().int(), quantity: z.number().int() })),
  shop_orders: z.object({
    order_number: z.string(),
    owner_id: z.string(),
    portfolio_id: z.string().nullable(),
    page_slug: z.string(),
    buyer_name: z.string(),
    buyer_email: z.string(),
    currency: z.string(),
    total_amount: z.number().int(),
    refunded_amount: z.number().int(),
    shop_origin: z.string().nullable(),
    shop_order_items: z.array(
      z.object({ line: z.number().int(), name: z.string(), option_name: z.string().nullable(), unit_amount: z.number().int() }),
    ),
  }),
});

/**
 * The buyer's mail of a refund just processed, whichever call settled it: the shop function's, when
 * Razorpay made it at once, or the webhook's refund.processed for one it answered `pending`. Read
 * here from the refund and its order as they are now (the order's refunded amount includes it), the
 * seller by the page's name (or its address) and their account's mail. A failure is logged, never
 * thrown: the refund stands either way and shows on the status page.
 */
export async function mailShopRefund(
  env: Env,
  admin: SupabaseClient,
  refundId: string,
  send: (env: Env, mail: Mail & { to: string }) => Promise<void> = sendPatiently,
): Promise<void> {
  try {
    const { data, error } = await admin
      .from('shop_order_refunds')
      .select(
        'amount, shipping_amount, lines, shop_orders (order_number, owner_id, portfolio_id, page_slug, buyer_name, buyer_email, currency, ' +
          'total_amount, refunded_amount, shop_origin, shop_order_items (line, name, option_name, unit_amount))',
      )
      .eq('id', refundId)
      .single();
    if (error) throw new Error(`the refund could not be read: ${error.message}`);
    const refund = refundRowSchema.parse(data);
    const order = refund.shop_orders;
    const [page, owner, statusUrl] = await Promise.all([
      order.portfolio_id
        ? admin.from('published_pages').select('data').eq('portfolio_id', order.portfolio_id).maybeSingle<{ data: unknown }>()
        : Promise.resolve({ data: null }),
      admin.auth.admin.getUserById(order.owner_id),
      statusLinkOf(env, admin, order),
    ]);
    const lines = refund.lines.map(({ line, quantity }) => {
      const item = order.shop_order_items.find((candidate) => candidate.line === line);
      if (!item) throw new Error(`the refund names line ${line}, which the order does not have`);
      return { name: item.name, optionName: item.option_name, quantity, unitAmount: item.unit_amount };
    });
    const profileName = text((page.data?.data as { profile?: { name?: unknown } } | null)?.profile?.name);
    const mail = buyerRefundMail(
      {
        orderNumber: order.order_number,
        buyerName: order.buyer_name,
        currency: order.currency,
        amount: refund.amount,
        shippingAmount: refund.shipping_amount,
        lines,
        totalAmount: order.total_amount,
        refundedAmount: order.refunded_amount,
      },
      {
        name: profileName ?? order.page_slug,
        email: owner.data.user?.email ?? null,
        pageUrl: `${requireEnv(env, 'SITE_URL').replace(/\/+$/, '')}/p/${order.page_slug}`,
      },
      statusUrl,
    );
    await send(env, { to: order.buyer_email, ...mail });
  } catch (error) {
    console.error('the buyer could not be mailed the refund', { refund: refundId }, error);
  }
}

const lateRefundRowSchema = z.object({
  amount: z.number().int(),
  currency: z.string(),
  shop_orders: z.object({
    order_number: z.string(),
    portfolio_id: z.string().nullable(),
    buyer_name: z.string(),
    buyer_email: z.string(),
    shop_origin: z.string().nullable(),
  }),
});

/**
 * The buyer's mail that the payment they made after their order closed is refunded, for the one call
 * that settled its refund (shop_order_payment_refunded's or shop_order_refund_event's answer). A
 * failure is logged, never thrown: the refund stands and shows on the status page.
 */
export async function mailLatePaymentRefund(
  env: Env,
  admin: SupabaseClient,
  paymentId: string,
  send: (env: Env, mail: Mail & { to: string }) => Promise<void> = sendPatiently,
): Promise<void> {
  try {
    const { data, error } = await admin
      .from('shop_order_returned_payments')
      .select('amount, currency, shop_orders (order_number, portfolio_id, buyer_name, buyer_email, shop_origin)')
      .eq('payment_id', paymentId)
      .single();
    if (error) throw new Error(`the payment could not be read: ${error.message}`);
    const payment = lateRefundRowSchema.parse(data);
    const order = payment.shop_orders;
    const mail = buyerLateRefundMail(
      { orderNumber: order.order_number, buyerName: order.buyer_name, amount: payment.amount, currency: payment.currency },
      await statusLinkOf(env, admin, order),
    );
    await send(env, { to: order.buyer_email, ...mail });
  } catch (error) {
    console.error('the buyer could not be mailed the refund of their late payment', { payment: paymentId }, error);
  }
}
