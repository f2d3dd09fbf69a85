// Orders from a published page (issue 48). The page's order form (a plain HTML form, no script) or a
// script on the page posts the products' quantities and options and the buyer's details here, as a
// form or as JSON:
//   - only from the page's own origins (the site, for /p/<slug>, or a proven custom domain of the
//     page); anything else is refused (403) before anything is read from the database;
//   - the fields checked by the form's contract (_shared/contracts/pageForms.ts), a message per field;
//   - limits per buyer (their network address, on this page) and per page, in Postgres;
//   - priced from the published snapshot (_shared/shopOrders.ts): prices, options, stock and shipping
//     are the page's, a price in the form is never read;
//   - the stock held by reserve_shop_order, one SQL call that refuses the order whole when not enough is
//     left, so racing buyers never take more than the page has;
//   - the order created on the owner's own Razorpay account with its token (Partner OAuth), its
//     receipt the order's number; a refusal there gives the stock back;
//   - the buyer's return from checkout at /orders/callback, its signature checked (callback.ts);
//   - the buyer's private order page at GET /orders/status/<token> (status.ts).
// A form is answered with a page whose button posts Razorpay's hosted checkout form for the order,
// or 422 with an HTML page listing what to change beside which field (the browser's Back keeps what
// was typed); JSON gets 201 { orderNumber, checkout: { action, fields } } or 422 { error, fields }.
import { runtimeEnv, requireEnv, type Env } from '../_shared/env.ts';
import { orderForm, orderFormField, orderFormInput, quantityField, type OrderForm } from '../_shared/contracts/pageForms.ts';
import { hmacSha256Hex } from '../_shared/hmac.ts';
import { formatMoney } from '../_shared/prices.ts';
import { clientAddress } from '../_shared/rateLimit.ts';
import { razorpayApiBase } from '../_shared/razorpay.ts';
import { HttpError, readRawBody } from '../_shared/request.ts';
import { priceOrder, productNames, shopNameOf } from '../_shared/shopOrders.ts';
import { publicPagePath, SLUG_PATTERN } from '../_shared/slugs.ts';
import { buyerPage, escapeHtml } from './buyerPages.ts';
import { answerCallback } from './callback.ts';
import { answerStatus, statusStoreFrom, type StatusStore } from './status.ts';
import { supabaseClientsFrom } from '../_shared/supabaseClient.ts';
import { orderStoreFrom, ReservationRefused, type OrderStore } from './store.ts';
import { DOMAIN_ORDERS_PATH, ORDERS_MAX_BODY_BYTES } from './domainPaths.mjs';
import { provenShopOrigin } from './shopOrigin.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ORDER_BUDGETS = {
  /** Orders one buyer (network address) starts on one page: 10 in 10 minutes, enough to retry. */
  buyer: { max: 10, perSeconds: 600 },
  /** Orders started on one page: 300 in 10 minutes, so a few clients cannot hold its stock for long. */
  page: { max: 300, perSeconds: 600 },
};

/** The buyer's key for the limits: an HMAC of the page, their address and the day, never the address. */
export async function buyerKey(secret: string, portfolio: string, address: string, now = new Date()): Promise<string> {
  return (await hmacSha256Hex(secret, `${now.toISOString().slice(0, 10)}|${portfolio}|${address}`)).slice(0, 40);
}

const FIELD_LABELS: Record<string, string> = {
  lines: 'Products',
  name: 'Your name',
  email: 'Email',
  phone: 'Phone',
  delivery: 'Pickup or delivery',
  addressLine1: 'Address',
  addressLine2: 'Address, second line',
  city: 'Town or city',
  region: 'State or region',
  postalCode: 'Postal code',
  country: 'Country',
};

/** The way back to the page's order form, under a page for the buyer. */
const backLink = (back: string | undefined) =>
  back ? `<p><a href="${escapeHtml(back)}">Back to the order</a>: go back in your browser to keep what you typed.</p>` : '';

