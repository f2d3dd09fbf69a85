// What the shop function reads and writes beyond the request: the caller, the owner's order, the
// fulfilment, the refund's two SQL steps (claim_shop_order_refund, shop_order_refund_settled), the
// owner's Razorpay connection and its refund call, and the buyer's mails. One interface, so the
// function's rules are tested on Deno without a database, Razorpay or EmailJS (handler.test.ts).
import { razorpayApiBase } from '../_shared/razorpay.ts';
import { requireEnv, type Env } from '../_shared/env.ts';
import { HttpError, requireSecondFactor, requireUser } from '../_shared/request.ts';
import { sellerAccessToken, sellerDepsFrom, type SellerToken } from '../_shared/sellerAccounts.ts';
import { mailShopRefund, sendPatiently, statusLinkOf } from '../_shared/shopMail.ts';
import { supabaseClientsFrom } from '../_shared/supabaseClient.ts';
import { orderStockChanged } from '../_shared/shopStock.ts';

export interface OwnerOrder {
  id: string;
  orderNumber: string;
  ownerId: string;
  status: string;
  delivery: 'pickup' | 'ship';
  buyerName: string;
  buyerEmail: string;
  currency: string;
  totalAmount: number;
  refundedAmount: number;
  razorpayPaymentId: string | null;
  fulfilment: 'shipped' | 'ready_for_pickup' | null;
  fulfilledAt: string | null;
  shippingAmount: number;
  items: { line: number; name: string; optionName: string | null; quantity: number; unitAmount: number }[];
  /** Who sells: the page's name as published, and how the buyer reaches them (the owner's mail). */
  seller: { name: string; email: string | null; pageUrl: string };
  /** The buyer's private link to the order's status, on the domain it was placed on (_shared/shopMailLinks.ts). */
  statusUrl: string;
}

/** A refund as recorded by claim_shop_order_refund: its state, amount, the shipping in it and the lines' quantities. */
export interface RecordedRefund {
  status: 'pending' | 'processed' | 'failed';
  amount: number;
  shippingAmount: number;
  lines: { line: number; quantity: number }[];
}

export interface ClaimedRefund {
  refundId: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  fresh: boolean;
}

/** claim_shop_order_refund's refusals: P0002 (no such order of the owner's), SR409, SR422. */
export class RefundRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly line: string | undefined,
  ) {
    super(message);
  }
}

/** Razorpay's answer to a refund it did not make: its HTTP status and description. */
export class RazorpayRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Razorpay's refund entity as far as the function reads it: `pending` is not a refund made yet. */
export interface RazorpayRefund {
  id: string;
  status: 'processed' | 'pending';
}

export interface ShopStore {
  /** The signed-in owner (401), who has used their second factor when they have one (403). */
  caller(req: Request): Promise<{ id: string }>;
  /** The order, when it is this owner's. */
  order(ownerId: string, orderId: string): Promise<OwnerOrder | null>;
  /** Marks it, once: the time when this call marked it, null when it was marked already (or not paid). */
  markFulfilled(order: OwnerOrder, fulfilment: 'shipped' | 'ready_for_pickup', note: string | null): Promise<string | null>;
  claimRefund(
    ownerId: string,
    orderId: string,
    requestKey: string,
    lines: { line: number; quantity: number }[] | null,
    shipping: boolean,
  ): Promise<ClaimedRefund>;
  /** True for the one call that settled it (the refund mail goes with that call), false when it was settled already. */
  settleRefund(refundId: string, razorpayRefundId: string | null): Promise<boolean>;
  /** Razorpay answered `pending`: the refund keeps its id and stays under way (shop_order_refund_at_razorpay). */
  refundUnderWay(refundId: string, razorpayRefundId: string): Promise<void>;
  refund(refundId: string): Promise<RecordedRefund>;
  sellerToken(ownerId: string, force: boolean): Promise<SellerToken | null>;
  /**
   * POST /v1/payments/:id/refund on the seller's account, with X-Refund-Idempotency and the notes'
   * `shop_refund`: the refund's id (so its webhook finds it even before this answer is stored).
   */
  refundAtRazorpay(token: SellerToken, paymentId: string, amount: number, idempotencyKey: string, receipt: string): Promise<RazorpayRefund>;
  mail(to: string, subject: string, message: string): Promise<void>;
  /** Mails the buyer a refund this call settled (_shared/shopMail.ts mailShopRefund); never throws. */
  mailRefund(refundId: string): Promise<void>;
}

