// The services' own limits, as the real ones have them: Razorpay's API rate limit on orders, EmailJS's
// one message a second, and a mailbox read a page at a time.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fileCloud, JOURNEY_BACKEND, skipFor, startTestCloud, stopClusters, type TestCloud } from './support/cloud.ts';

after(stopClusters);
/** The Razorpay sandbox and the mailbox, on one local-cloud of the default settings. */
const defaultCloud = fileCloud(JOURNEY_BACKEND);

describe('Razorpay sandbox: order creation is rate limited per key', () => {
  let cloud: TestCloud;
  before(async () => {
    cloud = await defaultCloud();
  });

  test('past the per-minute budget the API answers 429 in its error shape', async () => {
    const auth = `Basic ${Buffer.from(`${cloud.keys.razorpayKeyId}:${cloud.keys.razorpayKeySecret}`).toString('base64')}`;
    const create = () =>
      fetch(`${cloud.url}/razorpay/v1/orders`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 10_000, currency: 'INR' }),
      });
    const statuses: number[] = [];
    let refusal: { error?: { code?: string; description?: string } } = {};
    for (let i = 0; i < 125; i++) {
      const res = await create();
      statuses.push(res.status);
      if (res.status === 429) refusal = (await res.json()) as typeof refusal;
      else await res.body?.cancel();
    }
    assert.equal(statuses.filter((status) => status === 200).length, 120);
    assert.equal(statuses.at(-1), 429);
    assert.equal(refusal.error?.code, 'BAD_REQUEST_ERROR');
    assert.match(refusal.error?.description ?? '', /Too many requests/);
  });
});

describe('EmailJS sink: about one message a second, as EmailJS', () => {
  let cloud: TestCloud;
  before(async () => {
    cloud = await startTestCloud('pglite', { emailjsPerSecond: 1 });
  });
  after(() => cloud?.stop());

  test('a burst of messages is mostly refused with 429, and only what was accepted lands', async () => {
    const { emailjsPublicKey, emailjsServiceId, emailjsTemplateId } = cloud.keys;
    const send = (i: number) =>
      fetch(`${cloud.url}/emailjs/api/v1.0/email/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          user_id: emailjsPublicKey,
          service_id: emailjsServiceId,
          template_id: emailjsTemplateId,
          template_params: { from_name: `spam ${i}`, from_email: 'spam@example.test', message: 'buy now' },
        }),
      });
    const statuses = (await Promise.all(Array.from({ length: 40 }, (_, i) => send(i)))).map((res) => res.status);
    const accepted = statuses.filter((status) => status === 200).length;
    assert.ok(accepted >= 1 && accepted <= 2, `accepted ${accepted} of 40`);
    assert.equal(statuses.filter((status) => status === 429).length, 40 - accepted);
    assert.equal((await cloud.ctx.mailbox.list()).filter((mail) => mail.kind === 'emailjs').length, accepted);
  });
});

describe(`mailbox pages (${JOURNEY_BACKEND})`, { skip: skipFor(JOURNEY_BACKEND) }, () => {
  let cloud: TestCloud;
  before(async () => {
    cloud = await defaultCloud();
    for (let i = 0; i < 120; i++) {
      await cloud.ctx.mailbox.add({
        kind: 'auth',
        to: i % 2 ? 'odd@example.test' : 'even@example.test',
        from: 'x',
        subject: `mail ${i}`,
        text: '',
        meta: {},
      });
    }
  });

  type Page = { messages: { subject: string; to: string }[]; total: number; nextOffset: number | null };
  const page = async (query: string) => {
    const res = await fetch(`${cloud.mailboxUrl}/api${query}`);
    return { status: res.status, body: (await res.json()) as Page };
  };

  test('answers 50 at a time, newest first, with the total and where the next page starts', async () => {
    const first = await page('');
    assert.equal(first.body.messages.length, 50);
    assert.equal(first.body.total, 120);
    assert.equal(first.body.messages[0]!.subject, 'mail 119');
    assert.equal(first.body.nextOffset, 50);
    const last = await page('?offset=100&limit=50');
    assert.equal(last.body.messages.length, 20);
    assert.equal(last.body.messages.at(-1)!.subject, 'mail 0');
    assert.equal(last.body.nextOffset, null);
  });

  test('filters by recipient whatever the case, and refuses a page larger than 200', async () => {
    const odd = await page('?to=ODD@example.test&limit=200');
    assert.equal(odd.body.total, 60);
    assert.ok(odd.body.messages.every((mail) => mail.to === 'odd@example.test'));
    assert.equal((await page('?limit=100000')).status, 400);
  });
});
