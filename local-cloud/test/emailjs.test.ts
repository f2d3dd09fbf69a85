// The EmailJS sink with the real @emailjs/browser: send and sendForm from a page in Chromium
// (a different origin, so CORS and the preflight are exercised), plus the refusals.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { MailMessage } from '../src/context.ts';
import { JOURNEY_BACKENDS, skipFor, startTestCloud, stopClusters, type TestCloud } from './support/servicesCloud.ts';
import { emailjsBrowserBundle, launchBrowser, startPageServer, type Browser, type PageServer } from './support/servicesBrowser.ts';
import type * as EmailJs from '@emailjs/browser';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>contact</title>
<script src="/emailjs.js"></script></head><body>
<form id="contact">
  <label>Name <input name="from_name" value="Asha Rao"></label>
  <label>Email <input name="from_email" value="asha@example.test"></label>
  <label>Message <textarea name="message">Please build me a portfolio &lt;b&gt;today&lt;/b&gt;</textarea></label>
</form></body></html>`;

async function mails(t: TestCloud): Promise<MailMessage[]> {
  const res = await fetch(`${t.cloud.mailboxUrl}/api`);
  return ((await res.json()) as { messages: MailMessage[] }).messages;
}

for (const backend of JOURNEY_BACKENDS)
  describe(`emailjs sink (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let browser: Browser;
    let site: PageServer;
    let page: Page;

    before(async () => {
      site = await startPageServer({ '/': PAGE, '/emailjs.js': await emailjsBrowserBundle() });
      // The page stands for the app: its origin is one local-cloud answers.
      t = await startTestCloud(backend, { allowedOrigins: [site.origin] });
      browser = await launchBrowser();
      page = await browser.context.newPage();
      await page.goto(site.origin + '/');
    });
    after(async () => {
      await browser?.close();
      await site?.close();
      await t?.stop();
    });

    test('send() from the browser lands in the mailbox and resolves with 200 OK', async () => {
      const { emailjsPublicKey, emailjsServiceId, emailjsTemplateId } = t.cloud.keys;
      const result = await page.evaluate(
        async ({ origin, publicKey, serviceId, templateId }) => {
          const ejs = (window as unknown as { emailjs: typeof EmailJs }).emailjs;
          ejs.init({ publicKey, blockHeadless: false }, origin);
          const res = await ejs.send(serviceId, templateId, {
            from_name: 'Ravi',
            from_email: 'ravi@example.test',
            message: 'Hello from send()',
          });
          return { status: res.status, text: res.text };
        },
        { origin: `${t.url}/emailjs`, publicKey: emailjsPublicKey, serviceId: emailjsServiceId, templateId: emailjsTemplateId },
      );
      assert.deepEqual(result, { status: 200, text: 'OK' });
      const [latest] = await mails(t);
      assert.equal(latest?.kind, 'emailjs');
      assert.match(latest!.text, /Hello from send\(\)/);
      assert.equal(latest!.meta.from_email, 'ravi@example.test');
      assert.equal(latest!.from, 'Ravi <ravi@example.test>');
    });

    test('sendForm() posts the form as multipart and every field arrives', async () => {
      const { emailjsPublicKey, emailjsServiceId, emailjsTemplateId } = t.cloud.keys;
      const result = await page.evaluate(
        async ({ origin, publicKey, serviceId, templateId }) => {
          const ejs = (window as unknown as { emailjs: typeof EmailJs }).emailjs;
          const res = await ejs.sendForm(serviceId, templateId, '#contact', { publicKey, origin } as never);
          return { status: res.status, text: res.text };
        },
        { origin: `${t.url}/emailjs`, publicKey: emailjsPublicKey, serviceId: emailjsServiceId, templateId: emailjsTemplateId },
      );
      assert.deepEqual(result, { status: 200, text: 'OK' });
      const [latest] = await mails(t);
      assert.deepEqual(latest?.meta, {
        from_name: 'Asha Rao',
        from_email: 'asha@example.test',
        message: 'Please build me a portfolio <b>today</b>',
      });

      // the mailbox page shows it, escaped
      const html = await (await fetch(t.cloud.mailboxUrl)).text();
      assert.ok(html.includes('Please build me a portfolio &lt;b&gt;today&lt;/b&gt;'));
      assert.ok(!html.includes('<b>today</b>'));
    });

    test('a wrong public key is refused with 400 and the reason, and the SDK rejects with it', async () => {
      const before = (await mails(t)).length;
      const result = await page.evaluate(
        async ({ origin, serviceId, templateId }) => {
          const ejs = (window as unknown as { emailjs: typeof EmailJs }).emailjs;
          try {
            await ejs.send(serviceId, templateId, { message: 'x' }, { publicKey: 'not-the-key', origin } as never);
            return null;
          } catch (error) {
            const e = error as { status: number; text: string };
            return { status: e.status, text: e.text };
          }
        },
        { origin: `${t.url}/emailjs`, serviceId: t.cloud.keys.emailjsServiceId, templateId: t.cloud.keys.emailjsTemplateId },
      );
      assert.equal(result?.status, 400);
      assert.match(result!.text, /Public Key is invalid/);
      assert.equal((await mails(t)).length, before);
    });

    test('missing ids and malformed bodies get 400 text answers', async () => {
      const send = (body: string, type = 'application/json') =>
        fetch(`${t.url}/emailjs/api/v1.0/email/send`, { method: 'POST', headers: { 'Content-Type': type }, body });
      const noUser = await send(JSON.stringify({ lib_version: '4.4.1', service_id: 's', template_id: 't', template_params: {} }));
      assert.equal(noUser.status, 400);
      assert.equal(await noUser.text(), 'The user_id parameter is required');
      const badService = await send(
        JSON.stringify({ user_id: t.cloud.keys.emailjsPublicKey, service_id: 'nope', template_id: t.cloud.keys.emailjsTemplateId }),
      );
      assert.equal(badService.status, 400);
      assert.match(await badService.text(), /service ID is invalid/);
      const notJson = await send('{oops');
      assert.equal(notJson.status, 400);
      const huge = await send(JSON.stringify({ user_id: 'x', template_params: { message: 'x'.repeat(200_000) } }));
      assert.equal(huge.status, 413);
    });

    test('the CORS preflight is answered with 204', async () => {
      const res = await fetch(`${t.url}/emailjs/api/v1.0/email/send`, {
        method: 'OPTIONS',
        headers: { Origin: site.origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      });
      assert.equal(res.status, 204);
      assert.equal(res.headers.get('access-control-allow-origin'), site.origin);
      assert.match(res.headers.get('access-control-allow-headers') ?? '', /content-type/i);
    });
  });

after(stopClusters);
