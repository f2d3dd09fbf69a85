// Monthly plans end to end through the payments and razorpay-webhook functions and the Razorpay
// sandbox: subscribe, authorise, verify; renewals on the sandbox clock extend the plan and are
// charged once; a failing card keeps the plan through the grace period, then it lapses; cancel and
// resume; change plan at the end of the period; and what active_plan, entitlements and
// billing_history answer at each step, for the owner only.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
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
import { callPayments, subscribed } from './support/billing.ts';
import { advanceClock, authoriseSubscription, razorpayApi, webhookDeliveries } from './support/servicesRazorpay.ts';

const DAY = 86_400;

const payments = (t: TestCloud, user: TestUser | undefined, body: unknown) => callPayments(t, user?.accessToken, body);

type Row = Record<string, unknown>;

async function rowsOf(t: TestCloud, table: 'subscriptions' | 'subscription_charges', userId: string): Promise<Row[]> {
  const { data, error } = await serviceClient(t).from(table).select('*').eq('user_id', userId).order('created_at');
  assert.equal(error, null);
  return data as Row[];
}

async function activePlan(t: TestCloud, userId: string): Promise<string | null> {
  const { data, error } = await serviceClient(t).rpc('active_plan', { for_user: userId });
  assert.equal(error, null);
  return data as string | null;
}

/** Moves the sandbox clock to just past this Razorpay subscription's next charge; webhooks are delivered. */
async function pastNextCharge(t: TestCloud, razorpayId: string) {
  const sub = (await razorpayApi(t, 'GET', `/v1/subscriptions/${razorpayId}`)).body;
  const { body: clock } = await razorpayApi(t, 'GET', '/_sandbox/clock');
  return advanceClock(t, Number(sub.charge_at) - Number(clock.now) + 60);
}

async function setCard(t: TestCloud, razorpayId: string, nextCharges: 'succeed' | 'fail') {
  assert.equal((await razorpayApi(t, 'POST', `/_sandbox/subscriptions/${razorpayId}/card`, { next_charges: nextCharges })).status, 200);
}

