// A site behind its password (issue 49), through real supabase-js, the publish function on Deno and
// the site's server with its gate (tooling/pageProtection.mjs): the owner sets the password (Pro or
// Premium; the rule stated), publishing a row that asks for it writes the page to the private bucket
// only, the site asks visitors for the password, slows down wrong tries, lets the right one in for
// its cookie's time, and a changed password or unpublishing shuts it again. An attacker reads it
// through no other door: Storage's public URL, REST, the sitemap, its files.
import http from 'node:http';
import { strFromU8, unzipSync } from 'fflate';
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
    /** A visitor's GET on the site's server as `host` (a custom domain), redirects not followed. */
    const getAs = (host: string, path: string, cookie = '') =>
      new Promise<{ status: number; location?: string; robots?: string; body: string }>((resolve, reject) => {
        const request = http.get(`${siteUrl}${path}`, { headers: { host, ...(cookie ? { cookie } : {}) } }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              location: response.headers.location,
              robots: response.headers['x-robots-tag'] as string | undefined,
              body,
            }),
          );
        });
        request.on('error', reject);
      });

    journey('one page behind the password: the rest of the site stays public, that page and its own files do not', async () => {
      const ravi = await signedInUser(t, 'ravi');
      await grantPurchase(serviceClient(t), ravi.id, { itemType: 'plan', itemId: 'premium' });
      const text = (id: string, title: string, body: string) => ({ id, kind: 'text', title, hidden: false, body, items: [] });
      const shots = (id: string, image: string) => ({
        id,
        kind: 'projects',
        title: 'Shots',
        hidden: false,
        body: '',
        items: [{ id: `${id}-1`, name: 'Shot', description: '', url: '', image }],
      });
      const { data: inserted, error: insertError } = await ravi.client
        .from('portfolios')
        .insert({ template_id: '1', title: 'Studio', data: { schemaVersion: 2, profile: { name: 'Ravi' }, socials: [], sections: [] } })
        .select('id')
        .single();
      assert.equal(insertError, null);
      const id = inserted!.id as string;
      const shared = `${ravi.id}/${id}/shared.png`;
      const only = `${ravi.id}/${id}/clients-only.png`;
      for (const path of [shared, only])
        assert.equal((await ravi.client.storage.from('portfolio-images').upload(path, pngBlob())).error, null);
      const data = {
        schemaVersion: 2,
        profile: { name: 'Ravi Menon', headline: 'Studio', about: '' },
        socials: [],
        sections: [text('intro', 'Hello', '<p>Welcome</p>')],
        pages: [
          {
            id: 'work',
            slug: 'work',
            title: 'Work',
            inNavigation: true,
            sections: [shots('public-shots', `storage:portfolio-images/${shared}`)],
          },
          {
            id: 'clients',
            slug: 'clients',
            title: 'Clients',
            inNavigation: true,
            protected: true,
            sections: [
              text('c', 'For clients only', '<p>Invoices and drafts</p>'),
              shots('client-shots', `storage:portfolio-images/${only}`),
              shots('again', `storage:portfolio-images/${shared}`),
            ],
          },
        ],
      };
      const { data: row } = await ravi.client.from('portfolios').select('version').eq('id', id).single();
      assert.equal(
        (await ravi.client.rpc('save_portfolio', { portfolio_id: id, expected_version: row!.version, new_data: data })).error,
        null,
      );
      const unset = await stateOf(await call(ravi, { action: 'publish', portfolioId: id, slug: 'ravi-studio' }));
      assert.equal(unset.status, 409, 'a page behind the password needs the password set first');
      assert.equal((await call(ravi, { action: 'set-site-password', portfolioId: id, password: PASSWORD })).status, 200);
      const published = await call(ravi, { action: 'publish', portfolioId: id, slug: 'ravi-studio' });
      assert.equal(published.status, 200, await published.clone().text());

      // The home page and the public page are public; the navigation still leads to Clients.
      const home = await fetch(`${siteUrl}/p/ravi-studio/`);
      assert.equal(home.status, 200);
      const homeHtml = await home.text();
      assert.match(homeHtml, /<a [^>]*href="clients\/"[^>]*>Clients<\/a>/);
      assert.doesNotMatch(homeHtml, /Invoices and drafts/);
      assert.equal((await fetch(`${siteUrl}/p/ravi-studio/work/`)).status, 200);
      assert.equal(
        (await fetch(`${siteUrl}/p/ravi-studio/files/portfolio-images/shared.png`)).status,
        200,
        'a file a public page shows is public',
      );

      // The protected page answers its password form; neither it nor its own picture is anywhere public.
      const form = await fetch(`${siteUrl}/p/ravi-studio/clients/`);
      assert.equal(form.status, 401);
      assert.equal(form.headers.get('x-robots-tag'), 'noindex, nofollow');
      assert.equal(form.headers.get('cache-control'), 'private, no-store');
      const formHtml = await form.text();
      assert.match(formHtml, /<h1>This page asks for a password<\/h1>/);
      assert.match(formHtml, /action="\/p\/ravi-studio\/clients\/"/);
      assert.doesNotMatch(formHtml, /Invoices|Ravi Menon/);
      assert.equal((await fetch(`${siteUrl}/p/ravi-studio/files/portfolio-images/clients-only.png`)).status, 401, 'nor its own picture');
      const storage = (bucket: string, objectPath: string) => fetch(`${t.url}/storage/v1/object/public/${bucket}/${objectPath}`);
      for (const objectPath of ['ravi-studio/clients/index.html', 'ravi-studio/files/portfolio-images/clients-only.png'])
        for (const bucket of ['sites', 'protected-sites'])
          assert.ok([400, 404].includes((await storage(bucket, objectPath)).status), `${bucket}/${objectPath} is not public`);
      for (const client of [anonClient(t), (await signedInUser(t, 'mallory2')).client]) {
        assert.notEqual((await client.storage.from('protected-sites').download('ravi-studio/clients/index.html')).error, null);
        const { data: rows } = await client.from('portfolios').select('data').eq('id', id);
        assert.deepEqual(rows ?? [], [], 'nor is the page read through the REST API');
        const { data: pages, error } = await client.from('published_pages').select('data');
        assert.ok(error !== null || (pages ?? []).length === 0);
      }
      const sitemap = await (await fetch(`${siteUrl}/p/sitemap.xml`)).text();
      assert.match(sitemap, /ravi-studio\/work\//, 'the public pages are in the sitemap');
      assert.doesNotMatch(sitemap, /clients/, 'the protected page is not');
      const feed = await fetch(`${siteUrl}/p/ravi-studio/feed.xml`);
      assert.ok(!(await feed.text()).includes('Invoices'), 'nor in the feed (which lists posts, never pages)');

      // On a custom domain: the same form at /clients/, /clients leads there, the domain's sitemap leaves it out.
      await serviceClient(t)
        .storage.from('sites')
        .upload('_domains/ravi.example', id, { upsert: true, contentType: 'application/octet-stream' });
      assert.deepEqual((await getAs('ravi.example', '/clients')).location, '/clients/');
      const onDomain = await getAs('ravi.example', '/clients/');
      assert.equal(onDomain.status, 401);
      assert.equal(onDomain.robots, 'noindex, nofollow');
      assert.doesNotMatch(onDomain.body, /Invoices/);
      assert.equal((await getAs('ravi.example', '/p/ravi-studio/files/portfolio-images/clients-only.png')).status, 401);
      assert.doesNotMatch((await getAs('ravi.example', '/sitemap.xml')).body, /clients/);
      assert.match((await getAs('ravi.example', '/sitemap.xml')).body, /ravi\.example\/work\//);

      // The right password, posted from the page, lets the visitor back to that page and its picture.
      const right = await fetch(`${siteUrl}/p/ravi-studio/clients/`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ password: PASSWORD }),
      });
      assert.equal(right.status, 303);
      assert.equal(right.headers.get('location'), '/p/ravi-studio/clients/');
      const cookie = (right.headers.get('set-cookie') ?? '').split(';')[0]!;
      const page = await fetch(`${siteUrl}/p/ravi-studio/clients/`, { headers: { cookie } });
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('cache-control'), 'private, no-store');
      const html = await page.text();
      assert.match(html, /Invoices and drafts/);
      assert.match(html, /<meta name="robots" content="noindex"/);
      assert.equal((await fetch(`${siteUrl}/p/ravi-studio/files/portfolio-images/clients-only.png`, { headers: { cookie } })).status, 200);

      // The owner's zip holds the protected page too, and says plainly that it is not protected.
      const zip = await call(ravi, { action: 'export', portfolioId: id });
      assert.equal(zip.status, 200);
      const zipped = unzipSync(new Uint8Array(await zip.arrayBuffer()));
      assert.match(strFromU8(zipped['clients/index.html']!), /Invoices and drafts/);
      assert.match(strFromU8(zipped['README.txt']!), /It is NOT protected by a password/);

      // The sweep keeps the private copies of a site with a protected page; opened again, it is public and nothing stays private.
      await sweep(t);
      assert.equal((await fetch(`${siteUrl}/p/ravi-studio/clients/`, { headers: { cookie } })).status, 200, 'the sweep left it');
      const opened = { ...data, pages: data.pages.map(({ protected: _p, ...rest }) => rest) };
      const { data: now } = await ravi.client.from('portfolios').select('version').eq('id', id).single();
      assert.equal(
        (await ravi.client.rpc('save_portfolio', { portfolio_id: id, expected_version: now!.version, new_data: opened })).error,
        null,
      );
      assert.equal((await call(ravi, { action: 'publish', portfolioId: id, slug: 'ravi-studio' })).status, 200);
      assert.equal((await fetch(`${siteUrl}/p/ravi-studio/clients/`)).status, 200);
      assert.equal((await fetch(`${siteUrl}/p/ravi-studio/files/portfolio-images/clients-only.png`)).status, 200);
      const { data: left } = await serviceClient(t).storage.from('protected-sites').list('ravi-studio');
      assert.deepEqual(left ?? [], [], 'no private copy is left');
    });
  });
