// The functions ask for the second factor where a stolen password must not be enough: a user with a
// verified authenticator whose session used only the password (aal1) is refused (403) by payments
// (an order, a subscription, cancelling or changing the plan), domains (register, renew, connect),
// publish (prove or give up a custom domain, delete a portfolio), account (download the data, delete the account) and
// sellers (connect or disconnect a Razorpay account), and
// nothing is done; the same user's aal2 session
// goes through. A payment already made is still confirmed from an aal1 session.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { unzipSync } from 'fflate';
import { callPayments } from './support/billing.ts';
import { grantPurchase, startTestCloud as startCoreTestCloud, type TestCloud as CoreTestCloud } from './support/cloud.ts';
import { callFunction } from './support/functions.ts';
import { serviceClient, JOURNEY_BACKENDS, skipFor, stopClusters, type TestCloud } from './support/servicesCloud.ts';
import { authoriseSubscription, razorpayApi } from './support/servicesRazorpay.ts';
import { claimsOf, clientFrom, passwordOnly, twoFactorUser, type TwoFactorUser } from './support/twoFactor.ts';

after(stopClusters);

const SECOND_FACTOR_FIRST = 'Enter the code from your authenticator app first: sign in again to do so.';

let counter = 0;
const freshDomain = () => `second-factor-${process.pid}-${Date.now().toString(36)}-${++counter}.com`;

