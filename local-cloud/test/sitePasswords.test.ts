// A site behind its password (issue 49), through real supabase-js, the publish function on Deno and
// the site's server with its gate (tooling/pageProtection.mjs): the owner sets the password (Pro or
// Premium; the rule stated), publishing a row that asks for it writes the page to the private bucket
// only, the site asks visitors for the password, slows down wrong tries, lets the right one in for
// its cookie's time, and a changed password or unpublishing shuts it again. An attacker reads it
// through no other door: Storage's public URL, REST, the sitemap, its files.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { pageProtection } from '../../tooling/pageProtection.mjs';
import { grantPurchase } from './support/cloud.ts';
import { callPublish, sweep } from './support/functions.ts';
import { pngBlob } from './support/servicesFiles.ts';
import {
  anonClient,
  JOURNEY_BACKENDS,
  journeyTestOn,
  serviceClient,
  signedInUser,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';
import { startSiteServer, type SiteServer } from './support/siteServer.ts';

after(stopClusters);

const PASSWORD = 'चाय और biscuits 🍪';

for (const backend of JOURNEY_BACKENDS)
  describe(`a site behind its password (${backend})`, { skip: skipFor(backend) }, () => {
    const journey = journeyTestOn(backend);
    let t: TestCloud;
    let site: SiteServer;
    let siteUrl: string;

    before(async () => {
      t = await startTestCloud(backend);
      const protection = pageProtection({ supabaseUrl: () => t.url, serviceRoleKey: () => t.cloud.keys.serviceRoleKey });
      site = await startSiteServer({ storageUrl: () => t.url, protection });
      siteUrl = site.url;
    });
    after(async () => {
      await site?.stop();
      await t?.stop();
    });

    const call = (user: TestUser, body: Record<string, unknown>) => callPublish(t, user.accessToken, body);
    const stateOf = async (response: Response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> });
    const tryPassword = (slug: string, password: string, cookie = '') =>
      fetch(`${siteUrl}/p/${slug}/`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams({ password }),
      });

    async function portfolio(user: TestUser, data: Record<string, unknown>): Promise<string> {
      const { data: row, error } = await user.client
        .from('portfolios')
        .insert({ template_id: 'generator', title: 'Mine', data })
        .select('id')
        .single();
      assert.equal(error, null);
      return row!.id as string;
    }

    journey('the owner sets a password, her site asks for it, and nothing else shows the page', async () => {
      const priya = await signedInUser(t, 'priya');
      const id = await portfolio(priya, { name: 'Priya Sharma', headline: 'Private recipes', site: { protected: true } });
      const picture = `${priya.id}/${id}/image-a.png`;
      assert.equal((await priya.client.storage.from('portfolio-images').upload(picture, pngBlob())).error, null);
      const { data: row } = await priya.client.from('portfolios').select('version').eq('id', id).single();
      const data = {
        name: 'Priya Sharma',
        headline: 'Private recipes',
        image: `storage:portfolio-images/${picture}`,
        site: { protected: true },
      };
      assert.equal(
        (await priya.client.rpc('save_portfolio', { portfolio_id: id, expected_version: row!.version, new_data: data })).error,
        null,
      );

      // Without Pro or Premium: no password, and no page that asks for one.
      await grantPurchase(serviceClient(t), priya.id, { itemType: 'plan', itemId: 'basic' });
      assert.deepEqual(await stateOf(await call(priya, { action: 'site-password', portfolioId: id })), {
        status: 200,
        body: { allowed: false, hasPassword: false, setAt: null },
      });
      assert.equal((await call(priya, { action: 'set-site-password', portfolioId: id, password: PASSWORD })).status, 403);
      const unplanned = await stateOf(await call(priya, { action: 'publish', portfolioId: id, slug: 'priya-private' }));
      assert.equal(unplanned.status, 403);
      assert.match(String(unplanned.body.error), /Pro and Premium/);

      await grantPurchase(serviceClient(t), priya.id, { itemType: 'plan', itemId: 'pro' });
      const noPassword = await stateOf(await call(priya, { action: 'publish', portfolioId: id, slug: 'priya-private' }));
      assert.equal(noPassword.status, 409, 'asking for a password that was never set publishes nothing');
      assert.match(String(noPassword.body.error), /Set your page’s password/);
      const short = await call(priya, { action: 'set-site-password', portfolioId: id, password: 'short' });
      assert.equal(short.status, 400, 'the rule beside the field: at least 8 characters');
      const set = await stateOf(await call(priya, { action: 'set-site-password', portfolioId: id, password: PASSWORD }));
      assert.equal(set.status, 200);
      assert.equal(set.body.hasPassword, true);

      // Another user neither reads nor changes it; nobody reads the hash through REST.
      const mallory = await signedInUser(t, 'mallory');
      assert.equal((await call(mallory, { action: 'site-password', portfolioId: id })).status, 404);
      assert.equal((await call(mallory, { action: 'set-site-password', portfolioId: id, password: 'mallory-knows' })).status, 404);
      for (const client of [priya.client, mallory.client, anonClient(t)]) {
        const { data: hashes, error } = await client.from('site_passwords').select('*');
        assert.ok(error !== null || (hashes ?? []).length === 0, 'no hash is readable through the API');
        assert.notEqual(
          (await client.rpc('check_site_password', { page_slug: 'priya-private', client: 'a'.repeat(32), candidate: '0' })).error,
          null,
        );
      }

      assert.equal((await call(priya, { action: 'publish', portfolioId: id, slug: 'priya-private' })).status, 200);
      const storage = (bucket: string, objectPath: string) => fetch(`${t.url}/storage/v1/object/public/${bucket}/${objectPath}`);
      assert.ok([400, 404].includes((await storage('sites', 'priya-private/index.html')).status), 'the page is not in the public bucket');
      assert.ok(
        [400, 404].includes((await storage('sites', 'priya-private/files/portfolio-images/image-a.png')).status),
        'nor its picture',
      );
      assert.ok(
        [400, 404].includes((await storage('protected-sites', 'priya-private/index.html')).status),
        'the private bucket is not public',
      );
      const signedOut = await anonClient(t).storage.from('protected-sites').download('priya-private/index.html');
      assert.notEqual(signedOut.error, null);
      const sitemap = await (await fetch(`${siteUrl}/p/sitemap.xml`)).text();
      assert.doesNotMatch(sitemap, /priya-private/, 'nor in the sitemap');

      // A visitor gets the form, 401, noindex; her files are refused too.
      const form = await fetch(`${siteUrl}/p/priya-private/`);
      assert.equal(form.status, 401);
      assert.equal(form.headers.get('x-robots-tag'), 'noindex, nofollow');
      const formHtml = await form.text();
      assert.match(formHtml, /<label for="password">Password<\/label>/);
      assert.match(formHtml, /12 hours/);
      assert.doesNotMatch(formHtml, /Priya Sharma|Private recipes/);
      assert.equal((await fetch(`${siteUrl}/p/priya-private/files/portfolio-images/image-a.png`)).status, 401);

      // Four wrong tries are answered at once; the fifth makes the next wait.
      for (let attempt = 1; attempt <= 4; attempt++) {
        const wrong = await tryPassword('priya-private', `guess-${attempt}-password`);
        assert.equal(wrong.status, 401, `try ${attempt}`);
        assert.match(await wrong.text(), /aria-invalid="true" aria-describedby="password-error"/);
      }
      const fifth = await tryPassword('priya-private', 'guess-5-password');
      assert.equal(fifth.status, 429);
      assert.equal(fifth.headers.get('retry-after'), '30');
      await fifth.body?.cancel();
      const waiting = await tryPassword('priya-private', PASSWORD);
      assert.equal(waiting.status, 429, 'even the right password waits its turn');
      assert.match(await waiting.text(), /Wait \d+ seconds/);

      // Time passes (the wait, as the database keeps it); the right password lets her in.
      await serviceClient(t)
        .from('site_password_failures')
        .update({ last_failed_at: new Date(Date.now() - 120_000).toISOString() })
        .neq('failures', -1);
      const right = await tryPassword('priya-private', PASSWORD);
      assert.equal(right.status, 303);
      assert.equal(right.headers.get('location'), '/p/priya-private/');
      const setCookie = right.headers.get('set-cookie') ?? '';
      assert.match(
        setCookie,
        /^ff_site_priya-private=\d+\.[A-Za-z0-9_-]{43}; Path=\/p\/priya-private; Max-Age=43200; HttpOnly; SameSite=Lax$/,
      );
      const cookie = setCookie.split(';')[0]!;
      const page = await fetch(`${siteUrl}/p/priya-private/`, { headers: { cookie } });
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('cache-control'), 'private, no-store');
      assert.equal(page.headers.get('x-robots-tag'), 'noindex, nofollow');
      const html = await page.text();
      assert.match(html, /Priya Sharma/);
      assert.match(html, /<meta name="robots" content="noindex"/);
      const image = await fetch(`${siteUrl}/p/priya-private/files/portfolio-images/image-a.png`, { headers: { cookie } });
      assert.equal(image.status, 200);
      assert.equal(image.headers.get('content-type'), 'image/png');
      assert.equal(
        (await fetch(`${siteUrl}/p/priya-private/`, { headers: { cookie: cookie.replace(/\d+\./, '9999999999.') } })).status,
        401,
        'a cookie with another expiry is refused',
      );

      // A new password shuts out whoever came in on the old one, at once; the sweep keeps the page private.
      assert.equal((await call(priya, { action: 'set-site-password', portfolioId: id, password: 'a new one, longer' })).status, 200);
      assert.equal((await fetch(`${siteUrl}/p/priya-private/`, { headers: { cookie } })).status, 401);
      const removal = await call(priya, { action: 'set-site-password', portfolioId: id, password: null });
      assert.equal(removal.status, 409, 'the password of a page published behind it stays until the page is opened');
      await sweep(t);
      assert.ok([400, 404].includes((await storage('sites', 'priya-private/index.html')).status));
      assert.equal((await fetch(`${siteUrl}/p/priya-private/`)).status, 401);

      // Unpublished, nothing is left of it anywhere: not even the form.
      assert.equal((await call(priya, { action: 'unpublish', portfolioId: id })).status, 200);
      assert.equal((await fetch(`${siteUrl}/p/priya-private/`)).status, 404);
      const { data: left } = await serviceClient(t).storage.from('protected-sites').list('priya-private');
      assert.deepEqual(left ?? [], [], 'the private copies went with it');
      assert.deepEqual(await stateOf(await call(priya, { action: 'set-site-password', portfolioId: id, password: null })), {
        status: 200,
        body: { allowed: true, hasPassword: false, setAt: null },
      });
    });
  });
