// The page a subscription's short_url opens: Razorpay's hosted authorisation, where a customer sent
// a link (rather than a merchant's own checkout) authorises the subscription with the same dialog.
import type { Hono } from 'hono';
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

export function mountHostedPages(app: Hono, sandbox: Sandbox): void {
  app.get('/razorpay/v1/t/subscriptions/:id', (c) => {
    const id = c.req.param('id');
    if (!SUBSCRIPTION_ID.test(id)) return c.text('No such subscription link', 404);
    return c.html(page(sandbox.apiBase(), sandbox.ctx.keys.razorpayKeyId, id));
  });
}
