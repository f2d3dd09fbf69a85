// The contact form's function: the sender's plan comes from their token, checked on the server, never
// from what the browser sends; Premium senders' messages reach the mailbox marked priority.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { grantPurchase } from './support/cloud.ts';
import { callFunction } from './support/functions.ts';
import { serviceClient, signedInUser, BACKENDS, skipFor, startTestCloud, stopClusters, type TestCloud } from './support/servicesCloud.ts';

after(stopClusters);

for (const backend of BACKENDS)
  describe(`contact messages (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    before(async () => {
      t = await startTestCloud(backend);
    });
    after(async () => t?.stop());

    const send = (token: string | undefined, body: Record<string, unknown>) => callFunction(t, 'contact', token, body);
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
      const notJson = await fetch(`${t.url}/functions/v1/contact`, { method: 'POST', body: 'hello' });
      assert.equal(notJson.status, 400);
    });
  });
