// The local mailbox, on its own loopback port: JSON for tests, an HTML page for people; newest first,
// links clickable, all escaped; never on the API's origin, whose stored files a browser may open.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { MailMessage } from '../src/context.ts';
import { JOURNEY_BACKENDS, skipFor, startTestCloud, stopClusters, type TestCloud } from './support/servicesCloud.ts';

for (const backend of JOURNEY_BACKENDS)
  describe(`mailbox (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    before(async () => {
      t = await startTestCloud(backend);
      const { mailbox } = t.cloud.ctx;
      await mailbox.add({
        kind: 'auth',
        to: 'first@example.test',
        from: 'FolioForge <noreply@folioforge.local>',
        subject: 'Confirm your signup',
        text: 'Follow https://app.example.test/verify?token=abc&type=signup.',
        meta: {},
      });
      await mailbox.add({
        kind: 'emailjs',
        to: 'owner@folioforge.local',
        from: 'x',
        subject: '<script>alert(1)</script>',
        text: 'Hi <img src=x onerror=alert(1)>',
        links: ['javascript:alert(1)'],
        meta: { a: '1' },
      });
    });
    after(async () => t.stop());

    test('/api lists messages newest first, with links found in the text', async () => {
      const { messages } = (await (await fetch(`${t.cloud.mailboxUrl}/api`)).json()) as { messages: MailMessage[] };
      assert.deepEqual(
        messages.map((m) => m.kind),
        ['emailjs', 'auth'],
      );
      assert.deepEqual(messages[1]!.links, ['https://app.example.test/verify?token=abc&type=signup']);
      assert.deepEqual(messages[0]!.meta, { a: '1' });
      assert.ok(Date.parse(messages[0]!.createdAt) >= Date.parse(messages[1]!.createdAt));
    });

    test('?to= filters by recipient', async () => {
      const { messages } = (await (await fetch(`${t.cloud.mailboxUrl}/api?to=FIRST@example.test`)).json()) as { messages: MailMessage[] };
      assert.deepEqual(
        messages.map((m) => m.subject),
        ['Confirm your signup'],
      );
    });

    test('the page makes http links clickable and escapes everything else', async () => {
      const res = await fetch(t.cloud.mailboxUrl);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/);
      const html = await res.text();
      assert.ok(html.includes('<a href="https://app.example.test/verify?token=abc&amp;type=signup">'));
      assert.ok(!html.includes('<script>alert(1)</script>'));
      assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
      assert.ok(!html.includes('<img src=x'));
      assert.ok(!html.includes('href="javascript:'));
      assert.ok(html.indexOf('&lt;script&gt;') < html.indexOf('Confirm your signup'), 'newest first');
      assert.match(res.headers.get('content-security-policy') ?? '', /^default-src 'none';.*frame-ancestors 'none'/);
    });

    test("is not on the API's origin: a file served there cannot read it", async () => {
      assert.notEqual(new URL(t.cloud.mailboxUrl).origin, new URL(t.url).origin);
      for (const route of ['/mail', '/mail/api']) assert.equal((await fetch(`${t.url}${route}`)).status, 404, route);
    });

    test('answers only to localhost: a host name pointed at 127.0.0.1 by another site (DNS rebinding) is refused', async () => {
      const { port } = new URL(t.cloud.mailboxUrl);
      const asked = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const request = http.get({ host: '127.0.0.1', port, path: '/api', headers: { host } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          request.on('error', reject);
        });
      assert.equal(await asked(`evil.example:${port}`), 403);
      assert.equal(await asked(`localhost:${port}`), 200);
      assert.equal(await asked(`127.0.0.1:${port}`), 200);
    });
  });

after(stopClusters);
