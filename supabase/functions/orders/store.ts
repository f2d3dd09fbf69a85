// What the orders function reads and writes beyond the request: the published snapshot, the rate
// limits, the seller's Razorpay connection, the reservation and the order on the seller's account.
// One interface, so the function's rules are tested on Deno without a database (handler.test.ts).
import { razorpayApiForSeller } from '../_shared/razorpay.ts';
import { spendBudgets, type Budget } from '../_shared/rateLimit.ts';
import { sellerAccessToken, sellerDepsFrom, type SellerToken } from '../_shared/sellerAccounts.ts';
import type { PricedLine } from '../_shared/shopOrders.ts';
import type { Env } from '../_shared/env.ts';
import { supabaseClientsFrom } from '../_shared/supabaseClient.ts';

export interface PageSnapshot {
  ownerId: string;
  version: number;
  data: unknown;
}

export interface Reservation {
  portfolio: string;
  slug: string;
  version: number;
  buyer: { name: string; email: string; phone: string };
  lines: PricedLine[];
  delivery: 'pickup' | 'ship';
  address: Record<string, string> | null;
  currency: string;
  shippingAmount: number;
}

export interface ReservedOrder {
  orderId: string;
  orderNumber: string;
  totalAmount: number;
}

/** reserve_shop_order's refusals: SO410 (not that many left), SO404 (no such product), SO409 (the page changed), P0002 (not published). */
export class ReservationRefused extends Error {
  constructor(
    readonly code: string,
    readonly detail: string | undefined,
    readonly hint: string | undefined,
  ) {
    super(`reservation refused: ${code}`);
  }
}

export interface OrderStore {
  /** The address a form from `origin` is sent back to when the origin is the page's custom domain, proven; else undefined. */
  customDomainOrigin(portfolio: string, origin: string): Promise<string | undefined>;
  spend(budgets: Budget[], refusal: string): Promise<void>;
  snapshot(portfolio: string, slug: string): Promise<PageSnapshot | null>;
  sellerToken(ownerId: string): Promise<SellerToken | null>;
  reserve(reservation: Reservation): Promise<ReservedOrder>;
  createRazorpayOrder(
    seller: SellerToken,
    input: { amount: number; currency: string; receipt: string; notes: Record<string, string> },
  ): Promise<{ id: string }>;
  attachRazorpayOrder(orderId: string, razorpayOrderId: string, accountId: string): Promise<void>;
  /** The address of the page an order was placed on, by its number. */
  orderPage(orderNumber: string): Promise<string | undefined>;
  /** The order could not go on: cancelled, its stock given back. */
  cancel(orderId: string): Promise<void>;
}

export function orderStoreFrom(env: Env): OrderStore {
  const { admin } = supabaseClientsFrom(env);
  return {
    async customDomainOrigin(portfolio, origin) {
      if (!/^https:\/\/[a-z0-9.-]+$/.test(origin)) return undefined;
      const { data, error } = await admin
        .from('custom_domains')
        .select('domain')
        .eq('portfolio_id', portfolio)
        .eq('domain', new URL(origin).hostname)
        .not('verified_at', 'is', null)
        .limit(1);
      if (error) throw new Error(`custom domains could not be read: ${error.message}`);
      return (data ?? []).length === 1 ? `${origin}/` : undefined;
    },
    spend: (budgets, refusal) => spendBudgets(admin, budgets, refusal),
    async snapshot(portfolio, slug) {
      const { data, error } = await admin
        .from('published_pages')
        .select('owner_id, version, data')
        .eq('portfolio_id', portfolio)
        .eq('slug', slug)
        .maybeSingle<{ owner_id: string; version: number; data: unknown }>();
      if (error) throw new Error(`the published page could not be read: ${error.message}`);
      return data && { ownerId: data.owner_id, version: data.version, data: data.data };
    },
    sellerToken: (ownerId) => sellerAccessToken(sellerDepsFrom(env, admin), ownerId),
    async reserve(reservation) {
      const { data, error } = await admin.rpc('reserve_shop_order', {
        page: reservation.portfolio,
        page_slug: reservation.slug,
        priced_version: reservation.version,
        buyer: reservation.buyer,
        lines: reservation.lines,
        delivery: reservation.delivery,
        address: reservation.address,
        currency: reservation.currency,
        shipping_amount: reservation.shippingAmount,
      });
      if (error && ['SO410', 'SO404', 'SO409', 'P0002'].includes(error.code))
        throw new ReservationRefused(error.code, error.details ?? undefined, error.hint ?? undefined);
      if (error) throw new Error(`reserve_shop_order failed: ${error.code} ${error.message}`);
      const row = (data as { order_id: string; order_number: string; total_amount: number }[])[0]!;
      return { orderId: row.order_id, orderNumber: row.order_number, totalAmount: row.total_amount };
    },
    createRazorpayOrder: (seller, input) => razorpayApiForSeller(env, seller.accessToken).createOrder(input),
    async attachRazorpayOrder(orderId, razorpayOrderId, accountId) {
      const { error } = await admin
        .from('shop_orders')
        .update({ razorpay_order_id: razorpayOrderId, razorpay_account_id: accountId, updated_at: new Date().toISOString() })
        .eq('id', orderId);
      if (error) throw new Error(`the Razorpay order could not be recorded: ${error.message}`);
    },
    async orderPage(orderNumber) {
      const { data, error } = await admin
        .from('shop_orders')
        .select('page_slug')
        .eq('order_number', orderNumber)
        .maybeSingle<{ page_slug: string }>();
      if (error) throw new Error(`the order could not be read: ${error.message}`);
      return data?.page_slug;
    },
    async cancel(orderId) {
      const { error } = await admin.rpc('cancel_pending_shop_order', { shop_order: orderId });
      if (error) console.error('orders: a reservation could not be given back (the sweep expires it)', error);
    },
  };
}
