// What the orders function reads and writes beyond the request: the published snapshot, the rate
// limits, the seller's Razorpay connection, the reservation and the order on the seller's account.
// One interface, so the function's rules are tested on Deno without a database (handler.test.ts).
import { razorpayApiForSeller, RazorpayApiError } from '../_shared/razorpay.ts';
import { spendBudgets, type Budget } from '../_shared/rateLimit.ts';
import { sellerAccessToken, sellerDepsFrom, type SellerToken } from '../_shared/sellerAccounts.ts';
import { orderStockChanged, pageStockChanged } from '../_shared/shopStock.ts';
import { settleShopPayment, shopPaymentStoreFrom, type CapturedPayment, type SettledPayment } from '../_shared/shopOrderPayments.ts';
import type { PricedLine } from '../_shared/shopOrders.ts';
import { requireEnv, type Env } from '../_shared/env.ts';
import { provenDomainOrigin } from '../_shared/sites.ts';
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

/** An order as its checkout callback needs it. */
export interface CallbackOrder {
  orderNumber: string;
  slug: string;
  /** The page it was ordered from (null once that portfolio is deleted). */
  portfolioId: string | null;
  ownerId: string;
  razorpayOrderId: string | null;
  accountId: string | null;
  /** The proven custom domain it was placed on (shop_orders.shop_origin), null on the site. */
  shopOrigin: string | null;
}

/** A payment as Razorpay shows it to the seller. */
export interface SellerPayment {
  orderId: string;
  amount: number;
  currency: string;
  status: string;
}

export interface OrderStore {
  /** The address a form from `origin` is sent back to when the origin is the page's custom domain, proven; else undefined. */
  customDomainOrigin(portfolio: string, origin: string): Promise<string | undefined>;
  spend(budgets: Budget[], refusal: string): Promise<void>;
  snapshot(portfolio: string, slug: string): Promise<PageSnapshot | null>;
  /** Whether the owner holds a plan now: selling is a plan feature, and a lapsed plan closes the shop at once. */
  holdsPlan(ownerId: string): Promise<boolean>;
  sellerToken(ownerId: string): Promise<SellerToken | null>;
  reserve(reservation: Reservation): Promise<ReservedOrder>;
  createRazorpayOrder(
    seller: SellerToken,
    input: { amount: number; currency: string; receipt: string; notes: Record<string, string> },
  ): Promise<{ id: string }>;
  /** Records the order's Razorpay order and account, and the proven custom domain it was placed on (null: the site). */
  attachRazorpayOrder(orderId: string, razorpayOrderId: string, accountId: string, shopOrigin: string | null): Promise<void>;
  /** An order by its number, for the buyer's return from checkout. */
  callbackOrder(orderNumber: string): Promise<CallbackOrder | undefined>;
  /** The payment read from Razorpay as the owner's connected account; null when that account has none such. */
  sellerPayment(ownerId: string, paymentId: string): Promise<SellerPayment | null>;
  /** Records a captured payment as the webhook does (_shared/shopOrderPayments.ts). */
  settle(payment: CapturedPayment): Promise<SettledPayment>;
  /** The order could not go on: cancelled, its stock given back. */
  cancel(orderId: string): Promise<void>;
}

export function orderStoreFrom(env: Env): OrderStore {
  const { admin } = supabaseClientsFrom(env);
  return {
    customDomainOrigin: (portfolio, origin) => provenDomainOrigin(admin, portfolio, origin, requireEnv(env, 'SITE_URL')),
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
    async holdsPlan(ownerId) {
      const { data, error } = await admin.rpc('active_plan', { for_user: ownerId });
      if (error) throw new Error(`the owner's plan could not be read: ${error.message}`);
      return typeof data === 'string';
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
      // The last one taken: the page says "Sold out" before the next buyer opens it.
      await pageStockChanged(admin, reservation.portfolio);
      return { orderId: row.order_id, orderNumber: row.order_number, totalAmount: row.total_amount };
    },
    createRazorpayOrder: (seller, input) => razorpayApiForSeller(env, seller.accessToken).createOrder(input),
    async attachRazorpayOrder(orderId, razorpayOrderId, accountId, shopOrigin) {
      const { error } = await admin
        .from('shop_orders')
        .update({
          razorpay_order_id: razorpayOrderId,
          razorpay_account_id: accountId,
          shop_origin: shopOrigin,
          updated_at: new Date().toISOString(),
        })
        .eq('id', orderId);
      if (error) throw new Error(`the Razorpay order could not be recorded: ${error.message}`);
    },
    async callbackOrder(orderNumber) {
      const { data, error } = await admin
        .from('shop_orders')
        .select('order_number, page_slug, portfolio_id, owner_id, razorpay_order_id, razorpay_account_id, shop_origin')
        .eq('order_number', orderNumber)
        .maybeSingle<{
          order_number: string;
          page_slug: string;
          portfolio_id: string | null;
          owner_id: string;
          razorpay_order_id: string | null;
          razorpay_account_id: string | null;
          shop_origin: string | null;
        }>();
      if (error) throw new Error(`the order could not be read: ${error.message}`);
      if (!data) return undefined;
      return {
        orderNumber: data.order_number,
        slug: data.page_slug,
        portfolioId: data.portfolio_id,
        ownerId: data.owner_id,
        razorpayOrderId: data.razorpay_order_id,
        accountId: data.razorpay_account_id,
        shopOrigin: data.shop_origin,
      };
    },
    async sellerPayment(ownerId, paymentId) {
      const seller = await sellerAccessToken(sellerDepsFrom(env, admin), ownerId);
      if (!seller) return null;
      try {
        const payment = await razorpayApiForSeller(env, seller.accessToken).fetchPayment(paymentId);
        return { orderId: payment.order_id, amount: payment.amount, currency: payment.currency, status: payment.status };
      } catch (error) {
        // Another account's payment, or none: Razorpay answers 400 "does not exist".
        if (error instanceof RazorpayApiError && error.status === 400) return null;
        throw error;
      }
    },
    async settle(payment) {
      return (await settleShopPayment(shopPaymentStoreFrom(env, admin), payment)).status;
    },
    async cancel(orderId) {
      const { error } = await admin.rpc('cancel_pending_shop_order', { shop_order: orderId });
      if (error) console.error('orders: a reservation could not be given back (the sweep expires it)', error);
      else await orderStockChanged(admin, orderId);
    },
  };
}
