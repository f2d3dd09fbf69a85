// The Razorpay sandbox's Plans and Subscriptions API as Razorpay documents it: entity shapes,
// validation, the authorisation in checkout (signature over payment_id|subscription_id), renewals on
// the sandbox clock, failed renewals (pending, then halted after the fourth failure), cancellation
// and plan changes at cycle end, and webhooks signed over their raw body.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { JOURNEY_BACKENDS, skipFor, startTestCloud, stopClusters, type TestCloud } from './support/servicesCloud.ts';
import { launchBrowser, startPageServer, type Browser, type PageServer } from './support/servicesBrowser.ts';
import {
  advanceClock,
  authoriseSubscription,
  basicAuth,
  events,
  merchantPage,
  openCheckout,
  payWithCard,
  razorpayApi,
  webhookDeliveries,
} from './support/servicesRazorpay.ts';

const DAY = 86_400;
type Entity = Record<string, unknown>;

async function createPlan(t: TestCloud, amount = 1999, currency = 'USD', notes: Record<string, string> = {}): Promise<Entity> {
  const { status, body } = await razorpayApi(t, 'POST', '/v1/plans', {
    period: 'monthly',
    interval: 1,
    item: { name: 'Pro', amount, currency, description: 'Pro, monthly' },
    notes,
  });
  assert.equal(status, 200, JSON.stringify(body));
  return body;
}

async function createSubscription(t: TestCloud, planId: string, extra: Record<string, unknown> = {}): Promise<Entity> {
  const { status, body } = await razorpayApi(t, 'POST', '/v1/subscriptions', {
    plan_id: planId,
    total_count: 12,
    quantity: 1,
    customer_notify: 1,
    notes: { user: 'asha' },
    ...extra,
  });
  assert.equal(status, 200, JSON.stringify(body));
  return body;
}

async function fetchSubscription(t: TestCloud, id: unknown): Promise<Entity> {
  return (await razorpayApi(t, 'GET', `/v1/subscriptions/${String(id)}`)).body;
}

/** A subscription to a fresh plan, authorised with a subscription card: active and charged once. */
async function activeSubscription(t: TestCloud, amount = 1999): Promise<{ plan: Entity; sub: Entity }> {
  const plan = await createPlan(t, amount);
  const created = await createSubscription(t, String(plan.id));
  const paid = await authoriseSubscription(t, String(created.id));
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  return { plan, sub: await fetchSubscription(t, created.id) };
}

async function setCard(t: TestCloud, subscriptionId: unknown, nextCharges: 'succeed' | 'fail') {
  const res = await razorpayApi(t, 'POST', `/_sandbox/subscriptions/${String(subscriptionId)}/card`, { next_charges: nextCharges });
  assert.equal(res.status, 200);
}

/** Moves the clock to just past the subscription's next charge. */
async function advancePastCharge(t: TestCloud, sub: Entity) {
  const { body } = await razorpayApi(t, 'GET', '/_sandbox/clock');
  return advanceClock(t, Number(sub.charge_at) - Number(body.now) + 60);
}

