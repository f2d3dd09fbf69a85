// Razorpay for sellers, end to end with the real supabase-js and the sellers function on Deno: an owner
// connects their own (sandbox) Razorpay account through Partner OAuth, FolioForge acts on it with the
// seller's token (refreshed when it expires), and a disconnect, a revoke from Razorpay's side or the
// account's deletion ends it. A forged, replayed or denied callback connects nobody.
import { createHmac } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { functionEnv } from '../src/functions/index.ts';
import { ACCESS_TOKEN_SECONDS } from '../src/razorpay/oauth.ts';
import { partnerApp } from '../src/razorpay/partner.ts';
import { sellersFunction } from '../../supabase/functions/_shared/contracts/sellers.ts';
import { decryptToken, sellerAccessToken, sellerDepsFrom, type SellerDeps } from '../../supabase/functions/_shared/sellerAccounts.ts';
import { supabaseClientsFrom } from '../../supabase/functions/_shared/supabaseClient.ts';
import { callFunction } from './support/functions.ts';
import {
  JOURNEY_BACKENDS,
  serviceClient,
  signedInUser,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';
import { razorpayApi } from './support/servicesRazorpay.ts';

after(stopClusters);

const ACCOUNT_PAGE = 'http://localhost:3000/account';

for (const backend of JOURNEY_BACKENDS)
  describe(`Razorpay for sellers (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let deps: SellerDeps;
    before(async () => {
      t = await startTestCloud(backend);
      const env = functionEnv(t.cloud.ctx);
      const read = (name: string) => env[name];
      // The function's own client and helper, run here under Node as the orders code will call it.
      deps = sellerDepsFrom(read, supabaseClientsFrom(read).admin);
    });
    after(async () => t?.stop());

    async function sellers(user: TestUser, action: 'connect' | 'status' | 'disconnect') {
      const { data, error } = await user.client.functions.invoke('sellers', { body: { action } });
      assert.equal(error, null, `sellers ${action}: ${String(error)}`);
      return data as unknown;
    }
    const status = async (user: TestUser) => sellersFunction.answers.status.parse(await sellers(user, 'status'));
    const connectUrl = async (user: TestUser) => sellersFunction.answers.connect.parse(await sellers(user, 'connect')).authorizeUrl;

    /** The seller on Razorpay's consent page: the page shown, then Allow (with their email) or Deny. */
    async function consent(authorizeUrl: string, decision: 'allow' | 'deny', email = 'seller@example.com'): Promise<URL> {
      const page = await fetch(authorizeUrl);
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /<button type="submit" name="decision" value="allow">Allow<\/button>/);
      assert.match(html, /<label for="email">/);
      const form = new URLSearchParams();
      for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
        form.append(name!, value!.replace(/&amp;/g, '&'));
      form.set('decision', decision);
      form.set('email', email);
      const answer = await fetch(authorizeUrl, { method: 'POST', body: form, redirect: 'manual' });
      assert.equal(answer.status, 302);
      return new URL(answer.headers.get('location')!);
    }

    /** Razorpay's redirect followed to the callback; where the callback sends the browser on. */
    async function land(callback: URL): Promise<string> {
      const res = await fetch(callback, { redirect: 'manual' });
      assert.equal(res.status, 303);
      return res.headers.get('location')!;
    }

    async function connected(label: string, email: string) {
      const user = await signedInUser(t, label);
      const landed = await land(await consent(await connectUrl(user), 'allow', email));
      assert.equal(landed, `${ACCOUNT_PAGE}?selling=connected#selling`);
      return user;
    }

    /** An order on the seller's account with their token: the status of the answer, and its id. */
    async function orderWith(accessToken: string) {
      const { status: code, body } = await razorpayApi(
        t,
        'POST',
        '/v1/orders',
        { amount: 49_900, currency: 'INR' },
        `Bearer ${accessToken}`,
      );
      return { code, id: String(body.id) };
    }

    test('an owner connects their account: consent, callback, status, and orders on their account with its token', async () => {
      const ada = await signedInUser(t, 'ada');
      assert.deepEqual(await status(ada), { connected: false });
      const authorizeUrl = new URL(await connectUrl(ada));
      assert.equal(authorizeUrl.origin + authorizeUrl.pathname, `${t.url}/razorpay/auth/authorize`);
      assert.deepEqual(authorizeUrl.searchParams.getAll('scope[]'), ['read_write']);

      const callback = await consent(authorizeUrl.toString(), 'allow', 'ada.bakes@example.com');
      assert.equal(callback.origin + callback.pathname, `${t.url}/functions/v1/sellers/callback`);
      assert.equal(callback.searchParams.get('state'), authorizeUrl.searchParams.get('state'));
      assert.equal(await land(callback), `${ACCOUNT_PAGE}?selling=connected#selling`);

      const now = await status(ada);
      assert.ok(now.connected);
      assert.match(now.accountId, /^acc_[A-Za-z0-9]{14}$/);
      assert.equal(now.mode, 'test');

      // The tokens are the server's: not readable through the API, and sealed in the row.
      const mine = await ada.client.from('seller_accounts').select('*');
      assert.equal(mine.error?.code, '42501');
      const token = await sellerAccessToken(deps, ada.id);
      assert.equal(token?.accountId, now.accountId);
      assert.match(token!.publicToken, /^rzp_test_oauth_/);
      const { data: row } = await serviceClient(t).from('seller_accounts').select('access_token_enc').eq('owner_id', ada.id).single();
      assert.ok(!JSON.stringify(row).includes(token!.accessToken), 'no token in clear in the database');

      const order = await orderWith(token!.accessToken);
      assert.equal(order.code, 200);
      assert.equal((await razorpayApi(t, 'GET', `/v1/orders/${order.id}`, undefined, `Bearer ${token!.accessToken}`)).status, 200);
      // The platform's own key does not see the seller's order, nor does another seller's token.
      assert.equal((await razorpayApi(t, 'GET', `/v1/orders/${order.id}`)).status, 400);
      const bob = await connected('bob', 'bob.shop@example.com');
      const bobs = await sellerAccessToken(deps, bob.id);
      assert.notEqual(bobs?.accountId, now.accountId);
      assert.equal((await razorpayApi(t, 'GET', `/v1/orders/${order.id}`, undefined, `Bearer ${bobs!.accessToken}`)).status, 400);

      // The same Razorpay login connected again is the same account.
      const again = await land(await consent(await connectUrl(ada), 'allow', 'ada.bakes@example.com'));
      assert.equal(again, `${ACCOUNT_PAGE}?selling=connected#selling`);
      assert.equal(((await status(ada)) as { accountId: string }).accountId, now.accountId);
    });

    test('a replayed, forged or denied callback connects nobody', async () => {
      const cleo = await signedInUser(t, 'cleo');
      const callback = await consent(await connectUrl(cleo), 'deny');
      assert.equal(callback.searchParams.get('error'), 'access_denied');
      assert.equal(await land(callback), `${ACCOUNT_PAGE}?selling=denied#selling`);
      assert.deepEqual(await status(cleo), { connected: false });

      // A callback carrying a state FolioForge never issued, with a real code from the attacker's consent.
      const mallory = await signedInUser(t, 'mallory');
      const real = await consent(await connectUrl(mallory), 'allow', 'mallory@example.com');
      const forged = new URL(real);
      forged.searchParams.set('state', 'forged-state-that-nobody-issued');
      assert.equal(await land(forged), `${ACCOUNT_PAGE}?selling=expired#selling`);
      assert.deepEqual(await status(mallory), { connected: false });

      // The real one works once; the same link again changes nothing.
      assert.equal(await land(real), `${ACCOUNT_PAGE}?selling=connected#selling`);
      const first = await status(mallory);
      assert.equal(await land(real), `${ACCOUNT_PAGE}?selling=expired#selling`);
      assert.deepEqual(await status(mallory), first);

      // Another user's state connects that user, never the one who opened the link.
      const dan = await signedInUser(t, 'dan');
      const dansLink = await consent(await connectUrl(dan), 'allow', 'dan@example.com');
      const eve = await signedInUser(t, 'eve');
      await connectUrl(eve);
      await land(dansLink);
      assert.ok((await status(dan)).connected);
      assert.deepEqual(await status(eve), { connected: false });

      // A newer Connect replaces the older one's state.
      const fay = await signedInUser(t, 'fay');
      const older = await connectUrl(fay);
      await connectUrl(fay);
      assert.equal(await land(await consent(older, 'allow', 'fay@example.com')), `${ACCOUNT_PAGE}?selling=expired#selling`);
    });

    test('the sandbox refuses what Razorpay refuses, in its words', async () => {
      const partner = partnerApp(t.cloud.keys);
      const token = async (body: Record<string, string>) => {
        const res = await fetch(`${t.url}/razorpay/auth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as { error?: string } };
      };
      assert.deepEqual(await token({ client_id: partner.clientId, client_secret: 'wrong', grant_type: 'authorization_code', code: 'x' }), {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client authentication failed' },
      });
      const used = await token({ ...creds(partner), grant_type: 'authorization_code', code: 'never-issued', redirect_uri: 'x' });
      assert.deepEqual([used.status, used.body.error], [400, 'invalid_grant']);
      const grant = await token({ ...creds(partner), grant_type: 'password' });
      assert.deepEqual([grant.status, grant.body.error], [400, 'unsupported_grant_type']);
      // A redirect URI the app has not whitelisted is shown an error, never redirected to.
      const authorizeUrl = new URL(await connectUrl(await signedInUser(t, 'gus')));
      authorizeUrl.searchParams.set('redirect_uri', 'https://evil.example/steal');
      const page = await fetch(authorizeUrl, { redirect: 'manual' });
      assert.equal(page.status, 400);
      assert.match(await page.text(), /redirect_uri does not match/);
    });

    test('disconnect revokes at Razorpay, then forgets; a revoke from Razorpay’s side (or its webhook) ends it too', async () => {
      const hana = await connected('hana', 'hana@example.com');
      const before = await sellerAccessToken(deps, hana.id);
      assert.equal((await orderWith(before!.accessToken)).code, 200);
      assert.deepEqual(await sellers(hana, 'disconnect'), { disconnected: true });
      assert.deepEqual(await status(hana), { connected: false });
      assert.equal((await orderWith(before!.accessToken)).code, 401, 'the old token no longer works at Razorpay');
      assert.deepEqual(await sellers(hana, 'disconnect'), { disconnected: true }, 'twice is harmless');

      // The seller revokes the app from their Razorpay dashboard: the next use finds it gone.
      const ivan = await connected('ivan', 'ivan@example.com');
      const { data: row } = await serviceClient(t).from('seller_accounts').select('refresh_token_enc').eq('owner_id', ivan.id).single();
      const refresh = await decryptToken(deps.tokenSecret, ivan.id, (row as { refresh_token_enc: string }).refresh_token_enc);
      const revoked = await fetch(`${t.url}/razorpay/auth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...creds(partnerApp(t.cloud.keys)), token: refresh, token_type_hint: 'refresh_token' }),
      });
      assert.deepEqual(await revoked.json(), { message: 'Token Revoked' });
      assert.equal(await sellerAccessToken(deps, ivan.id, { force: true }), null);
      assert.deepEqual(await status(ivan), { connected: false });

      // Revoked in the dashboard, Razorpay says so by webhook (signed, naming the account): forgotten at once.
      const jo = await connected('jo', 'jo@example.com');
      const jos = (await sellerAccessToken(deps, jo.id))!;
      assert.equal((await razorpayApi(t, 'POST', `/_sandbox/accounts/${jos.accountId}/revoke-app`, {})).status, 200);
      const hooks = await razorpayApi(t, 'GET', '/_sandbox/webhooks');
      const told = (hooks.body.items as { event: string; body: string; response_status: number }[]).find(
        (item) => item.event === 'account.app.authorization_revoked' && item.body.includes(jos.accountId),
      );
      assert.equal(told?.response_status, 200);
      assert.deepEqual(await status(jo), { connected: false });
      assert.equal((await orderWith(jos.accessToken)).code, 401);
    });

    test('the connection is in "Download my data" (never its tokens); deleting the account revokes and deletes it', async () => {
      const june = await connected('june', 'june@example.com');
      const token = await sellerAccessToken(deps, june.id);
      const exported = await callFunction(t, 'account', june.accessToken, { action: 'export' });
      assert.equal(exported.status, 200);
      const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
      const selling = strFromU8(files['selling.json']!);
      assert.equal(
        (JSON.parse(selling) as { razorpayAccounts: { razorpay_account_id: string }[] }).razorpayAccounts[0]?.razorpay_account_id,
        token!.accountId,
      );
      assert.ok(!selling.includes(token!.accessToken) && !selling.includes('v1.'), 'no token, sealed or not');

      const done = await callFunction(t, 'account', june.accessToken, { action: 'delete', password: 'correct horse battery' });
      assert.equal(done.status, 200, await done.clone().text());
      assert.equal((await orderWith(token!.accessToken)).code, 401);
      const { data } = await serviceClient(t).from('seller_accounts').select('owner_id').eq('owner_id', june.id);
      assert.deepEqual(data, []);
    });

    test('a buyer pays the seller’s order with its public token; the payment, refund and webhook are the seller’s', async () => {
      const lena = await connected('lena', 'lena@example.com');
      const token = (await sellerAccessToken(deps, lena.id))!;
      const order = await orderWith(token.accessToken);
      const pay = async (key: string) => {
        const res = await fetch(`${t.url}/razorpay/v1/checkout/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            key_id: key,
            order_id: order.id,
            method: 'card',
            card: { number: '4100 2800 0000 1007', expiry: '12/30', cvv: '123' },
            email: 'buyer@example.com',
            contact: '+919876543210',
          }),
        });
        return { status: res.status, body: (await res.json()) as Record<string, string> };
      };
      assert.equal((await pay(t.cloud.keys.razorpayKeyId)).status, 400, 'the platform’s key cannot pay the seller’s order');
      const paid = await pay(token.publicToken);
      assert.equal(paid.status, 200);
      const expected = createHmac('sha256', partnerApp(t.cloud.keys).clientSecret)
        .update(`${order.id}|${paid.body.razorpay_payment_id}`)
        .digest('hex');
      assert.equal(paid.body.razorpay_signature, expected);
      const bearer = `Bearer ${token.accessToken}`;
      assert.equal((await razorpayApi(t, 'GET', `/v1/orders/${order.id}`, undefined, bearer)).body.status, 'paid');
      const paymentId = paid.body.razorpay_payment_id!;
      assert.equal((await razorpayApi(t, 'POST', `/v1/payments/${paymentId}/refund`, { amount: 10_000 })).status, 400);
      const refund = await razorpayApi(t, 'POST', `/v1/payments/${paymentId}/refund`, { amount: 10_000 }, bearer);
      assert.deepEqual([refund.status, refund.body.amount], [200, 10_000]);
      const hooks = await razorpayApi(t, 'GET', '/_sandbox/webhooks');
      const orderPaid = (hooks.body.items as { event: string; body: string }[])
        .map((item) => JSON.parse(item.body) as { event: string; account_id: string; payload: { order?: { entity: { id: string } } } })
        .find((event) => event.event === 'order.paid' && event.payload.order?.entity.id === order.id);
      assert.equal(orderPaid?.account_id, token.accountId);
      // Disconnected, the public token opens nothing.
      await sellers(lena, 'disconnect');
      const again = await orderWith(token.accessToken);
      assert.equal(again.code, 401);
      assert.equal((await pay(token.publicToken)).status, 400);
    });

    // Last: it moves the sandbox's clock three months on.
    test('an expired token is refreshed before use; the old one is refused with 401', async () => {
      const kim = await connected('kim', 'kim@example.com');
      const first = await sellerAccessToken(deps, kim.id);
      const moved = await razorpayApi(t, 'POST', '/_sandbox/clock', { advance_seconds: ACCESS_TOKEN_SECONDS + 60 });
      assert.equal(moved.status, 200);
      assert.equal((await orderWith(first!.accessToken)).code, 401, 'Razorpay refuses the expired token');
      // As time passes on FolioForge's side too: the stored expiry is due, so the helper refreshes.
      await serviceClient(t)
        .from('seller_accounts')
        .update({ expires_at: new Date(Date.now() + 60_000).toISOString() })
        .eq('owner_id', kim.id);
      const fresh = await sellerAccessToken(deps, kim.id);
      assert.notEqual(fresh!.accessToken, first!.accessToken);
      assert.equal(fresh!.accountId, first!.accountId);
      assert.equal((await orderWith(fresh!.accessToken)).code, 200);
      // Kept for next time, and not refreshed again while it is good.
      assert.equal((await sellerAccessToken(deps, kim.id))!.accessToken, fresh!.accessToken);
    });
  });

function creds(partner: { clientId: string; clientSecret: string }) {
  return { client_id: partner.clientId, client_secret: partner.clientSecret };
}
