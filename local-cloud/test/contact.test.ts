// The contact form's function: the sender's plan comes from their token, checked on the server, never
// from what the browser sends; Premium senders' messages reach the mailbox marked priority. Tried as
// an attacker would (issue 20 #9): a flood from one sender, a form post from another site, a header
// smuggled in through the name, an address that is not one.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { grantPurchase } from './support/cloud.ts';
import { postFrom } from './support/clients.ts';
import { APP_ORIGIN, callFunction } from './support/functions.ts';
import {
  serviceClient,
  signedInUser,
  JOURNEY_BACKENDS,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
} from './support/servicesCloud.ts';

after(stopClusters);

for (const backend of JOURNEY_BACKENDS)
  describe(`contact messages (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    before(async () => {
      t = await startTestCloud(backend);
    });
    after(async () => t?.stop());

    const send = (token: string | undefined, body: Record<string, unknown>) =>
      callFunction(t, 'contact', token, { action: 'send', ...body });
    const newest = async () => (await t.cloud.ctx.mailbox.list()).find((mail) => mail.kind === 'emailjs')!;
    // The sink takes about one message a second from one sender, as EmailJS does.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 1100));

    test('a signed-out visitor writes as standard care; a forged priority in the body changes nothing', async () => {
      const res = await send(undefined, {
        message: 'Hello',
        user_name: 'Visitor',
        user_email: 'v@example.com',
        priority: 'priority',
        plan: 'premium',
      });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { sent: true, priority: false });
      const mail = await newest();
      assert.equal(mail.subject, 'Message from Visitor');
      assert.equal(mail.meta?.plan, 'none');
      assert.equal(mail.meta?.priority, 'standard');
      assert.equal(mail.from, 'Visitor <v@example.com>');
    });

    test("the sender's plan is recorded; Premium's messages are marked priority", async () => {
      const basic = await signedInUser(t, 'basic');
      await grantPurchase(serviceClient(t), basic.id, { itemType: 'plan', itemId: 'basic' });
      await pause();
      assert.equal((await send(basic.accessToken, { message: 'Help', user_name: 'Basic User', user_email: basic.email })).status, 200);
      const standard = await newest();
      assert.equal(standard.meta?.plan, 'basic');
      assert.equal(standard.meta?.priority, 'standard');

      const premium = await signedInUser(t, 'premium');
      await grantPurchase(serviceClient(t), premium.id, { itemType: 'plan', itemId: 'premium' });
      await pause();
      const res = await send(premium.accessToken, { message: 'Urgent', user_name: 'Premium User', user_email: premium.email });
      assert.deepEqual(await res.json(), { sent: true, priority: true });
      const priority = await newest();
      assert.equal(priority.subject, '[Priority] Message from Premium User');
      assert.equal(priority.meta?.plan, 'premium');
      assert.equal(priority.meta?.priority, 'priority');
    });

    test('an empty message or a body that is not JSON is refused', async () => {
      assert.equal((await send(undefined, { message: '  ', user_name: 'x', user_email: 'x@example.com' })).status, 400);
      const notJson = await fetch(`${t.url}/functions/v1/contact`, {
        method: 'POST',
        headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
        body: 'hello',
      });
      assert.equal(notJson.status, 400);
    });

    test('only JSON from the app itself: a form post from any other page is refused, and its answer unreadable', async () => {
      const message = { message: 'Buy now', user_name: 'Spam', user_email: 'spam@example.com' };
      const plain = await fetch(`${t.url}/functions/v1/contact`, {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
        body: JSON.stringify(message),
      });
      assert.equal(plain.status, 403);
      assert.equal(plain.headers.get('access-control-allow-origin'), null, 'no Access-Control-Allow-Origin: *');
      const plainFromApp = await fetch(`${t.url}/functions/v1/contact`, {
        method: 'POST',
        headers: { origin: APP_ORIGIN, 'content-type': 'text/plain' },
        body: JSON.stringify(message),
      });
      assert.equal(plainFromApp.status, 415, 'not even text/plain from the app: only a request that needed a preflight');
      assert.equal((await send(undefined, message)).status, 200);
      assert.equal((await callFunction(t, 'contact', undefined, message, { origin: 'https://evil.example' })).status, 403);
    });

    test('a name that smuggles a header and an address that is not one are refused beside their fields', async () => {
      const res = await send(undefined, { message: 'Hi', user_name: 'Eve\r\nBcc: all@example.com', user_email: 'not an address\r\n' });
      assert.equal(res.status, 400);
      const { fieldErrors } = await res.json();
      assert.match(fieldErrors.user_name, /one line/);
      assert.match(fieldErrors.user_email, /like name@example.com/);
      const mails = (await t.cloud.ctx.mailbox.list()).filter((mail) => mail.kind === 'emailjs');
      assert.ok(
        mails.every((mail) => !/[\r\n]/.test(mail.subject)),
        'no subject carries a line break',
      );
    });
  });

// EmailJS's own limit, about one message a second for the whole account, as the real service keeps it.
for (const backend of JOURNEY_BACKENDS)
  describe(`contact messages under the mail service's limit (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    before(async () => {
      t = await startTestCloud(backend, { emailjsPerSecond: 1 });
    });
    after(async () => t?.stop());

    const send = (token: string | undefined, body: Record<string, unknown>) =>
      callFunction(t, 'contact', token, { action: 'send', ...body });

    test('one sender at two messages a second cannot starve a Premium customer: all five of theirs arrive', async () => {
      const premium = await signedInUser(t, 'premium');
      await grantPurchase(serviceClient(t), premium.id, { itemType: 'plan', itemId: 'premium' });
      const flood = async () => {
        const answers: number[] = [];
        for (let n = 0; n < 12; n++) {
          const started = Date.now();
          const answer = await postFrom(
            '127.0.0.2',
            `${t.url}/functions/v1/contact`,
            { origin: APP_ORIGIN, 'content-type': 'application/json' },
            JSON.stringify({ action: 'send', message: `spam ${n}`, user_name: 'Flood', user_email: 'flood@example.com' }),
          );
          answers.push(answer.status);
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, 500 - (Date.now() - started))));
        }
        return answers;
      };
      const customer = async () => {
        const answers: number[] = [];
        for (let n = 0; n < 5; n++) {
          answers.push(
            (await send(premium.accessToken, { message: `help ${n}`, user_name: 'Premium User', user_email: premium.email })).status,
          );
          await new Promise((resolve) => setTimeout(resolve, 1100));
        }
        return answers;
      };
      const [flooded, served] = await Promise.all([flood(), customer()]);
      assert.deepEqual(served, [200, 200, 200, 200, 200], 'every message of the customer went through');
      // Its first five share the mail service's one message a second with the customer, and may wait
      // longer than the function does; beyond its budget, nothing more is sent.
      assert.ok(
        flooded.filter((status) => status === 200).length <= 5,
        `the flood got its own budget of five, no more: ${JSON.stringify(flooded)}`,
      );
      assert.ok(
        flooded.slice(5).every((status) => status === 429),
        JSON.stringify(flooded),
      );
      const arrived = (await t.cloud.ctx.mailbox.list()).filter(
        (mail) => mail.kind === 'emailjs' && /^help \d$/.test(String(mail.meta?.message)),
      );
      assert.equal(arrived.length, 5);
      assert.ok(arrived.every((mail) => mail.subject === '[Priority] Message from Premium User'));
    });
  });