for (const backend of JOURNEY_BACKENDS)
  describe(`plans as subscriptions (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let other: TestUser;

    before(async () => {
      t = await startTestCloud(backend);
      other = await signedInUser(t, 'other');
    });
    after(async () => t?.stop());

    test('subscribe → authorise → verify: Pro is held, charged once at the price shown, in dollars', async () => {
      const user = await signedInUser(t, 'pro');
      const { opened, verified } = await subscribed(t, user);
      assert.equal(opened.amount, 1999);
      assert.equal(opened.currency, 'USD');
      assert.equal(opened.planId, 'pro');
      assert.equal(opened.startsAt, null);
      assert.equal(verified.status, 'active');
      assert.equal(verified.amount, 1999);
      assert.equal(verified.currency, 'USD');
      const start = Date.parse(String(verified.current_start));
      const end = Date.parse(String(verified.current_end));
      assert.ok(end - start >= 28 * DAY * 1000 && end - start <= 31 * DAY * 1000, 'one month paid for');

      await webhookDeliveries(t); // the activation's webhooks, delivered too
      const charges = await rowsOf(t, 'subscription_charges', user.id);
      assert.equal(charges.length, 1, 'the webhook and the verify record the charge once');
      assert.equal(charges[0]!.amount, 1999);
      assert.equal(charges[0]!.currency, 'USD');
      assert.equal(await activePlan(t, user.id), 'pro');

      const entitlements = await user.client.from('entitlements').select('plan, plan_expires_at').single();
      assert.equal(entitlements.data?.plan, 'pro');
      assert.equal(Date.parse(String(entitlements.data?.plan_expires_at)), end);
      const history = await user.client.from('billing_history').select('kind, item_type, item_id, amount, currency, receipt_number');
      assert.deepEqual(
        history.data?.map(({ receipt_number, ...rest }) => ({ ...rest, receipt: /^FF-[0-9A-F]{10}$/.test(String(receipt_number)) })),
        [{ kind: 'subscription', item_type: 'plan', item_id: 'pro', amount: 1999, currency: 'USD', receipt: true }],
      );

      // FolioForge mails the receipt /account shows, once though verify and the webhook both record it.
      const receipt = (await user.client.from('billing_history').select('receipt_number, payment_id, paid_at')).data?.[0];
      const mails = (await t.cloud.ctx.mailbox.list()).filter((mail) => mail.kind === 'emailjs' && mail.to === user.email);
      assert.equal(mails.length, 1, 'one receipt mail');
      assert.equal(mails[0]!.subject, `Your FolioForge receipt ${String(receipt!.receipt_number)}: Pro plan, monthly, $19.99`);
      const paidOn = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long' }).format(new Date(String(receipt!.paid_at)));
      for (const line of [
        `Receipt ${String(receipt!.receipt_number)}`,
        'FolioForge · payments processed by Razorpay',
        `Date paid: ${paidOn}`,
        `Billed to: ${user.email}`,
        'Item: Pro plan, monthly',
        'Amount paid: $19.99 (USD)',
        'Paid by: Visa card ending 4366',
        `Payment id: ${String(receipt!.payment_id)}`,
        `Subscription: ${String(opened.subscriptionId)}`,
        'Every payment and receipt: http://localhost:3000/account#billing',
        'Questions about this payment: http://localhost:3000/contact-us',
      ])
        assert.ok(mails[0]!.text.split('\n').includes(line), `the receipt mail says "${line}":\n${mails[0]!.text}`);
      assert.match(mails[0]!.text, /^Period: \d{1,2} \w{3} \d{4} – \d{1,2} \w{3} \d{4}$/m);

      // Nobody else sees any of it.
      assert.deepEqual((await other.client.from('subscriptions').select('id').eq('user_id', user.id)).data, []);
      assert.deepEqual((await other.client.from('subscription_charges').select('id').eq('user_id', user.id)).data, []);
      assert.deepEqual((await other.client.from('billing_history').select('id')).data, []);
    });

    test('nobody writes subscriptions or charges but the functions, and a forged verify changes nothing', async () => {
      const user = await signedInUser(t, 'forger');
      const insert = await user.client.from('subscriptions').insert({
        user_id: user.id,
        plan_id: 'premium',
        razorpay_subscription_id: 'sub_fake',
        razorpay_plan_id: 'plan_x',
        status: 'active',
        amount: 1,
        currency: 'USD',
        current_end: '2100-01-01T00:00:00Z',
      });
      assert.ok(insert.error, 'a user cannot grant themselves a plan');
      const charge = await user.client.from('subscription_charges').insert({
        user_id: user.id,
        plan_id: 'pro',
        razorpay_payment_id: 'pay_x',
        amount: 1,
        currency: 'USD',
        paid_at: new Date().toISOString(),
        subscription_id: '00000000-0000-0000-0000-000000000000',
      });
      assert.ok(charge.error);

      const opened = await payments(t, user, { action: 'subscribe', planId: 'premium' });
      const subscriptionId = String(opened.body.subscriptionId);
      const fakePayment = `pay_${'Z'.repeat(14)}`;
      const forged = createHmac('sha256', 'not-the-secret').update(`${fakePayment}|${subscriptionId}`).digest('hex');
      const refused = await payments(t, user, {
        action: 'verify-subscription',
        razorpay_payment_id: fakePayment,
        razorpay_subscription_id: subscriptionId,
        razorpay_signature: forged,
      });
      assert.equal(refused.status, 400);
      assert.match(String(refused.body.error), /signature/i);
      // Signed right, but for a subscription never authorised.
      const unpaid = createHmac('sha256', t.cloud.keys.razorpayKeySecret).update(`${fakePayment}|${subscriptionId}`).digest('hex');
      const notAuthorised = await payments(t, user, {
        action: 'verify-subscription',
        razorpay_payment_id: fakePayment,
        razorpay_subscription_id: subscriptionId,
        razorpay_signature: unpaid,
      });
      assert.ok(notAuthorised.status >= 400);
      assert.equal(await activePlan(t, user.id), null);
      // Another user cannot verify it as theirs.
      const authorised = await authoriseSubscription(t, subscriptionId);
      const stranger = await payments(t, other, { action: 'verify-subscription', ...authorised.body });
      assert.equal(stranger.status, 404);
      assert.equal(await activePlan(t, other.id), null);
      // Unsigned or wrongly signed subscription webhooks are refused before anything is read.
      const event = JSON.stringify({ event: 'subscription.charged', payload: { subscription: { entity: { id: subscriptionId } } } });
      const res = await fetch(`${t.url}/functions/v1/razorpay-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'f'.repeat(64) },
        body: event,
      });
      assert.equal(res.status, 400);
      await res.arrayBuffer();
    });

    test('one renewing subscription per user; checkouts opened and abandoned are never debts', async () => {
      const user = await signedInUser(t, 'abandoner');
      const abandoned = await payments(t, user, { action: 'subscribe', planId: 'basic' });
      assert.equal(abandoned.status, 200);
      const { razorpayId } = await subscribed(t, user, 'basic');
      const rows = await rowsOf(t, 'subscriptions', user.id);
      const first = rows.find((row) => row.razorpay_subscription_id === abandoned.body.subscriptionId)!;
      assert.equal(first.status, 'cancelled', 'the abandoned checkout was closed at Razorpay');
      assert.equal((await razorpayApi(t, 'GET', `/v1/subscriptions/${String(abandoned.body.subscriptionId)}`)).body.status, 'cancelled');
      const late = await authoriseSubscription(t, String(abandoned.body.subscriptionId));
      assert.equal(late.status, 400, 'a closed checkout cannot be paid any more');

      const second = await payments(t, user, { action: 'subscribe', planId: 'premium' });
      assert.equal(second.status, 409);
      assert.match(String(second.body.error), /already subscribe to Basic/);
      const history = await user.client.from('billing_history').select('item_id, amount');
      assert.deepEqual(history.data, [{ item_id: 'basic', amount: 999 }]);
      assert.ok(razorpayId);
    });

    test('two checkouts paid at once: the second is cancelled at Razorpay and its payment refunded', async () => {
      const user = await signedInUser(t, 'two-tabs');
      const first = await payments(t, user, { action: 'subscribe', planId: 'pro' });
      assert.equal(first.status, 200);
      // The second tab's checkout, opened as two subscribe calls at once leave it: a Razorpay
      // subscription and its row, both 'created'.
      const [opened] = await rowsOf(t, 'subscriptions', user.id);
      const second = await razorpayApi(t, 'POST', '/v1/subscriptions', {
        plan_id: opened!.razorpay_plan_id,
        total_count: 120,
        quantity: 1,
        customer_notify: 1,
        notes: { user_id: user.id, plan: 'pro' },
      });
      assert.equal(second.status, 200);
      const secondId = String(second.body.id);
      const { razorpay_plan_id, amount, currency } = opened!;
      const row = { user_id: user.id, plan_id: 'pro', razorpay_subscription_id: secondId, razorpay_plan_id, amount, currency };
      assert.equal((await serviceClient(t).from('subscriptions').insert(row)).error, null);

      const paidFirst = await authoriseSubscription(t, String(first.body.subscriptionId));
      assert.equal((await payments(t, user, { action: 'verify-subscription', ...paidFirst.body })).status, 200);
      const paidSecond = await authoriseSubscription(t, secondId);
      assert.equal(paidSecond.status, 200);
      await webhookDeliveries(t); // the second's activation and charge reach the webhook before its verify
      const late = await payments(t, user, { action: 'verify-subscription', ...paidSecond.body });
      assert.deepEqual(
        [late.status, late.body.error],
        [409, 'You already have a subscription that renews. This one was cancelled and its payment refunded.'],
      );
      await webhookDeliveries(t);

      assert.equal((await razorpayApi(t, 'GET', `/v1/subscriptions/${secondId}`)).body.status, 'cancelled');
      const refunded = (await razorpayApi(t, 'GET', `/v1/payments/${String(paidSecond.body.razorpay_payment_id)}`)).body;
      assert.deepEqual([refunded.status, refunded.amount_refunded, refunded.refund_status], ['refunded', 1999, 'full']);
      const kept = (await razorpayApi(t, 'GET', `/v1/payments/${String(paidFirst.body.razorpay_payment_id)}`)).body;
      assert.deepEqual([kept.status, kept.amount_refunded], ['captured', 0]);
      const history = await user.client.from('billing_history').select('payment_id');
      assert.deepEqual(history.data, [{ payment_id: paidFirst.body.razorpay_payment_id }], 'one charge, the first');
      assert.equal(await activePlan(t, user.id), 'pro');
    });

    test('a month later the renewal extends the plan and is charged once', async () => {
      const user = await signedInUser(t, 'renewer');
      const { verified, razorpayId } = await subscribed(t, user);
      const renewal = await pastNextCharge(t, razorpayId);
      assert.ok(renewal.events.includes('subscription.charged'));
      const [row] = await rowsOf(t, 'subscriptions', user.id);
      assert.equal(row!.status, 'active');
      assert.equal(row!.current_start, verified.current_end, 'the new period starts where the paid one ended');
      assert.ok(Date.parse(String(row!.current_end)) > Date.parse(String(verified.current_end)));
      const charges = await rowsOf(t, 'subscription_charges', user.id);
      assert.deepEqual(
        charges.map((charge) => [charge.amount, charge.currency, charge.period_start]),
        [
          [1999, 'USD', verified.current_start],
          [1999, 'USD', verified.current_end],
        ],
      );
      assert.equal(await activePlan(t, user.id), 'pro');
    });

    test('a failed renewal keeps the plan in grace while Razorpay retries; halted, it lapses', async () => {
      const user = await signedInUser(t, 'lapser');
      const { razorpayId } = await subscribed(t, user, 'premium');
      await setCard(t, razorpayId, 'fail');
      await pastNextCharge(t, razorpayId);
      let [row] = await rowsOf(t, 'subscriptions', user.id);
      assert.equal(row!.status, 'pending');
      assert.equal(row!.failed_charges, 1);
      assert.equal(await activePlan(t, user.id), 'premium', 'grace: the plan holds while the renewal is retried');
      for (let day = 0; day < 3; day++) await advanceClock(t, DAY);
      [row] = await rowsOf(t, 'subscriptions', user.id);
      assert.equal(row!.status, 'halted');
      assert.equal(await activePlan(t, user.id), null, 'halted: the plan has lapsed');
      const entitlements = await user.client.from('entitlements').select('plan, remove_branding').single();
      assert.deepEqual(entitlements.data, { plan: null, remove_branding: false });
      assert.equal((await rowsOf(t, 'subscription_charges', user.id)).length, 1, 'failed attempts are not charges');

      // Subscribing again is a new subscription, charged now; the halted one grants nothing.
      await subscribed(t, user, 'basic');
      assert.equal(await activePlan(t, user.id), 'basic');
      assert.equal((await razorpayApi(t, 'GET', `/v1/subscriptions/${razorpayId}`)).body.status, 'halted');
    });

    test('cancel keeps the plan to the end of the month paid; resume starts a new one then, with no double charge', async () => {
      const user = await signedInUser(t, 'canceller');
      const { verified, razorpayId } = await subscribed(t, user);
      const cancelled = await payments(t, user, { action: 'cancel-subscription' });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      const sub = cancelled.body.subscription as Row;
      assert.equal(sub.status, 'active');
      assert.equal(sub.cancel_at_period_end, true);
      assert.equal(await activePlan(t, user.id), 'pro');
      assert.equal((await payments(t, user, { action: 'cancel-subscription' })).status, 409, 'nothing left to cancel');

      const resumed = await payments(t, user, { action: 'subscribe', planId: 'pro' });
      assert.equal(resumed.status, 200);
      assert.equal(
        Date.parse(String(resumed.body.startsAt)),
        Date.parse(String(verified.current_end)),
        'the resumed plan starts when the paid month ends',
      );
      const authorised = await authoriseSubscription(t, String(resumed.body.subscriptionId));
      const verifiedResume = await payments(t, user, { action: 'verify-subscription', ...authorised.body });
      assert.equal((verifiedResume.body.subscription as Row).status, 'authenticated');
      assert.equal((await rowsOf(t, 'subscription_charges', user.id)).length, 1, 'authorising the resumed plan charges nothing now');

      await pastNextCharge(t, razorpayId);
      const rows = await rowsOf(t, 'subscriptions', user.id);
      assert.deepEqual(
        rows.filter((row) => row.status !== 'cancelled' || row.razorpay_subscription_id === razorpayId).map((row) => row.status),
        ['cancelled', 'active'],
      );
      const charges = await rowsOf(t, 'subscription_charges', user.id);
      assert.equal(charges.length, 2, 'one charge for each month');
      assert.equal(Date.parse(String(charges[1]!.period_start)), Date.parse(String(verified.current_end)));
      assert.equal(await activePlan(t, user.id), 'pro');
    });

    test('a plan change takes effect at the end of the period and is charged at the new price', async () => {
      const user = await signedInUser(t, 'changer');
      const { razorpayId } = await subscribed(t, user, 'basic');
      const upgrade = await payments(t, user, { action: 'change-plan', planId: 'premium' });
      assert.equal(upgrade.status, 200, JSON.stringify(upgrade.body));
      assert.equal((upgrade.body.subscription as Row).scheduled_plan_id, 'premium');
      assert.equal((upgrade.body.subscription as Row).plan_id, 'basic');
      assert.equal(await activePlan(t, user.id), 'basic');

      const keep = await payments(t, user, { action: 'change-plan', planId: 'basic' });
      assert.equal((keep.body.subscription as Row).scheduled_plan_id, null, 'choosing the current plan drops the change');
      await payments(t, user, { action: 'change-plan', planId: 'premium' });

      await pastNextCharge(t, razorpayId);
      const [row] = await rowsOf(t, 'subscriptions', user.id);
      assert.equal(row!.plan_id, 'premium');
      assert.equal(row!.amount, 2999);
      assert.equal(row!.scheduled_plan_id, null);
      const charges = await rowsOf(t, 'subscription_charges', user.id);
      assert.deepEqual(
        charges.map((charge) => [charge.plan_id, charge.amount]),
        [
          ['basic', 999],
          ['premium', 2999],
        ],
      );
      assert.equal(await activePlan(t, user.id), 'premium');
    });
  });

after(stopClusters);