for (const backend of JOURNEY_BACKENDS)
  describe(`razorpay plans and subscriptions API (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    before(async () => {
      t = await startTestCloud(backend);
    });
    after(async () => t.stop());

    test('a plan is created in the shape Razorpay documents, read back and listed', async () => {
      const plan = await createPlan(t, 999, 'USD', { folioforge_plan: 'basic' });
      assert.match(String(plan.id), /^plan_[A-Za-z0-9]{14}$/);
      assert.equal(plan.entity, 'plan');
      assert.equal(plan.period, 'monthly');
      assert.equal(plan.interval, 1);
      const item = plan.item as Entity;
      assert.match(String(item.id), /^item_[A-Za-z0-9]{14}$/);
      assert.equal(item.amount, 999);
      assert.equal(item.unit_amount, 999);
      assert.equal(item.currency, 'USD');
      assert.equal(item.type, 'plan');
      assert.equal(item.active, true);
      assert.deepEqual(plan.notes, { folioforge_plan: 'basic' });
      assert.deepEqual((await razorpayApi(t, 'GET', `/v1/plans/${String(plan.id)}`)).body, plan);
      const list = await razorpayApi(t, 'GET', '/v1/plans?count=100');
      assert.equal(list.body.entity, 'collection');
      assert.ok((list.body.items as Entity[]).some((candidate) => candidate.id === plan.id));
    });

    test('invalid plans and subscriptions are refused with the field named; no key, no API', async () => {
      const plans: Array<[unknown, string]> = [
        [{ interval: 1, item: { name: 'x', amount: 1000, currency: 'USD' } }, 'period'],
        [{ period: 'quarterly', interval: 1, item: { name: 'x', amount: 1000, currency: 'USD' } }, 'period'],
        [{ period: 'daily', interval: 2, item: { name: 'x', amount: 1000, currency: 'USD' } }, 'interval'],
        [{ period: 'monthly', interval: 1, item: { name: 'x', amount: 10, currency: 'USD' } }, 'item.amount'],
        [{ period: 'monthly', interval: 1, item: { name: 'x', amount: 1000, currency: 'XYZ' } }, 'item.currency'],
        [{ period: 'monthly', interval: 1, item: { amount: 1000, currency: 'USD' } }, 'item.name'],
      ];
      for (const [input, field] of plans) {
        const { status, body } = await razorpayApi(t, 'POST', '/v1/plans', input);
        assert.equal(status, 400, JSON.stringify(input));
        assert.equal(body.error?.code, 'BAD_REQUEST_ERROR');
        assert.equal(body.error?.field, field, JSON.stringify(body));
      }
      const plan = await createPlan(t);
      const subs: Array<[unknown, string]> = [
        [{ total_count: 6 }, 'plan_id'],
        [{ plan_id: plan.id }, 'total_count'],
        [{ plan_id: plan.id, total_count: 6, start_at: 1_000_000 }, 'start_at'],
        [{ plan_id: 'plan_doesnotexist00', total_count: 6 }, 'plan_id'],
        [{ plan_id: plan.id, total_count: 6, amount: 1 }, 'amount'],
      ];
      for (const [input, field] of subs) {
        const { status, body } = await razorpayApi(t, 'POST', '/v1/subscriptions', input);
        assert.equal(status, 400, JSON.stringify(input));
        assert.equal(body.error?.field, field, JSON.stringify(body));
      }
      const wrongKey = basicAuth(t.cloud.keys.razorpayKeyId, 'wrong');
      for (const [method, path] of [
        ['POST', '/v1/plans'],
        ['GET', '/v1/subscriptions'],
        ['POST', '/_sandbox/clock'],
        ['GET', '/_sandbox/webhooks'],
      ] as const) {
        const { status, body } = await razorpayApi(t, method, path, method === 'POST' ? {} : undefined, wrongKey);
        assert.equal(status, 401, path);
        assert.equal(body.error?.description, 'Authentication failed');
      }
    });

    test('a subscription starts created, with nothing charged or scheduled', async () => {
      const plan = await createPlan(t);
      const sub = await createSubscription(t, String(plan.id));
      assert.match(String(sub.id), /^sub_[A-Za-z0-9]{14}$/);
      assert.equal(sub.entity, 'subscription');
      assert.equal(sub.plan_id, plan.id);
      assert.equal(sub.status, 'created');
      for (const field of ['current_start', 'current_end', 'ended_at', 'charge_at', 'start_at', 'end_at', 'customer_id']) {
        assert.equal(sub[field], null, field);
      }
      assert.equal(sub.total_count, 12);
      assert.equal(sub.paid_count, 0);
      assert.equal(sub.remaining_count, 12);
      assert.equal(sub.auth_attempts, 0);
      assert.equal(sub.has_scheduled_changes, false);
      assert.equal(sub.customer_notify, true);
      assert.deepEqual(sub.notes, { user: 'asha' });
      assert.match(String(sub.short_url), /\/razorpay\/v1\/t\/subscriptions\/sub_/);
      assert.equal((await fetch(String(sub.short_url))).status, 200, 'the hosted authorisation page answers');
      assert.deepEqual(await fetchSubscription(t, sub.id), sub);
    });

    test('authorising charges the first month with a subscription card; other cards are refused', async () => {
      const plan = await createPlan(t);
      const created = await createSubscription(t, String(plan.id));
      const oneTimeCard = await authoriseSubscription(t, String(created.id), '4100 2800 0000 1007');
      assert.equal(oneTimeCard.status, 400);
      assert.match(String(oneTimeCard.body.error?.description), /does not support recurring payments/);

      const declined = await authoriseSubscription(t, String(created.id), '4100 2800 0006 0003');
      assert.equal(declined.status, 400);
      assert.equal(declined.body.error?.reason, 'card_declined');
      assert.equal((declined.body.error?.metadata as Entity).subscription_id, created.id);
      assert.equal((await fetchSubscription(t, created.id)).status, 'created');

      const paid = await authoriseSubscription(t, String(created.id));
      assert.equal(paid.status, 200);
      assert.equal(paid.body.razorpay_subscription_id, created.id);
      const paymentId = String(paid.body.razorpay_payment_id);
      const expected = createHmac('sha256', t.cloud.keys.razorpayKeySecret)
        .update(`${paymentId}|${String(created.id)}`)
        .digest('hex');
      assert.equal(paid.body.razorpay_signature, expected, 'signed over payment_id|subscription_id with the key secret');

      const sub = await fetchSubscription(t, created.id);
      assert.equal(sub.status, 'active');
      assert.equal(sub.paid_count, 1);
      assert.equal(sub.remaining_count, 11);
      assert.match(String(sub.customer_id), /^cust_/);
      assert.equal(sub.payment_method, 'card');
      const start = new Date(Number(sub.current_start) * 1000);
      const end = new Date(Number(sub.current_end) * 1000);
      assert.equal((end.getUTCMonth() - start.getUTCMonth() + 12) % 12, 1, 'one calendar month');
      assert.equal(sub.charge_at, sub.current_end);

      const payment = (await razorpayApi(t, 'GET', `/v1/payments/${paymentId}`)).body;
      assert.equal(payment.status, 'captured');
      assert.equal(payment.amount, 1999);
      assert.equal(payment.currency, 'USD');
      assert.match(String(payment.invoice_id), /^inv_/);
      assert.match(String(payment.order_id), /^order_/);

      const again = await authoriseSubscription(t, String(created.id));
      assert.equal(again.status, 400, 'an authorised subscription takes no second authorisation');
      assert.match(String(again.body.error?.description), /not allowed/);
    });

    test('webhooks are signed over the raw body with the webhook secret, in the order things happened', async () => {
      const before = (await webhookDeliveries(t)).length;
      const { sub } = await activeSubscription(t);
      const sent = (await webhookDeliveries(t)).slice(before).filter((d) => JSON.parse(d.body).payload.subscription?.entity.id === sub.id);
      assert.deepEqual(
        sent.map((d) => d.event),
        ['subscription.activated', 'subscription.charged'],
      );
      for (const delivery of sent) {
        assert.equal(delivery.signature, createHmac('sha256', t.cloud.keys.razorpayWebhookSecret).update(delivery.body).digest('hex'));
        assert.match(delivery.event_id, /^evt_[A-Za-z0-9]{14}$/);
        assert.match(delivery.url, /\/functions\/v1\/razorpay-webhook$/);
        // The webhook function checked the signature and took the event.
        assert.equal(delivery.response_status, 200);
        assert.equal(delivery.delivered, true);
        const event = JSON.parse(delivery.body) as Entity;
        assert.equal(event.entity, 'event');
        assert.equal(event.event, delivery.event);
        assert.equal(typeof event.created_at, 'number');
      }
      const charged = JSON.parse(sent[1]!.body) as {
        contains: string[];
        payload: { subscription: { entity: Entity }; payment: { entity: Entity } };
      };
      assert.deepEqual(charged.contains, ['subscription', 'payment']);
      assert.equal(charged.payload.subscription.entity.status, 'active');
      assert.equal(charged.payload.payment.entity.amount, 1999);
      assert.equal(charged.payload.payment.entity.status, 'captured');
    });

    test('a month on the clock renews once: charged, the period moved on, subscription.charged sent', async () => {
      const { sub } = await activeSubscription(t);
      const renewal = await advancePastCharge(t, sub);
      assert.ok(renewal.events.includes('subscription.charged'));
      const renewed = await fetchSubscription(t, sub.id);
      assert.equal(renewed.status, 'active');
      assert.equal(renewed.paid_count, 2);
      assert.equal(renewed.current_start, sub.current_end);
      assert.ok(Number(renewed.current_end) > Number(sub.current_end));
      // Nothing more is due until the next period ends.
      const quiet = await advanceClock(t, 3600);
      assert.equal((await fetchSubscription(t, sub.id)).paid_count, 2);
      assert.ok(!quiet.events.includes('subscription.charged') || (await fetchSubscription(t, sub.id)).paid_count === 2);
    });

    test('a failing card: pending with a daily retry, halted after the fourth failure, never charged', async () => {
      const { sub } = await activeSubscription(t);
      await setCard(t, sub.id, 'fail');
      await advancePastCharge(t, sub);
      let current = await fetchSubscription(t, sub.id);
      assert.equal(current.status, 'pending');
      assert.equal(current.auth_attempts, 1);
      assert.equal(current.paid_count, 1);
      assert.equal(Number(current.charge_at) - Number(sub.charge_at), DAY, 'retried the next day');
      assert.equal(current.current_end, sub.current_end, 'the unpaid period is not granted');
      for (let attempt = 2; attempt <= 4; attempt++) {
        await advanceClock(t, DAY);
        current = await fetchSubscription(t, sub.id);
        assert.equal(current.auth_attempts, attempt);
      }
      assert.equal(current.status, 'halted');
      const sent = (await webhookDeliveries(t))
        .filter((d) => JSON.parse(d.body).payload.subscription?.entity.id === sub.id)
        .map((d) => d.event);
      assert.deepEqual(sent.slice(-4), ['subscription.pending', 'subscription.pending', 'subscription.pending', 'subscription.halted']);
      // Halted: a card that works again is not charged automatically.
      await setCard(t, sub.id, 'succeed');
      await advanceClock(t, 40 * DAY);
      assert.equal((await fetchSubscription(t, sub.id)).paid_count, 1);
    });

    test('a renewal that fails once and then goes through makes the subscription active again', async () => {
      const { sub } = await activeSubscription(t);
      await setCard(t, sub.id, 'fail');
      await advancePastCharge(t, sub);
      await setCard(t, sub.id, 'succeed');
      const retry = await advanceClock(t, DAY);
      assert.deepEqual(
        retry.events.filter((e) => e !== 'subscription.updated'),
        ['subscription.activated', 'subscription.charged'],
      );
      const current = await fetchSubscription(t, sub.id);
      assert.equal(current.status, 'active');
      assert.equal(current.paid_count, 2);
      assert.equal(current.current_start, sub.current_end, 'the period paid for starts when the last one ended');
    });

    test('cancel at cycle end: active until the period ends, then cancelled without a charge; cancel now ends it', async () => {
      const { sub } = await activeSubscription(t);
      const cancelled = await razorpayApi(t, 'POST', `/v1/subscriptions/${String(sub.id)}/cancel`, { cancel_at_cycle_end: 1 });
      assert.equal(cancelled.status, 200);
      assert.equal(cancelled.body.status, 'active');
      const atEnd = await advancePastCharge(t, sub);
      assert.ok(atEnd.events.includes('subscription.cancelled'));
      const ended = await fetchSubscription(t, sub.id);
      assert.equal(ended.status, 'cancelled');
      assert.equal(ended.ended_at, sub.current_end);
      assert.equal(ended.paid_count, 1);
      const twice = await razorpayApi(t, 'POST', `/v1/subscriptions/${String(sub.id)}/cancel`, { cancel_at_cycle_end: 0 });
      assert.equal(twice.status, 400);
      assert.match(String(twice.body.error?.description), /not cancellable in cancelled status/);

      const other = await activeSubscription(t);
      const now = await razorpayApi(t, 'POST', `/v1/subscriptions/${String(other.sub.id)}/cancel`, { cancel_at_cycle_end: 0 });
      assert.equal(now.body.status, 'cancelled');
      assert.equal(typeof now.body.ended_at, 'number');
    });

    test('a plan change at cycle end bills the new plan from the next period; "now" is refused', async () => {
      const { sub } = await activeSubscription(t, 1999);
      const premium = await createPlan(t, 2999);
      const immediate = await razorpayApi(t, 'PATCH', `/v1/subscriptions/${String(sub.id)}`, {
        plan_id: premium.id,
        schedule_change_at: 'now',
      });
      assert.equal(immediate.status, 400);
      const scheduled = await razorpayApi(t, 'PATCH', `/v1/subscriptions/${String(sub.id)}`, {
        plan_id: premium.id,
        schedule_change_at: 'cycle_end',
      });
      assert.equal(scheduled.status, 200, JSON.stringify(scheduled.body));
      assert.equal(scheduled.body.plan_id, sub.plan_id);
      assert.equal(scheduled.body.has_scheduled_changes, true);
      assert.equal(scheduled.body.change_scheduled_at, sub.current_end);
      const pendingChange = await razorpayApi(t, 'GET', `/v1/subscriptions/${String(sub.id)}/retrieve_scheduled_changes`);
      assert.equal(pendingChange.body.plan_id, premium.id);

      const before = (await webhookDeliveries(t)).length;
      await advancePastCharge(t, sub);
      const changed = await fetchSubscription(t, sub.id);
      assert.equal(changed.plan_id, premium.id);
      assert.equal(changed.has_scheduled_changes, false);
      const charge = (await webhookDeliveries(t))
        .slice(before)
        .map((d) => JSON.parse(d.body) as { event: string; payload: { subscription?: { entity: Entity }; payment?: { entity: Entity } } })
        .find((e) => e.event === 'subscription.charged' && e.payload.subscription?.entity.id === sub.id);
      assert.equal(charge?.payload.payment?.entity.amount, 2999);

      const keep = await activeSubscription(t);
      await razorpayApi(t, 'PATCH', `/v1/subscriptions/${String(keep.sub.id)}`, { plan_id: premium.id, schedule_change_at: 'cycle_end' });
      const undone = await razorpayApi(t, 'POST', `/v1/subscriptions/${String(keep.sub.id)}/cancel_scheduled_changes`);
      assert.equal(undone.body.has_scheduled_changes, false);
    });

    test('a subscription starting later is authorised without a charge and charged when it starts', async () => {
      const plan = await createPlan(t);
      const { body: clock } = await razorpayApi(t, 'GET', '/_sandbox/clock');
      const startAt = Number(clock.now) + 10 * DAY;
      const created = await createSubscription(t, String(plan.id), { start_at: startAt });
      assert.equal(created.charge_at, startAt);
      assert.equal(created.start_at, startAt);
      const authorised = await authoriseSubscription(t, String(created.id));
      assert.equal(authorised.status, 200);
      const payment = (await razorpayApi(t, 'GET', `/v1/payments/${String(authorised.body.razorpay_payment_id)}`)).body;
      assert.equal(payment.amount, 0);
      assert.equal(payment.status, 'authorized');
      const sub = await fetchSubscription(t, created.id);
      assert.equal(sub.status, 'authenticated');
      assert.equal(sub.paid_count, 0);
      const started = await advancePastCharge(t, sub);
      assert.ok(started.events.includes('subscription.activated'));
      const active = await fetchSubscription(t, created.id);
      assert.equal(active.status, 'active');
      assert.equal(active.current_start, startAt);
      assert.equal(active.paid_count, 1);
    });
  });

describe('razorpay subscription checkout in Chromium', () => {
  let t: TestCloud;
  let browser: Browser;
  let shop: PageServer;

  before(async () => {
    const pages: Record<string, string> = {};
    shop = await startPageServer(pages);
    t = await startTestCloud('pglite', { allowedOrigins: [shop.origin] });
    pages['/'] = merchantPage(t.url);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await shop?.close();
    await t?.stop();
  });

  test('the dialog shows the plan amount and what follows, lists the subscription cards and signs the authorisation', async () => {
    const plan = await createPlan(t, 1999, 'USD');
    const sub = await createSubscription(t, String(plan.id));
    const page = await browser.context.newPage();
    await page.goto(shop.origin + '/');
    await openCheckout(page, { key: t.cloud.keys.razorpayKeyId, subscriptionId: String(sub.id), currency: 'USD' });
    const dialog = page.getByRole('dialog', { name: 'FolioForge' });
    await dialog.getByText('Charged now, then $19.99 every month until you cancel.').waitFor();
    assert.equal(await dialog.getByRole('radio', { name: 'UPI' }).isVisible(), false, 'UPI takes rupees only');
    await dialog.getByRole('button', { name: /Use test card 4718 6091 0820 4366/ }).click();
    assert.equal(await dialog.getByLabel('Card number').inputValue(), '4718 6091 0820 4366');
    await dialog.getByRole('button', { name: 'Pay $19.99' }).click();
    await page.waitForFunction(() => (window as unknown as { __events: { success: unknown[] } }).__events.success.length === 1);
    const result = (await events(page)).success[0]!;
    assert.equal(result.razorpay_subscription_id, sub.id);
    assert.equal(
      result.razorpay_signature,
      createHmac('sha256', t.cloud.keys.razorpayKeySecret)
        .update(`${result.razorpay_payment_id}|${String(sub.id)}`)
        .digest('hex'),
    );
    await page.close();
  });

  test('a plan that starts later is authorised with "No charge today" and its first date', async () => {
    const plan = await createPlan(t, 999, 'USD');
    const { body: clock } = await razorpayApi(t, 'GET', '/_sandbox/clock');
    const sub = await createSubscription(t, String(plan.id), { start_at: Number(clock.now) + 20 * DAY });
    const page = await browser.context.newPage();
    await page.goto(shop.origin + '/');
    await openCheckout(page, { key: t.cloud.keys.razorpayKeyId, subscriptionId: String(sub.id), currency: 'USD' });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('No charge today').waitFor();
    await dialog.getByText(/^\$9\.99 on .+, then every month until you cancel\.$/).waitFor();
    await payWithCard(page, '5104 0155 5555 5558');
    await page.waitForFunction(() => (window as unknown as { __events: { success: unknown[] } }).__events.success.length === 1);
    assert.equal((await fetchSubscription(t, sub.id)).status, 'authenticated');
    await page.close();
  });
});

after(stopClusters);
