// "Your data": the account function's zip of everything a user has, and deleting an account, which
// must leave nothing of it (rows, Storage files, published pages, domain maps, sign-up lists, the
// plan's subscription and charges), cancel the plan at Razorpay so it never charges again, and leave
// nothing of anyone else's gone. Tried as an attacker too: a wrong password, guessed codes, someone
// else's token, and the GoTrue admin call without the service role.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { strFromU8, unzipSync } from 'fflate';
import { subscribed } from './support/billing.ts';
import { grantPurchase } from './support/cloud.ts';
import { callFunction, callPublish } from './support/functions.ts';
import { PDF_BYTES, PNG_BYTES } from './support/servicesFiles.ts';
import {
  anonClient,
  serviceClient,
  JOURNEY_BACKENDS,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
} from './support/servicesCloud.ts';
import { advanceClock, razorpayApi } from './support/servicesRazorpay.ts';

interface User {
  client: SupabaseClient;
  id: string;
  accessToken: string;
  email: string;
  password: string;
}

after(stopClusters);

const PASSWORD = 'correct horse battery';
let counter = 0;

for (const backend of JOURNEY_BACKENDS)
  describe(`your data (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    before(async () => {
      t = await startTestCloud(backend);
    });
    after(async () => t?.stop());

    async function newUser(label: string): Promise<User> {
      const email = `${label}-${Date.now()}-${++counter}@example.test`;
      const client = anonClient(t);
      const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: { data: { name: `${label} 🎨\u0007` } } });
      if (error || !data.session) throw error ?? new Error('no session');
      return { client, id: data.user!.id, accessToken: data.session.access_token, email, password: PASSWORD };
    }

    const account = (user: User | undefined, body: unknown) => callFunction(t, 'account', user?.accessToken, body);
    const mailsTo = async (email: string) => (await t.cloud.ctx.mailbox.list()).filter((mail) => mail.to === email);

    /** A user with everything an account can hold: pages with files, a plan and a template, a sign-up, domains. */
    async function fullUser(label: string) {
      const user = await newUser(label);
      // Pro as a monthly Razorpay subscription, charged once; a template bought outright.
      const { razorpayId } = await subscribed(t, user, 'pro');
      await grantPurchase(serviceClient(t), user.id, { itemType: 'template', itemId: '2' });
      const photo = new Uint8Array(4_900_000);
      photo.set(randomBytes(photo.length));
      photo.set(PNG_BYTES.subarray(0, 8));
      const pages: string[] = [];
      for (const title of [`${label}'s «Studio» 📷`, `${label} draft`]) {
        const { data } = await user.client
          .from('portfolios')
          .insert({ template_id: '1', title, data: { name: title } })
          .select('id, version')
          .single();
        const id = data!.id as string;
        const imagePath = `${user.id}/${id}/photo.png`;
        const resumePath = `${user.id}/${id}/resume.pdf`;
        assert.equal(
          (await user.client.storage.from('portfolio-images').upload(imagePath, new Blob([photo], { type: 'image/png' }))).error,
          null,
        );
        assert.equal(
          (await user.client.storage.from('resumes').upload(resumePath, new Blob([PDF_BYTES], { type: 'application/pdf' }))).error,
          null,
        );
        const saved = await user.client.rpc('save_portfolio', {
          portfolio_id: id,
          expected_version: data!.version,
          new_data: { name: title, image: `storage:portfolio-images/${imagePath}`, resume: `storage:resumes/${resumePath}` },
        });
        assert.equal(saved.error, null);
        pages.push(id);
      }
      // A blog post (the owner writes posts through REST; row-level security keeps them hers).
      const post = await user.client
        .from('portfolio_posts')
        .insert({ portfolio_id: pages[0], slug: 'hello', title: `post-of-${label} 📝`, status: 'draft' });
      assert.equal(post.error, null);
      const slug = `${label}-${counter}-page`;
      assert.equal((await callPublish(t, user.accessToken, { action: 'publish', portfolioId: pages[0], slug })).status, 200);
      // A visitor signed up on the published page and confirmed the address (the subscribe function's row).
      assert.equal(
        (
          await serviceClient(t)
            .from('subscribers')
            .insert({
              portfolio_id: pages[0],
              email: `fan-of-${label}@example.test`,
              name: '=HYPERLINK("x")',
              confirmed_at: new Date().toISOString(),
            })
        ).error,
        null,
      );
      // A proven custom domain, mapped to the page (as the publish function does once DNS proves it).
      const domain = `${label}-${counter}.example`;
      await serviceClient(t)
        .from('custom_domains')
        .insert({ domain, portfolio_id: pages[0], owner_id: user.id, verified_at: new Date().toISOString() });
      await serviceClient(t).storage.from('sites').upload(`_domains/${domain}`, pages[0]!, { contentType: 'application/octet-stream' });
      return { user, pages, slug, domain, photo, razorpayId };
    }

    describe('download my data', () => {
      test('a zip of every portfolio with its files, orders, domains and sign-ups, and nothing of anyone else', async () => {
        const { user, pages, photo } = await fullUser('ada');
        const other = await fullUser('bob');
        const answer = await account(user, { action: 'export' });
        assert.equal(answer.status, 200);
        assert.equal(answer.headers.get('content-type'), 'application/zip');
        assert.match(answer.headers.get('content-disposition') ?? '', /^attachment; filename="folioforge-data-\d{4}-\d{2}-\d{2}\.zip"$/);
        const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
        const names = Object.keys(files).sort();

        assert.ok(names.includes('README.txt'));
        const accountJson = JSON.parse(strFromU8(files['account.json']!));
        assert.equal(accountJson.email, user.email);
        assert.equal(accountJson.name, 'ada 🎨\u0007');

        const portfolioFiles = names.filter((name) => name.endsWith('/portfolio.json'));
        assert.equal(portfolioFiles.length, 2);
        const first = JSON.parse(strFromU8(files[portfolioFiles[0]!]!));
        assert.deepEqual(new Set(portfolioFiles.map((name) => JSON.parse(strFromU8(files[name]!)).id)), new Set(pages));
        assert.match(portfolioFiles[0]!, /^portfolios\/01-ada-\d+-page\/portfolio\.json$/, 'named by the published address');
        assert.equal(first.published, true);
        const photoName = names.find((name) => name.startsWith(portfolioFiles[0]!.replace('portfolio.json', 'files/portfolio-images/')))!;
        assert.deepEqual(files[photoName], photo, 'the 4.9 MB photo byte for byte');
        assert.ok(names.some((name) => name.endsWith('/files/resumes/resume.pdf')));
        const posts = JSON.parse(strFromU8(files[portfolioFiles[0]!.replace('portfolio.json', 'posts.json')]!));
        assert.deepEqual(
          posts.map((post: { title: string; status: string }) => [post.title, post.status]),
          [['post-of-ada 📝', 'draft']],
          "the blog's posts, drafts too, beside their portfolio",
        );

        const orders = JSON.parse(strFromU8(files['orders.json']!));
        assert.deepEqual(
          orders.map((order: { item_id: string; status: string }) => [order.item_id, order.status]),
          [['2', 'paid']],
        );
        const billing = JSON.parse(strFromU8(files['subscriptions.json']!));
        assert.deepEqual(
          billing.subscriptions.map((row: { plan_id: string; status: string; currency: string }) => [
            row.plan_id,
            row.status,
            row.currency,
          ]),
          [['pro', 'active', 'USD']],
        );
        assert.deepEqual(
          billing.charges.map((row: { plan_id: string; amount: number; currency: string }) => [row.plan_id, row.amount, row.currency]),
          [['pro', 1999, 'USD']],
          'the first charge, its receipt',
        );
        assert.match(strFromU8(files['README.txt']!), /subscriptions\.json/);
        const domains = JSON.parse(strFromU8(files['domains.json']!));
        assert.equal(domains.customDomains.length, 1);
        const csv = strFromU8(files['subscribers.csv']!);
        assert.match(csv, /fan-of-ada@example\.test/);
        assert.match(csv, /"'=HYPERLINK\(""x""\)"/, 'a formula is defused for spreadsheets');

        const everything = names.map((name) => strFromU8(files[name]!.subarray(0, 200_000))).join('\n');
        assert.doesNotMatch(everything, new RegExp(other.user.email), "nothing of Bob's");
        assert.doesNotMatch(everything, /fan-of-bob/);
        assert.doesNotMatch(everything, /post-of-bob/);
      });

      test("the page may read the download's file name (CORS exposes Content-Disposition)", async () => {
        const user = await newUser('hal');
        const answer = await fetch(`${t.url}/functions/v1/account`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}`, origin: 'http://localhost:3000' },
          body: JSON.stringify({ action: 'export' }),
        });
        assert.equal(answer.headers.get('access-control-allow-origin'), 'http://localhost:3000');
        assert.match(answer.headers.get('access-control-expose-headers') ?? '', /Content-Disposition/);
        assert.match(answer.headers.get('access-control-expose-headers') ?? '', /Content-Range/, "local-cloud's own stay exposed");
        await answer.arrayBuffer();
      });

      test('needs the user: no token, or a forged one, gets nothing', async () => {
        assert.equal((await account(undefined, { action: 'export' })).status, 401);
        const forged = await fetch(`${t.url}/functions/v1/account`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${t.cloud.keys.anonKey}x` },
          body: JSON.stringify({ action: 'export' }),
        });
        assert.equal(forged.status, 401);
      });
    });

    describe('delete my account', () => {
      test('with the password: nothing of the user is left, the mail says so, and others keep everything', async () => {
        const ada = await fullUser('carl');
        const bob = await fullUser('dora');
        const service = serviceClient(t);

        const wrong = await account(ada.user, { action: 'delete', password: 'not my password' });
        assert.equal(wrong.status, 400);
        assert.match((await wrong.json()).fieldErrors.password, /not your password/);
        assert.equal((await service.from('portfolios').select('id').eq('owner_id', ada.user.id)).data?.length, 2, 'nothing deleted');

        const done = await account(ada.user, { action: 'delete', password: PASSWORD });
        assert.equal(done.status, 200, await done.clone().text());
        assert.deepEqual(await done.json(), { deleted: true, mailedTo: ada.user.email });

        // The plan's subscription is cancelled at Razorpay, now: nothing renews for an account that is gone.
        const atRazorpay = (await razorpayApi(t, 'GET', `/v1/subscriptions/${ada.razorpayId}`)).body;
        assert.equal(atRazorpay.status, 'cancelled');
        assert.equal(atRazorpay.paid_count, 1);

        // Rows: none left in any table that names the user or their pages.
        for (const [table, column, value] of [
          ['profiles', 'id', ada.user.id],
          ['portfolios', 'owner_id', ada.user.id],
          ['purchases', 'user_id', ada.user.id],
          ['subscriptions', 'user_id', ada.user.id],
          ['subscription_charges', 'user_id', ada.user.id],
          ['account_deletion_codes', 'user_id', ada.user.id],
          ['custom_domains', 'owner_id', ada.user.id],
          ['registered_domains', 'owner_id', ada.user.id],
          ['free_domain_years', 'owner_id', ada.user.id],
          ['subscribers', 'portfolio_id', ada.pages[0]],
        ] as const) {
          const { data, error } = await service.from(table).select('*').eq(column, value);
          assert.equal(error, null, table);
          assert.deepEqual(data, [], `${table} is empty of the user`);
        }
        const { rows } = await t.cloud.ctx.db.asOwner((tx) =>
          tx.query('select 1 from auth.users where id = $1 union all select 1 from local_cloud.sessions where user_id = $1', [ada.user.id]),
        );
        assert.deepEqual(rows, []);
        // Storage: no upload, no published page or file, no domain map.
        const objects = await t.cloud.ctx.db.asOwner((tx) =>
          tx.query<{ bucket_id: string; name: string }>(
            `select bucket_id, name from storage.objects where name like $1 or name like $2 or name = $3 or name = $4`,
            [`${ada.user.id}/%`, `${ada.slug}/%`, `_domains/${ada.domain}`, `_published/${ada.pages[0]}`],
          ),
        );
        assert.deepEqual(objects.rows, []);
        assert.ok((await fetch(`${t.url}/storage/v1/object/public/sites/${ada.slug}/index.html`)).status >= 400);
        // The session is over, and the password no longer signs in.
        assert.ok((await anonClient(t).auth.signInWithPassword({ email: ada.user.email, password: PASSWORD })).error);

        const mail = (await mailsTo(ada.user.email)).find((message) => /is deleted/.test(message.text + JSON.stringify(message.meta)));
        assert.ok(mail, 'a mail says it is done');

        // Bob keeps all of his.
        assert.equal((await service.from('portfolios').select('id').eq('owner_id', bob.user.id)).data?.length, 2);
        assert.equal((await razorpayApi(t, 'GET', `/v1/subscriptions/${bob.razorpayId}`)).body.status, 'active');

        // A month and more on, the renewals fall due: Bob's plan is charged again, the deleted user's never.
        const chargeAt = Number((await razorpayApi(t, 'GET', `/v1/subscriptions/${bob.razorpayId}`)).body.charge_at);
        const { now } = (await razorpayApi(t, 'GET', '/_sandbox/clock')).body as { now: number };
        await advanceClock(t, chargeAt - now + 3600);
        assert.equal((await razorpayApi(t, 'GET', `/v1/subscriptions/${bob.razorpayId}`)).body.paid_count, 2);
        assert.equal((await razorpayApi(t, 'GET', `/v1/subscriptions/${ada.razorpayId}`)).body.paid_count, 1);
        assert.deepEqual((await service.from('subscription_charges').select('id').eq('user_id', ada.user.id)).data, []);
        assert.equal((await fetch(`${t.url}/storage/v1/object/public/sites/${bob.slug}/index.html`)).status, 200);
        assert.equal((await service.storage.from('sites').download(`_domains/${bob.domain}`)).error, null);
        assert.equal((await service.storage.from('portfolio-images').list(`${bob.user.id}/${bob.pages[0]}`)).data?.length, 1);
      });

      test('with a mailed code: asked once a minute, wrong codes counted, the right one deletes', async () => {
        const erin = await fullUser('erin');
        const sent = await account(erin.user, { action: 'send-deletion-code' });
        assert.equal(sent.status, 200);
        assert.deepEqual(await sent.json(), { sentTo: erin.user.email });
        const again = await account(erin.user, { action: 'send-deletion-code' });
        assert.equal(again.status, 429);
        const body = await again.json();
        assert.ok(body.retryAfterSeconds > 0 && body.retryAfterSeconds <= 60);
        assert.equal(again.headers.get('retry-after'), String(body.retryAfterSeconds));

        const mail = (await mailsTo(erin.user.email)).find((message) =>
          JSON.stringify(message.meta).includes('delete your FolioForge account'),
        );
        const code = /The code is (\d{3}) (\d{3})/.exec(String(mail?.meta.message))!.slice(1).join('');
        assert.match(code, /^\d{6}$/);
        const wrongCode = code === '000000' ? '111111' : '000000';
        const wrong = await account(erin.user, { action: 'delete', code: wrongCode });
        assert.equal(wrong.status, 400);
        assert.match((await wrong.json()).fieldErrors.code, /4 tries left/);
        const malformed = await account(erin.user, { action: 'delete', code: '12ab' });
        assert.equal((await malformed.json()).fieldErrors.code, 'Enter the 6 digits from the email.');

        const done = await account(erin.user, { action: 'delete', code: `${code.slice(0, 3)} ${code.slice(3)}` });
        assert.equal(done.status, 200);
        assert.equal((await serviceClient(t).from('portfolios').select('id').eq('owner_id', erin.user.id)).data?.length, 0);
      });

      test('guessing is stopped after five tries, and another user cannot use a code or delete anyone else', async () => {
        const fay = await newUser('fay');
        const gus = await newUser('gus');
        await account(fay, { action: 'send-deletion-code' });
        for (let i = 0; i < 5; i++) assert.equal((await account(fay, { action: 'delete', code: String(100000 + i) })).status, 400);
        const spent = await account(fay, { action: 'delete', code: '123456' });
        assert.match((await spent.json()).fieldErrors.code, /expired or was tried too often/);
        // A token deletes its own account, whatever else the request names.
        assert.equal((await account(gus, { action: 'delete', password: gus.password, user: fay.id, userId: fay.id })).status, 200);
        assert.equal((await serviceClient(t).from('profiles').select('id').eq('id', gus.id)).data?.length, 0);
        assert.equal((await serviceClient(t).from('profiles').select('id').eq('id', fay.id)).data?.length, 1);

        // GoTrue's admin call wants the service role.
        for (const token of [fay.accessToken, t.cloud.keys.anonKey]) {
          const response = await fetch(`${t.url}/auth/v1/admin/users/${fay.id}`, {
            method: 'DELETE',
            headers: { apikey: t.cloud.keys.anonKey, authorization: `Bearer ${token}` },
          });
          assert.equal(response.status, 403);
          assert.equal(((await response.json()) as { code: string }).code, 'not_admin');
        }
        assert.equal((await serviceClient(t).auth.admin.deleteUser('00000000-0000-4000-8000-000000000000')).error?.status, 404);
      });
    });
  });
