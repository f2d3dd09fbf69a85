// Messages from a published page to its owner, through the page-message function on Deno as a
// page's form (no script) and a script send them, and as an attacker would: another origin, an
// unpublished page, another user's page, control characters, a flood. The owner reads them through
// supabase-js (row-level security) and is mailed.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ownerWithPage as ownerWithPageIn } from './support/publishedPage.ts';
import {
  JOURNEY_BACKENDS,
  serviceClient,
  signedInUser,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
} from './support/servicesCloud.ts';

after(stopClusters);

const SITE = 'http://localhost:3000';

for (const backend of JOURNEY_BACKENDS)
  describe(`messages from a page (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let service: SupabaseClient;
    before(async () => {
      t = await startTestCloud(backend);
      service = serviceClient(t);
    });
    after(() => t?.stop());
    // Every request here comes from 127.0.0.1, one sender to the function: each test starts with a clean slate.
    beforeEach(async () => {
      assert.equal((await service.from('page_message_senders').delete().gte('sent_at', '2000-01-01')).error, null);
    });

    const ownerWithPage = (options?: { published?: boolean }) => ownerWithPageIn(t, service, 'messages', options);

    const post = (
      fields: Record<string, string>,
      { origin = SITE as string | null, json = false, headers = {} as Record<string, string> } = {},
    ) =>
      fetch(`${t.url}/functions/v1/page-message`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
          ...(origin ? { origin } : {}),
          ...headers,
        },
        body: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
      });
    const message = (page: { slug: string; pageId: string }, extra: Record<string, string> = {}) => ({
      portfolio: page.pageId,
      slug: page.slug,
      name: 'Zoë Visitor',
      email: 'zoe@example.com',
      message: 'Hello!\r\nDo you take commissions? 🎨',
      website: '',
      ...extra,
    });
    const messagesOf = async (client: SupabaseClient) =>
      (await client.from('page_messages').select('sender_name, sender_email, message').order('created_at')).data ?? [];

    test('the form sends the message to the owner: stored, mailed, and the visitor is back on the page at #message-sent', async () => {
      const page = await ownerWithPage();
      const res = await post(message(page));
      assert.equal(res.status, 303);
      assert.equal(res.headers.get('location'), `${SITE}/p/${page.slug}#message-sent`);
      assert.deepEqual(await messagesOf(page.owner.client), [
        { sender_name: 'Zoë Visitor', sender_email: 'zoe@example.com', message: 'Hello!\r\nDo you take commissions? 🎨' },
      ]);
      const mail = (await t.cloud.ctx.mailbox.list()).find((entry) => entry.to === page.owner.email);
      assert.ok(mail, 'the owner is mailed');
      assert.equal(mail.subject, 'New message on your page from Zoë Visitor');
      // A script on the site may send JSON and read the answer.
      const json = await post(message(page, { message: 'Second' }), { json: true });
      assert.deepEqual([json.status, json.headers.get('access-control-allow-origin'), await json.json()], [200, SITE, { sent: true }]);
      assert.equal((await messagesOf(page.owner.client)).length, 2);
    });

    test("a proven custom domain of the page may send it, and is sent back to itself; another page's domain may not", async () => {
      const page = await ownerWithPage();
      const other = await ownerWithPage();
      const domain = `${page.slug}.example.com`;
      const claim = await service
        .from('custom_domains')
        .insert({ domain, portfolio_id: page.pageId, owner_id: page.owner.id, verified_at: new Date().toISOString() });
      assert.equal(claim.error, null);
      const res = await post(message(page), { origin: `https://${domain}` });
      assert.deepEqual([res.status, res.headers.get('location')], [303, `https://${domain}/#message-sent`]);
      const borrowed = await post(message(other), { origin: `https://${domain}` });
      assert.equal(borrowed.status, 403);
      await borrowed.arrayBuffer();
      assert.equal((await messagesOf(other.owner.client)).length, 0);
    });

    test('attacker: another origin, no origin, an unpublished page, a page named by another address, a bot', async () => {
      const page = await ownerWithPage();
      const draft = await ownerWithPage({ published: false });
      for (const origin of ['https://evil.example', null]) {
        const res = await post(message(page), { origin });
        assert.deepEqual([res.status, res.headers.get('location')], [403, null], String(origin));
        await res.arrayBuffer();
      }
      const unpublished = await post(message(draft));
      assert.equal(unpublished.headers.get('location'), `${SITE}/p/${draft.slug}#message-failed`);
      const unpublishedJson = await post(message(draft), { json: true });
      assert.equal(unpublishedJson.status, 404);
      await unpublishedJson.arrayBuffer();
      const mismatched = await post({ ...message(page), slug: draft.slug });
      assert.equal(mismatched.headers.get('location'), `${SITE}/p/${draft.slug}#message-failed`);
      const bot = await post(message(page, { website: 'https://spam.example' }));
      assert.equal(bot.headers.get('location'), `${SITE}/p/${page.slug}#message-sent`, 'a bot is told it worked');
      assert.deepEqual(await messagesOf(page.owner.client), []);
      assert.deepEqual(await messagesOf(draft.owner.client), []);
    });

    test('control characters and over-long text are refused, nothing stored', async () => {
      const page = await ownerWithPage();
      for (const extra of <Record<string, string>[]>[
        { name: 'Evil\u001b[2J' },
        { name: 'A\r\nBcc: everyone@example.com' },
        { email: 'zoe@example.com\r\nBcc: x@example.com' },
        { message: 'ring\u0007' },
        { message: 'x'.repeat(5001) },
        { message: '   ' },
      ]) {
        const res = await post(message(page, extra));
        assert.equal(res.headers.get('location'), `${SITE}/p/${page.slug}#message-failed`, JSON.stringify(extra).slice(0, 60));
      }
      assert.deepEqual(await messagesOf(page.owner.client), []);
    });

    test("another user reads, changes and removes none of the owner's messages", async () => {
      const page = await ownerWithPage();
      assert.equal((await post(message(page))).status, 303);
      const attacker = await signedInUser(t, 'attacker');
      assert.deepEqual(await messagesOf(attacker.client), []);
      assert.deepEqual((await attacker.client.from('page_messages').delete().eq('portfolio_id', page.pageId).select('id')).data, []);
      assert.deepEqual(
        (
          await attacker.client
            .from('page_messages')
            .update({ read_at: new Date().toISOString() })
            .eq('portfolio_id', page.pageId)
            .select('id')
        ).data,
        [],
      );
      const planted = await attacker.client
        .from('page_messages')
        .insert({ portfolio_id: page.pageId, sender_name: 'Fake', sender_email: 'f@example.com', message: 'Fake' });
      assert.equal(planted.error?.code, '42501');
      assert.equal(
        (
          await attacker.client.rpc('leave_page_message', {
            page: page.pageId,
            page_slug: page.slug,
            client: 'a'.repeat(40),
            name: 'x',
            email: 'x@example.com',
            body: 'x',
          })
        ).error?.code,
        '42501',
      );
      assert.equal((await attacker.client.from('page_message_senders').select('client_key')).error?.code, '42501');
      // The owner marks it read and removes it; the text itself is not theirs to change.
      const [stored] = (await page.owner.client.from('page_messages').select('id')).data ?? [];
      assert.equal(
        (await page.owner.client.from('page_messages').update({ read_at: new Date().toISOString() }).eq('id', stored!.id)).error,
        null,
      );
      assert.equal((await page.owner.client.from('page_messages').update({ message: 'edited' }).eq('id', stored!.id)).error?.code, '42501');
      assert.deepEqual((await page.owner.client.from('page_messages').delete().eq('id', stored!.id).select('id')).data, [
        { id: stored!.id },
      ]);
    });

    test('a flood from one sender stops at five within the hour, whatever address it claims to come from', async () => {
      const page = await ownerWithPage();
      const answers: string[] = [];
      for (let i = 0; i < 8; i++) {
        // Every header a gateway would set, made up by the sender: the relay drops them all.
        const claimed = `198.51.100.${i}`;
        const headers = { 'x-forwarded-for': claimed, 'cf-connecting-ip': claimed, 'x-real-ip': claimed, 'true-client-ip': claimed };
        const res = await post(message(page, { message: `Flood ${i}` }), { headers });
        answers.push(res.headers.get('location')?.split('#')[1] ?? String(res.status));
      }
      assert.deepEqual(answers, [
        'message-sent',
        'message-sent',
        'message-sent',
        'message-sent',
        'message-sent',
        'message-failed',
        'message-failed',
        'message-failed',
      ]);
      const json = await post(message(page, { message: 'Flood json' }), { json: true });
      assert.deepEqual([json.status, await json.json()], [429, { error: 'Too many messages were sent just now. Please try again later.' }]);
      assert.equal((await messagesOf(page.owner.client)).length, 5);
    });
  });