/** What to change, each field by its label with its message. */
function problemsPage(fields: Record<string, string>, productNames: Map<string, string>, back: string | undefined): Response {
  const label = (field: string) => {
    const [kind, item] = field.split('.');
    if (item && (kind === 'quantity' || kind === 'option'))
      return `${kind === 'quantity' ? 'Quantity' : 'Option'} of ${productNames.get(item) ?? 'a product'}`;
    return FIELD_LABELS[field] ?? field;
  };
  const items = Object.entries(fields)
    .map(([field, message]) => `<li><strong>${escapeHtml(label(field))}</strong>: ${escapeHtml(message)}</li>`)
    .join('');
  return buyerPage(422, 'Your order needs a change', `<ul>${items}</ul>${backLink(back)}`);
}

/** Razorpay's Hosted Checkout for an order on the seller's account: the fields of its form POST (the key is the seller's public token). */
export function hostedCheckout(
  apiBase: string,
  input: { publicToken: string; razorpayOrderId: string; shopName: string; buyer: OrderForm; callbackUrl: string; cancelUrl: string },
): { action: string; fields: Record<string, string> } {
  return {
    action: `${apiBase}/v1/checkout/embedded`,
    fields: {
      key_id: input.publicToken,
      order_id: input.razorpayOrderId,
      name: input.shopName,
      'prefill[name]': input.buyer.name,
      'prefill[email]': input.buyer.email,
      'prefill[contact]': input.buyer.phone,
      callback_url: input.callbackUrl,
      cancel_url: input.cancelUrl,
    },
  };
}

/**
 * Between the order form and Razorpay: the order's number and total, and one button posting the
 * checkout's form (Razorpay takes Hosted Checkout as a POST, so a redirect cannot open it).
 */
function checkoutPage(checkout: ReturnType<typeof hostedCheckout>, orderNumber: string, total: string, back: string | undefined): Response {
  const inputs = Object.entries(checkout.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return buyerPage(
    200,
    `Pay for order ${orderNumber}`,
    `<p>Total: <strong>${escapeHtml(total)}</strong>. You pay on Razorpay's page; nothing is charged until you confirm there.</p>
<form id="checkout" method="post" action="${escapeHtml(checkout.action)}">${inputs}<button type="submit">Pay ${escapeHtml(total)}</button></form>
<p>Your items are kept for you for 30 minutes.</p>${backLink(back)}`,
  );
}

function readFields(raw: string, kind: 'form' | 'json'): Record<string, string> {
  if (kind === 'form') return Object.fromEntries(new URLSearchParams(raw));
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'Request body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'Request body is not an object');
  // The same flat fields as the form: a script posts what the form would.
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : String(value)]));
}

