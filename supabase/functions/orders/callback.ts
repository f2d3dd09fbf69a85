// The buyer's return from Razorpay's hosted checkout: a form POST to /orders/callback?order=<number>
// with razorpay_payment_id, razorpay_order_id and razorpay_signature (or error[…] when the payment
// failed). The signature of a payment on a connected account is hex HMAC-SHA256 of
// "<order id>|<payment id>" with the partner app's client secret (RAZORPAY_PARTNER_CLIENT_SECRET, not
// a key secret: the platform has none of the seller's), checked over the order id stored here, so a
// signature for another order, or another account's, never matches. Only then is the payment read
// back from Razorpay as the seller and recorded, the same way the webhook records it (one SQL call:
// paid once, or refunded when the order had ended). Whatever comes, the buyer gets a page saying what
// happened and the way back to the shop; a forged or foreign callback changes nothing. A paid (or
// refunded) order's page links the order's private status page (status.ts), as the receipt mail does
// (on the custom domain the order was placed on), and leads back to the shop where the buyer ordered:
// the site, or the page's proven custom domain.
import { requireEnv, type Env } from '../_shared/env.ts';
import { hmacSha256Hex, timingSafeEqualText } from '../_shared/hmac.ts';
import { readRawBody } from '../_shared/request.ts';
import { orderStatusLink } from '../_shared/shopMailLinks.ts';
import { publicPagePath } from '../_shared/slugs.ts';
import { buyerPage, escapeHtml } from './buyerPages.ts';
import type { OrderStore } from './store.ts';
import { provenShopOrigin } from './shopOrigin.ts';

const MAX_CALLBACK_BYTES = 8 * 1024;
const ORDER_NUMBER = /^FF-[0-9A-Z]{10}$/;

function page(status: number, title: string, paragraphs: string[], shopUrl: string | undefined, statusUrl?: string): Response {
  const links =
    (statusUrl ? `<p><a href="${escapeHtml(statusUrl)}">Your order’s status</a> (keep this link: it shows your order)</p>\n` : '') +
    (shopUrl ? `<p><a href="${escapeHtml(shopUrl)}">Back to the shop</a></p>` : '');
  return buyerPage(status, title, `${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}\n${links}`);
}

export async function answerCallback(req: Request, env: Env, store: OrderStore): Promise<Response> {
  try {
    return await callbackPage(req, env, store);
  } catch (error) {
    console.error('orders: a checkout callback could not be checked', error);
    return page(
      503,
      'We could not confirm your payment just now',
      ['Reload this page in a minute to try again. A payment Razorpay took reaches the shop directly too, or is given back.'],
      undefined,
    );
  }
}

async function callbackPage(req: Request, env: Env, store: OrderStore): Promise<Response> {
  const siteUrl = requireEnv(env, 'SITE_URL').replace(/\/+$/, '');
  const number = new URL(req.url).searchParams.get('order') ?? '';
  const order = ORDER_NUMBER.test(number) ? await store.callbackOrder(number) : undefined;
  if (!order) {
    await req.body?.cancel();
    return page(404, 'There is no such order', ['Check the link, or order again from the shop’s page.'], undefined);
  }
  // An order from the page's custom domain goes back there: the query is anyone's to write, so the
  // domain must still be a proven one of the order's page, else the page on the site.
  // Returned through the custom domain's edge, the Host it passes must be a proven domain of the
  // order's page too: then the confirmation and its status link stay on that domain.
  const edgeShop = order.portfolioId ? await provenShopOrigin(req, siteUrl, order.portfolioId, store) : undefined;
  const fromDomain = new URL(req.url).searchParams.get('shop');
  const domainShop = edgeShop
    ? `${edgeShop}/`
    : fromDomain && order.portfolioId
      ? await store.customDomainOrigin(order.portfolioId, fromDomain)
      : undefined;
  const shopUrl = domainShop ?? `${siteUrl}${publicPagePath(order.slug)}`;
  const fields =
    req.method === 'POST' ? new URLSearchParams(await readRawBody(req, MAX_CALLBACK_BYTES).catch(() => '')) : new URL(req.url).searchParams;
  const paymentId = fields.get('razorpay_payment_id') ?? '';
  const signature = (fields.get('razorpay_signature') ?? '').trim().toLowerCase();
  const notConfirmed = (status: number) =>
    page(
      status,
      'We could not confirm this payment',
      [
        `Order ${order.orderNumber} is not marked paid from this page.`,
        'A payment Razorpay really took reaches the shop directly, or is given back if the order cannot be filled.',
      ],
      shopUrl,
    );

  if (!signature || !paymentId)
    return page(
      200,
      'Your order is not paid',
      [`The payment for order ${order.orderNumber} was not completed. You can order again from the shop.`],
      shopUrl,
    );
  // Signed over the Razorpay order id stored here: a signature for any other order never matches.
  const expected = order.razorpayOrderId
    ? await hmacSha256Hex(requireEnv(env, 'RAZORPAY_PARTNER_CLIENT_SECRET'), `${order.razorpayOrderId}|${paymentId}`)
    : '';
  if (
    !order.razorpayOrderId ||
    !order.accountId ||
    fields.get('razorpay_order_id') !== order.razorpayOrderId ||
    !timingSafeEqualText(expected, signature)
  )
    return notConfirmed(400);

  // Read back from Razorpay as the seller: only a payment on the order's own account is found.
  const payment = await store.sellerPayment(order.ownerId, paymentId);
  if (!payment || payment.orderId !== order.razorpayOrderId) return notConfirmed(400);
  // Only once the payment is confirmed: the link is the buyer's, as the receipt mail's, on the domain the order was placed on.
  const statusUrl = () =>
    orderStatusLink(
      env,
      order,
      async (origin) => !!order.portfolioId && (await store.customDomainOrigin(order.portfolioId, origin)) !== undefined,
    );
  const refundedPage = async () =>
    page(
      200,
      'Your payment is being refunded',
      [
        `Order ${order.orderNumber} was no longer open when the payment arrived (an order waits 30 minutes to be paid).`,
        'The whole amount goes back the way you paid. Order again from the shop if you still want it.',
      ],
      shopUrl,
      await statusUrl(),
    );
  // Given back already (the webhook came first): nothing to record.
  if (payment.status === 'refunded') return await refundedPage();
  if (payment.status !== 'captured')
    return page(
      202,
      'Your payment is being confirmed',
      [`Razorpay has not yet confirmed the payment for order ${order.orderNumber}. Reload this page in a minute to see it.`],
      shopUrl,
    );
  const settled = await store.settle({
    razorpayOrderId: order.razorpayOrderId,
    accountId: order.accountId,
    paymentId,
    amount: payment.amount,
    currency: payment.currency,
  });
  if (settled === 'paid' || settled === 'already_paid')
    return page(
      200,
      'Thank you: your order is paid',
      [`Order ${order.orderNumber} is paid. The shop has it, and your receipt is on its way to your mail.`],
      shopUrl,
      await statusUrl(),
    );
  if (settled === 'refunded' || settled === 'already_refunded' || settled === 'refund_underway' || settled === 'refund_waiting')
    return await refundedPage();
  return notConfirmed(400);
}
