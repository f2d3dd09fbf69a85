// The page a subscription's short_url opens: Razorpay's hosted authorisation, where a customer sent
// a link (rather than a merchant's own checkout) authorises the subscription with the same dialog.
// And Hosted Checkout (/v1/checkout/embedded): the payment page for an order, opened with the
// merchant's key (a connected seller's public token) and sending the buyer to callback_url with the
// payment's ids and signature as a form POST, or to cancel_url. Its fields come as a form POST from
// the merchant's page, as Razorpay takes them.
import type { Hono } from 'hono';
import { readBodyCapped } from '../http/body.ts';
import type { Sandbox } from './sandbox.ts';

const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9]{14}$/;

function page(apiBase: string, keyId: string, subscriptionId: string): string {
  const options = JSON.stringify({ key: keyId, subscription_id: subscriptionId, name: 'Authorise subscription' });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorise subscription · Razorpay sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
button{font-size:1rem;padding:.6rem 1.2rem}</style>
<script src="${apiBase}/v1/checkout.js"></script></head>
<body><main><h1>Authorise subscription</h1>
<p>Subscription <code>${subscriptionId}</code>. The payment dialog shows what is charged and when.</p>
<button id="authorise" type="button">Authorise</button>
<p id="result" role="status"></p></main>
<script>
(function () {
  var options = ${options};
  var result = document.getElementById('result');
  options.handler = function (response) { result.textContent = 'Authorised: payment ' + response.razorpay_payment_id + '.'; };
  document.getElementById('authorise').addEventListener('click', function () {
    var rzp = new Razorpay(options);
    rzp.on('payment.failed', function (failure) { result.textContent = failure.error.description; });
    rzp.open();
  });
})();
</script></body></html>`;
}

const ORDER_ID = /^order_[A-Za-z0-9]{14}$/;
const KEY_ID = /^rzp_test_(oauth_)?[A-Za-z0-9]{14}$/;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
/** JSON inside a script element: nothing in it can end the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function embeddedCheckout(apiBase: string, fields: Record<string, string>): string | undefined {
  const { key_id: key, order_id: orderId, callback_url: callbackUrl, cancel_url: cancelUrl = '' } = fields;
  if (!key || !KEY_ID.test(key) || !orderId || !ORDER_ID.test(orderId) || !callbackUrl || !/^https?:\/\//.test(callbackUrl))
    return undefined;
  const name = fields.name ?? 'Checkout';
  const options = {
    key,
    order_id: orderId,
    name,
    prefill: { name: fields['prefill[name]'] ?? '', email: fields['prefill[email]'] ?? '', contact: fields['prefill[contact]'] ?? '' },
  };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(name)} · Razorpay sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
button{font-size:1rem;padding:.6rem 1.2rem}</style>
<script src="${apiBase}/v1/checkout.js"></script></head>
<body><main><h1>${escapeHtml(name)}</h1>
<p>Order <code>${orderId}</code>. The payment dialog shows what is charged.</p>
<button id="pay" type="button">Pay</button>
${/^https?:\/\//.test(cancelUrl) ? `<p><a href="${escapeHtml(cancelUrl)}">Cancel and go back</a></p>` : ''}
<form id="paid" method="post" action="${escapeHtml(callbackUrl)}" hidden>
<input type="hidden" name="razorpay_payment_id"><input type="hidden" name="razorpay_order_id"><input type="hidden" name="razorpay_signature">
</form>
<p id="result" role="status"></p></main>
<script>
(function () {
  var options = ${scriptJson(options)};
  var result = document.getElementById('result');
  var paid = document.getElementById('paid');
  options.handler = function (response) {
    paid.elements.razorpay_payment_id.value = response.razorpay_payment_id;
    paid.elements.razorpay_order_id.value = response.razorpay_order_id;
    paid.elements.razorpay_signature.value = response.razorpay_signature;
    paid.submit();
  };
  document.getElementById('pay').addEventListener('click', function () {
    var rzp = new Razorpay(options);
    rzp.on('payment.failed', function (failure) { result.textContent = failure.error.description; });
    rzp.open();
  });
})();
</script></body></html>`;
}

export function mountHostedPages(app: Hono, sandbox: Sandbox): void {
  const checkout = (fields: Record<string, string>) => {
    const page = embeddedCheckout(sandbox.apiBase(), fields);
    return page ? { page } : undefined;
  };
  app.post('/razorpay/v1/checkout/embedded', async (c) => {
    const body = await readBodyCapped(c, 16 * 1024);
    if (!body) return c.text('Request body too large', 413);
    const found = checkout(Object.fromEntries(new URLSearchParams(new TextDecoder().decode(body))));
    return found ? c.html(found.page) : c.text('Hosted checkout needs key_id, order_id and callback_url', 400);
  });

  app.get('/razorpay/v1/t/subscriptions/:id', (c) => {
    const id = c.req.param('id');
    if (!SUBSCRIPTION_ID.test(id)) return c.text('No such subscription link', 404);
    return c.html(page(sandbox.apiBase(), sandbox.ctx.keys.razorpayKeyId, id));
  });
}