/** `store`: the database and Razorpay, built at the first request (tests pass their own). */
export function createHandler(env: Env, store?: OrderStore, statusStore?: StatusStore): (req: Request) => Promise<Response> {
  let built = store;
  const storeNow = () => (built ??= orderStoreFrom(env));
  let builtStatus = statusStore;
  const statusStoreNow = () => (builtStatus ??= statusStoreFrom(supabaseClientsFrom(env).admin));
  return async (req) => {
    const origin = req.headers.get('origin');
    let kind: 'form' | 'json' = 'json';
    let back: string | undefined;
    let allowedOrigin = false;
    const cors = (): Record<string, string> =>
      allowedOrigin && origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : { Vary: 'Origin' };
    const plain = (status: number, message: string, extra: Record<string, string> = {}) =>
      kind === 'json'
        ? new Response(JSON.stringify({ error: message }), {
            status,
            headers: { ...cors(), ...extra, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
          })
        : back
          ? // From the page's own form: a page saying what happened, with the way back.
            buyerPage(status, 'Your order was not taken', `<p>${escapeHtml(message)}</p>${backLink(back)}`, extra)
          : new Response(message, {
              status,
              headers: { ...extra, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
            });
    const fieldProblems = (fields: Record<string, string>, names = new Map<string, string>()) =>
      kind === 'json'
        ? new Response(JSON.stringify({ error: 'Check the marked fields', fields }), {
            status: 422,
            headers: { ...cors(), 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
          })
        : problemsPage(fields, names, back);

    try {
      const siteUrl = requireEnv(env, 'SITE_URL').replace(/\/+$/, '');
      const siteOrigin = new URL(siteUrl).origin;
      if (req.method === 'OPTIONS') {
        // Only a script on the site itself sends JSON across origins; the page's form needs no preflight.
        allowedOrigin = origin === siteOrigin;
        return new Response(null, {
          status: allowedOrigin ? 204 : 403,
          headers: { ...cors(), 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'content-type' },
        });
      }
      // Razorpay's checkout sends the buyer back here with the payment's ids, signed (callback.ts).
      if (new URL(req.url).pathname.endsWith('/callback')) return await answerCallback(req, env, storeNow());
      if (new URL(req.url).pathname.includes('/status/')) return await answerStatus(req, env, statusStoreNow());
      if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
      const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (type === 'application/x-www-form-urlencoded') kind = 'form';
      else if (type !== 'application/json') throw new HttpError(415, 'Send the form, or JSON');
      const fields = readFields(await readRawBody(req, ORDERS_MAX_BODY_BYTES), kind);

      // Which page, and whether the request comes from one of its origins: until both are known
      // there is nowhere to send the buyer back to.
      const slug = typeof fields.slug === 'string' && SLUG_PATTERN.test(fields.slug) ? fields.slug : undefined;
      const portfolio = typeof fields.portfolio === 'string' && UUID.test(fields.portfolio) ? fields.portfolio : undefined;
      if (!slug || !portfolio) throw new HttpError(400, 'Unknown page');
      if (origin === siteOrigin) back = `${siteUrl}${publicPagePath(slug)}`;
      else if (origin) back = await storeNow().customDomainOrigin(portfolio, origin);
      allowedOrigin = back !== undefined;
      if (!allowedOrigin) throw new HttpError(403, 'This form may be sent only from its own page');

      const input = orderFormInput(fields);
      const parsed = orderForm().safeParse(input);
      if (!parsed.success) {
        const problems: Record<string, string> = {};
        for (const issue of parsed.error.issues) problems[orderFormField(issue.path, input)] ??= issue.message;
        return fieldProblems(problems);
      }
      const form = parsed.data;

      const key = await buyerKey(env('ORDER_LIMIT_SECRET') || requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY'), portfolio, clientAddress(req));
      const store = storeNow();
      await store.spend(
        [
          { key: `orders-buyer:${key}`, ...ORDER_BUDGETS.buyer },
          { key: `orders-page:${portfolio}`, ...ORDER_BUDGETS.page },
        ],
        'Too many orders were started just now. Try again in a few minutes.',
      );

      const snapshot = await store.snapshot(portfolio, slug);
      if (!snapshot) throw new HttpError(404, 'There is no published page here.');
      // The page may still show its form (a lapsed plan renders it again at the next sweep); the plan decides now.
      if (!(await store.holdsPlan(snapshot.ownerId))) throw new HttpError(409, 'This shop is not taking orders right now.');
      const names = productNames(snapshot.data);
      const pricing = priceOrder(snapshot.data, form);
      if (!pricing.ok) return fieldProblems(pricing.errors, names);

      // Ordered through the page's custom domain's edge, the buyer stays on it: Razorpay returns there
      // too, and the order keeps the domain for every status link it is sent later.
      const shopOrigin = await provenShopOrigin(req, siteUrl, portfolio, store);
      let reserved;
      try {
        reserved = await store.reserve({
          portfolio,
          slug,
          version: snapshot.version,
          buyer: { name: form.name, email: form.email, phone: form.phone },
          lines: pricing.order.lines,
          delivery: form.delivery,
          address:
            form.delivery === 'ship'
              ? {
                  line1: form.addressLine1!,
                  line2: form.addressLine2 ?? '',
                  city: form.city!,
                  region: form.region ?? '',
                  postalCode: form.postalCode!,
                  country: form.country ?? 'IN',
                }
              : null,
          currency: pricing.order.currency,
          shippingAmount: pricing.order.shippingAmount,
        });
      } catch (error) {
        if (!(error instanceof ReservationRefused)) throw error;
        if (error.code === 'SO410') {
          const item = (error.detail ?? '').split('/')[0] ?? '';
          const count = Number(error.hint ?? 0);
          return fieldProblems({ [quantityField(item)]: count > 0 ? `Only ${count} left` : 'This is sold out' }, names);
        }
        if (error.code === 'SO404')
          return fieldProblems({ [quantityField(error.detail ?? '')]: 'This product is not sold on this page' }, names);
        if (error.code === 'SO409') throw new HttpError(409, 'The page changed just now. Open it again and order from it.');
        throw new HttpError(404, 'There is no published page here.');
      }

      // The seller's connection is read once the stock is held: most of a rush for the last items
      // ends at the reservation, and a shop that is not connected gives its stock back at once.
      const seller = await store.sellerToken(snapshot.ownerId).catch(async (error: unknown) => {
        await store.cancel(reserved.orderId);
        throw error;
      });
      if (!seller) {
        await store.cancel(reserved.orderId);
        throw new HttpError(409, 'This shop is not taking orders right now.');
      }
      let razorpayOrder;
      try {
        razorpayOrder = await store.createRazorpayOrder(seller, {
          amount: reserved.totalAmount,
          currency: pricing.order.currency,
          receipt: reserved.orderNumber,
          notes: { folioforge_shop_order: reserved.orderId, portfolio },
        });
        await store.attachRazorpayOrder(reserved.orderId, razorpayOrder.id, seller.accountId, shopOrigin ?? null);
      } catch (error) {
        await store.cancel(reserved.orderId);
        console.error('orders: the order could not be created at Razorpay', error);
        throw new HttpError(502, 'The payment could not be set up just now. Nothing was charged; try again.');
      }

      const functionsBase = shopOrigin
        ? `${shopOrigin}${DOMAIN_ORDERS_PATH}`
        : `${requireEnv(env, 'SUPABASE_URL').replace(/\/+$/, '')}/functions/v1/orders`;
      const checkout = hostedCheckout(razorpayApiBase(env), {
        publicToken: seller.publicToken,
        razorpayOrderId: razorpayOrder.id,
        shopName: shopNameOf(snapshot.data),
        buyer: form,
        // Ordered on the page's custom domain, the buyer is sent back there (callback.ts checks it again).
        callbackUrl:
          `${functionsBase}/callback?order=${encodeURIComponent(reserved.orderNumber)}` +
          (!shopOrigin && origin && origin !== siteOrigin ? `&shop=${encodeURIComponent(origin)}` : ''),
        cancelUrl: back!,
      });
      if (kind === 'form')
        return checkoutPage(checkout, reserved.orderNumber, formatMoney(reserved.totalAmount, pricing.order.currency), back);
      return new Response(
        JSON.stringify({
          orderNumber: reserved.orderNumber,
          checkout,
          razorpayOrderId: razorpayOrder.id,
          key: seller.publicToken,
          amount: reserved.totalAmount,
          currency: pricing.order.currency,
        }),
        { status: 201, headers: { ...cors(), 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } },
      );
    } catch (error) {
      if (error instanceof HttpError)
        return plain(
          error.status,
          error.message,
          error.details.retryAfterSeconds ? { 'Retry-After': String(error.details.retryAfterSeconds) } : {},
        );
      console.error('orders function failed', error);
      return plain(500, 'The order could not be taken. Nothing was charged; try again.');
    }
  };
}

const handler = createHandler(runtimeEnv());
export default handler;