interface OrderRow {
  id: string;
  order_number: string;
  owner_id: string;
  status: string;
  delivery: 'pickup' | 'ship';
  buyer_name: string;
  buyer_email: string;
  currency: string;
  total_amount: number;
  shipping_amount: number;
  refunded_amount: number;
  razorpay_payment_id: string | null;
  fulfilment: 'shipped' | 'ready_for_pickup' | null;
  fulfilled_at: string | null;
  page_slug: string;
  portfolio_id: string | null;
  shop_origin: string | null;
  shop_order_items: { name: string; option_name: string | null; quantity: number; line: number; unit_amount: number }[];
}

export function shopStoreFrom(env: Env): ShopStore {
  const clients = supabaseClientsFrom(env);
  const { admin } = clients;
  const siteUrl = requireEnv(env, 'SITE_URL').replace(/\/+$/, '');
  const sellers = () => sellerDepsFrom(env, admin);
  return {
    async caller(req) {
      const user = await requireUser(clients.anonClient(), req, 'Sign in first.');
      // Mailing buyers and moving money are not for a stolen password alone.
      await requireSecondFactor(clients.userClient(user.token));
      return { id: user.id };
    },

    async order(ownerId, orderId) {
      const { data, error } = await admin
        .from('shop_orders')
        .select(
          'id, order_number, owner_id, status, delivery, buyer_name, buyer_email, currency, total_amount, shipping_amount, refunded_amount, ' +
            'razorpay_payment_id, fulfilment, fulfilled_at, page_slug, portfolio_id, shop_origin, ' +
            'shop_order_items (line, name, option_name, quantity, unit_amount)',
        )
        .eq('id', orderId)
        .eq('owner_id', ownerId)
        .maybeSingle<OrderRow>();
      if (error) throw new Error(`the order could not be read: ${error.message}`);
      if (!data) return null;
      const [page, owner, statusUrl] = await Promise.all([
        data.portfolio_id
          ? admin.from('published_pages').select('data').eq('portfolio_id', data.portfolio_id).maybeSingle<{ data: unknown }>()
          : Promise.resolve({ data: null }),
        admin.auth.admin.getUserById(ownerId),
        statusLinkOf(env, admin, data),
      ]);
      const profileName = (page.data?.data as { profile?: { name?: unknown } } | undefined)?.profile?.name;
      return {
        id: data.id,
        orderNumber: data.order_number,
        ownerId: data.owner_id,
        status: data.status,
        delivery: data.delivery,
        buyerName: data.buyer_name,
        buyerEmail: data.buyer_email,
        currency: data.currency,
        totalAmount: data.total_amount,
        shippingAmount: data.shipping_amount,
        refundedAmount: data.refunded_amount,
        razorpayPaymentId: data.razorpay_payment_id,
        fulfilment: data.fulfilment,
        fulfilledAt: data.fulfilled_at,
        items: [...data.shop_order_items]
          .sort((a, b) => a.line - b.line)
          .map((item) => ({
            line: item.line,
            name: item.name,
            optionName: item.option_name,
            quantity: item.quantity,
            unitAmount: item.unit_amount,
          })),
        seller: {
          name: typeof profileName === 'string' && profileName.trim() ? profileName.trim() : data.page_slug,
          email: owner.data.user?.email ?? null,
          pageUrl: `${siteUrl}/p/${data.page_slug}`,
        },
        statusUrl,
      };
    },

    async markFulfilled(order, fulfilment, note) {
      const at = new Date().toISOString();
      // Conditional on the row as it is now: of two presses, one marks it (and mails), the other finds it marked.
      const { data, error } = await admin
        .from('shop_orders')
        .update({ fulfilment, fulfilled_at: at, fulfilment_note: note, updated_at: at })
        .eq('id', order.id)
        .eq('owner_id', order.ownerId)
        .is('fulfilment', null)
        .in('status', ['paid', 'partially_refunded'])
        .select('fulfilled_at');
      if (error) throw new Error(`the order could not be marked: ${error.message}`);
      return (data as { fulfilled_at: string }[]).length ? (data as { fulfilled_at: string }[])[0]!.fulfilled_at : null;
    },

    async claimRefund(ownerId, orderId, requestKey, lines, shipping) {
      const { data, error } = await admin.rpc('claim_shop_order_refund', {
        shop_order: orderId,
        owner: ownerId,
        request_key: requestKey,
        lines,
        with_shipping: shipping,
      });
      if (error) {
        if (['P0002', 'SR409', 'SR422'].includes(error.code))
          throw new RefundRefused(error.code, error.message, error.details || undefined);
        throw new Error(`claim_shop_order_refund failed: ${error.code} ${error.message}`);
      }
      const row = (data as { refund_id: string; amount: number; status: ClaimedRefund['status']; fresh: boolean }[])[0]!;
      return { refundId: row.refund_id, amount: row.amount, status: row.status, fresh: row.fresh };
    },

    async settleRefund(refundId, razorpayRefundId) {
      const { data, error } = await admin.rpc(
        'shop_order_refund_settled',
        razorpayRefundId ? { refund: refundId, razorpay_refund: razorpayRefundId } : { refund: refundId },
      );
      if (error) throw new Error(`shop_order_refund_settled failed: ${error.code} ${error.message}`);
      if (data === true) {
        // Refunded units are back in stock: a page that said "Sold out" offers them again.
        const { data: refund } = await admin
          .from('shop_order_refunds')
          .select('order_id')
          .eq('id', refundId)
          .maybeSingle<{ order_id: string }>();
        if (refund) await orderStockChanged(admin, refund.order_id);
      }
      return data === true;
    },

    async refundUnderWay(refundId, razorpayRefundId) {
      const { error } = await admin.rpc('shop_order_refund_at_razorpay', { refund: refundId, razorpay_refund: razorpayRefundId });
      if (error) throw new Error(`shop_order_refund_at_razorpay failed: ${error.code} ${error.message}`);
    },

    async refund(refundId) {
      const { data, error } = await admin
        .from('shop_order_refunds')
        .select('status, amount, shipping_amount, lines')
        .eq('id', refundId)
        .single<{
          status: RecordedRefund['status'];
          amount: number;
          shipping_amount: number;
          lines: { line: number; quantity: number }[];
        }>();
      if (error) throw new Error(`the refund could not be read: ${error.message}`);
      return { status: data.status, amount: data.amount, shippingAmount: data.shipping_amount, lines: data.lines };
    },

    sellerToken: (ownerId, force) => sellerAccessToken(sellers(), ownerId, { force }),

    async refundAtRazorpay(token, paymentId, amount, idempotencyKey, receipt) {
      const res = await fetch(`${razorpayApiBase(env)}/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token.accessToken}`,
          'Content-Type': 'application/json',
          'X-Refund-Idempotency': idempotencyKey,
        },
        body: JSON.stringify({ amount, speed: 'normal', receipt, notes: { shop_refund: idempotencyKey } }),
        signal: AbortSignal.timeout(20_000),
      });
      const body = (await res.json().catch(() => ({}))) as { id?: unknown; status?: unknown; error?: { description?: string } };
      if (!res.ok || typeof body.id !== 'string')
        throw new RazorpayRefused(res.status, body.error?.description ?? `Razorpay answered ${res.status}`);
      // Anything but `processed` is not a refund made yet: its webhook says how it ends.
      return { id: body.id, status: body.status === 'processed' ? 'processed' : 'pending' };
    },

    // One mail a second per address at EmailJS: a refund right after the shipped mail waits its turn.
    mail: (to, subject, message) => sendPatiently(env, { to, subject, message }),
    mailRefund: (refundId) => mailShopRefund(env, admin, refundId),
  };
}

/** A refusal the browser shows as it is. */
export const refusal = (status: number, message: string, fieldErrors?: Record<string, string>) =>
  new HttpError(status, message, fieldErrors ? { fieldErrors } : {});