for (const backend of JOURNEY_BACKENDS)
  describe(`the second factor in the functions (${backend})`, { skip: skipFor(backend) }, () => {
    /** The cloud as the two-factor helpers take it (sign-ups confirmed by mail), and as the others do. */
    let core: CoreTestCloud;
    let t: TestCloud;
    let user: TwoFactorUser;
    /** The user's tokens: after the authenticator's code (aal2), and after the password alone (aal1). */
    let aal2: string;
    let aal1: string;

    before(async () => {
      core = await startCoreTestCloud(backend, { silent: !process.env.LOCAL_CLOUD_LOG });
      t = { cloud: core, url: core.url, dataDir: core.ctx.config.dataDir, stop: () => core.stop() };
      user = await twoFactorUser(core);
      aal2 = (await user.sb.auth.getSession()).data.session!.access_token;
      aal1 = (await passwordOnly(core, user)).session.access_token;
      assert.deepEqual([claimsOf(aal2).aal, claimsOf(aal1).aal], ['aal2', 'aal1']);
    });
    after(async () => t?.stop());

    async function refused(name: string, body: unknown) {
      const answer = await callFunction(t, name, aal1, body);
      assert.equal(answer.status, 403, `${name} ${JSON.stringify(body)}`);
      assert.deepEqual(await answer.json(), { error: SECOND_FACTOR_FIRST });
    }

    const rowsOf = async (table: string, column: string) => {
      const { data, error } = await serviceClient(t).from(table).select('*').eq(column, user.userId);
      assert.equal(error, null);
      return data!;
    };

    test('payments: no order or subscription is opened, nor a plan cancelled or changed, with the password alone', async () => {
      await refused('payments', { action: 'create-order', item: { itemType: 'template', itemId: '2' } });
      await refused('payments', { action: 'subscribe', planId: 'pro' });
      assert.deepEqual(await rowsOf('purchases', 'user_id'), []);
      assert.deepEqual(await rowsOf('subscriptions', 'user_id'), []);

      const order = await callPayments(t, aal2, { action: 'create-order', item: { itemType: 'template', itemId: '2' } });
      assert.equal(order.status, 200, JSON.stringify(order.body));
      const opened = await callPayments(t, aal2, { action: 'subscribe', planId: 'pro' });
      assert.equal(opened.status, 200, JSON.stringify(opened.body));
      const razorpayId = String(opened.body.subscriptionId);
      const authorised = await authoriseSubscription(t, razorpayId);
      assert.equal(authorised.status, 200);
      // Confirming what the card already paid never waits for the factor: the charge is recorded.
      const verified = await callPayments(t, aal1, { action: 'verify-subscription', ...authorised.body });
      assert.equal(verified.status, 200, JSON.stringify(verified.body));
      assert.equal((await rowsOf('subscription_charges', 'user_id')).length, 1);

      await refused('payments', { action: 'change-plan', planId: 'premium' });
      await refused('payments', { action: 'cancel-subscription' });
      const atRazorpay = (await razorpayApi(t, 'GET', `/v1/subscriptions/${razorpayId}`)).body;
      assert.deepEqual([atRazorpay.status, atRazorpay.has_scheduled_changes], ['active', false], 'Razorpay was not asked');

      const changed = await callPayments(t, aal2, { action: 'change-plan', planId: 'premium' });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.equal((changed.body.subscription as { scheduled_plan_id: string }).scheduled_plan_id, 'premium');
      const cancelled = await callPayments(t, aal2, { action: 'cancel-subscription' });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      assert.equal((cancelled.body.subscription as { cancel_at_period_end: boolean }).cancel_at_period_end, true);
    });

    test('domains: nothing is registered, renewed or connected with the password alone', async () => {
      await grantPurchase(serviceClient(t), user.userId, { itemType: 'plan', itemId: 'basic' });
      const { data: page } = await user.sb.from('portfolios').insert({ template_id: '1', title: 'Two factors' }).select('id').single();
      const domain = freshDomain();
      await refused('domains', { action: 'register', domain, portfolioId: page!.id });
      assert.deepEqual(await rowsOf('registered_domains', 'owner_id'), []);
      assert.deepEqual(await rowsOf('free_domain_years', 'owner_id'), [], 'the plan year is not spent');

      const registered = await callFunction(t, 'domains', aal2, { action: 'register', domain, portfolioId: page!.id });
      assert.equal(registered.status, 200, await registered.clone().text());
      await refused('domains', { action: 'connect', domain, portfolioId: page!.id });
      await refused('domains', { action: 'renew', domain });
      const connected = await callFunction(t, 'domains', aal2, { action: 'connect', domain, portfolioId: page!.id });
      assert.equal(connected.status, 200);
      // Past the second factor, renewal answers on its own terms: not open yet.
      const renewed = await callFunction(t, 'domains', aal2, { action: 'renew', domain });
      assert.equal(renewed.status, 400);
      assert.match((await renewed.json()).error, /can be renewed from/);
    });

    test('publish: a custom domain is neither proven nor given up with the password alone', async () => {
      const service = serviceClient(t);
      const { data: page } = await service
        .from('portfolios')
        .insert({ owner_id: user.userId, template_id: 'generator', title: 'Domain page' })
        .select('id')
        .single();
      const domain = freshDomain();
      const verifiedAt = new Date().toISOString();
      await service.from('custom_domains').insert({ domain, portfolio_id: page!.id, owner_id: user.userId, verified_at: verifiedAt });
      await refused('publish', { action: 'verify-domain', domain });
      await refused('publish', { action: 'remove-domain', domain });
      const claims = (await rowsOf('custom_domains', 'owner_id')).filter((claim) => claim.domain === domain);
      assert.deepEqual(
        claims.map((claim) => [claim.domain, claim.verified_at !== null]),
        [[domain, true]],
        'the claim and its proof are as they were',
      );
      assert.equal((await callFunction(t, 'publish', aal2, { action: 'remove-domain', domain })).status, 200, 'the code given, it goes');
    });

    test('sellers: no Razorpay account is connected or disconnected with the password alone', async () => {
      await refused('sellers', { action: 'connect' });
      assert.deepEqual(await rowsOf('seller_oauth_states', 'owner_id'), [], 'no connection was started');
      const status = await callFunction(t, 'sellers', aal1, { action: 'status' });
      assert.deepEqual(await status.json(), { connected: false }, 'which account is connected may still be read');
      const started = await callFunction(t, 'sellers', aal2, { action: 'connect' });
      assert.equal(started.status, 200, 'the code given, it starts');
      assert.equal((await rowsOf('seller_oauth_states', 'owner_id')).length, 1);

      const { error } = await serviceClient(t)
        .from('seller_accounts')
        .insert({
          owner_id: user.userId,
          razorpay_account_id: 'acc_SecondFactor01',
          public_token: 'rzp_test_oauth_SecondFactor01',
          access_token_enc: 'v1.aXY.YQ',
          refresh_token_enc: 'v1.aXY.cg',
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          mode: 'test',
        });
      assert.equal(error, null);
      await refused('sellers', { action: 'disconnect' });
      assert.equal((await rowsOf('seller_accounts', 'owner_id')).length, 1, 'still connected');
      // The stand-in connection (its tokens seal nothing Razorpay knows) goes, so the account's deletion below revokes none.
      assert.equal((await serviceClient(t).from('seller_accounts').delete().eq('owner_id', user.userId)).error, null);
    });

    test('publish: a portfolio is not deleted with the password alone', async () => {
      const { data: page, error } = await serviceClient(t)
        .from('portfolios')
        .insert({ owner_id: user.userId, template_id: 'generator', title: 'Kept page' })
        .select('id')
        .single();
      assert.equal(error, null);
      await refused('publish', { action: 'delete', portfolioId: page!.id });
      assert.equal((await rowsOf('portfolios', 'owner_id')).filter((row) => row.id === page!.id).length, 1, 'it is still there');
      const deleted = await callFunction(t, 'publish', aal2, { action: 'delete', portfolioId: page!.id });
      assert.equal(deleted.status, 200, 'the code given, it goes');
    });

    test('account: the data is not downloaded, nor the account deleted, with the password alone', async () => {
      await refused('account', { action: 'export' });
      await refused('account', { action: 'delete', password: user.password });
      assert.equal((await rowsOf('profiles', 'id')).length, 1, 'the account is still here');

      const exported = await callFunction(t, 'account', aal2, { action: 'export' });
      assert.equal(exported.status, 200);
      const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
      assert.ok('subscriptions.json' in files);

      const deleted = await callFunction(t, 'account', aal2, { action: 'delete', password: user.password });
      assert.equal(deleted.status, 200, await deleted.clone().text());
      assert.deepEqual(await rowsOf('profiles', 'id'), []);
    });

    test('account: a recovery code signs in and keeps the authenticator, or removes it for a lost device; a mail says which', async () => {
      const owner = await twoFactorUser(core);
      const { data: codes } = await owner.sb.rpc('create_mfa_recovery_codes');
      const [first, second, third] = codes as string[];
      const mailsTo = async () => (await core.ctx.mailbox.list()).filter((mail) => mail.to === owner.email && mail.kind === 'emailjs');
      const { sb: pw, session } = await passwordOnly(core, owner);
      const direct = await pw.rpc('redeem_mfa_recovery_code', {
        for_user: owner.userId,
        for_session: '',
        code: first!,
        device_lost: false,
      });
      assert.notEqual(direct.error, null, 'a browser cannot redeem a code itself, past the mail');

      const use = async (token: string, code: string, deviceLost: boolean) =>
        (await callFunction(t, 'account', token, { action: 'use-recovery-code', code, deviceLost })).json();
      assert.deepEqual(await use(session.access_token, 'AAAAA-BBBBB', false), { result: 'wrong' });
      assert.deepEqual(await use(session.access_token, first!, false), { result: 'factor_kept' });
      assert.equal((await pw.rpc('mfa_satisfied')).data, true, 'the session the code was used in has passed the second factor');
      const refreshed = await pw.auth.refreshSession();
      const claims = claimsOf(refreshed.data.session!.access_token) as { session_id?: string; app_metadata?: Record<string, unknown> };
      assert.equal(claims.app_metadata?.mfa_recovered_session, claims.session_id, 'its next token says so, for the app');
      assert.deepEqual(
        refreshed.data.user?.factors?.map((factor) => factor.status),
        ['verified'],
        'the authenticator still guards the account',
      );
      const { session: other } = await passwordOnly(core, owner);
      const otherAal1 = clientFrom(core, owner.address);
      await otherAal1.auth.setSession({ access_token: other.access_token, refresh_token: other.refresh_token });
      assert.equal((await otherAal1.rpc('mfa_satisfied')).data, false, 'another password-only session has not');
      const kept = (await mailsTo()).find((mail) => mail.subject === 'A recovery code was used to sign in to FolioForge');
      assert.match(kept?.text ?? '', /Two-factor sign-in stays on with your authenticator app\. 9 recovery codes are left\./);

      assert.deepEqual(await use(other.access_token, second!, true), { result: 'factor_removed' });
      const factorsLeft = await core.ctx.db.asOwner((tx) => tx.query('select id from auth.mfa_factors where user_id = $1', [owner.userId]));
      assert.equal(factorsLeft.rows.length, 0, 'with the device lost, the authenticator is removed');
      const removed = (await mailsTo()).find((mail) => mail.subject === 'Your authenticator was removed from your FolioForge account');
      assert.match(removed?.text ?? '', /two-factor sign-in is off until you set it up again/);
      assert.deepEqual(await use(other.access_token, third!, false), { result: 'wrong' }, 'the other codes went with it');
    });
  });
