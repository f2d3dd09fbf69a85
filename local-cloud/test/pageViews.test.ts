// Views of published pages, counted by the site's server as it answers them (tooling/pageViews.mjs,
// hooked into publishedSites.mjs) through count_page_view: no cookie, no address kept, three visits
// are three views. The owner reads their counts; another user neither reads nor inflates them
// beyond what opening the page does. Through supabase-js and real HTTP.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import { pageViewCounter } from '../../tooling/pageViews.mjs';
import { ownerWithPage as ownerWithPageIn } from './support/publishedPage.ts';
import {
  JOURNEY_BACKENDS,
  anonClient,
  serviceClient,
  signedInUser,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
} from './support/servicesCloud.ts';
import { startSiteServer, type SiteServer } from './support/siteServer.ts';

after(stopClusters);

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

for (const backend of JOURNEY_BACKENDS)
  describe(`page views (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let visitor: SupabaseClient;
    let site: SiteServer;
    let siteUrl: string;
    const pending: Promise<boolean>[] = [];
    before(async () => {
      t = await startTestCloud(backend);
      visitor = anonClient(t);
      const counter = pageViewCounter({
        supabaseUrl: () => t.url,
        serviceRoleKey: () => t.cloud.keys.serviceRoleKey,
        log: () => undefined,
      });
      site = await startSiteServer({
        storageUrl: () => t.url,
        onPageView: (req, slug, host) => pending.push(counter.count(req, slug, host)),
      });
      siteUrl = site.url;
    });
    after(async () => {
      await site?.stop();
      await t?.stop();
    });

    /** An owner with a page, published unless asked otherwise, and its HTML stored as the publish function stores it. */
    async function ownerWithPage(options?: { published?: boolean }) {
      const service = serviceClient(t);
      const page = await ownerWithPageIn(t, service, 'views', options);
      const html = new Blob(['<!doctype html><title>Views</title><h1>Hello</h1>'], { type: 'text/html' });
      assert.equal((await service.storage.from('sites').upload(`${page.slug}/index.html`, html, { upsert: true })).error, null);
      return page;
    }

    const counted = async () => (await Promise.all(pending.splice(0))).filter(Boolean).length;
    const viewsOf = async (client: SupabaseClient, pageId: string) =>
      ((await client.from('page_view_days').select('views').eq('portfolio_id', pageId)).data ?? []).reduce(
        (sum, row) => sum + Number(row.views),
        0,
      );

    test('3 visits from 2 browsers are 3 views; no cookie is set; the linking site is kept by host', async () => {
      const { owner, slug, pageId } = await ownerWithPage();
      const first = await fetch(`${siteUrl}/p/${slug}`, {
        headers: { 'user-agent': CHROME, referer: 'https://news.example.com/item?id=42' },
      });
      assert.equal(first.status, 200);
      assert.equal(first.headers.get('set-cookie'), null);
      await first.arrayBuffer();
      // The same browser again, revalidating its copy (304), and a second browser typing the address.
      const again = await fetch(`${siteUrl}/p/${slug}`, {
        headers: { 'user-agent': CHROME, 'if-none-match': first.headers.get('etag') ?? '' },
      });
      assert.equal(again.status, 304);
      const other = await fetch(`${siteUrl}/p/${slug}/`, { headers: { 'user-agent': FIREFOX, 'sec-fetch-dest': 'document' } });
      assert.equal(other.status, 200);
      assert.equal(other.headers.get('set-cookie'), null);
      await other.arrayBuffer();
      assert.equal(await counted(), 3);
      assert.equal(await viewsOf(owner.client, pageId), 3);
      const referrers = await owner.client.rpc('top_page_referrers', {
        page: pageId,
        since: new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10),
      });
      assert.deepEqual(referrers.data, [{ referrer: 'news.example.com', views: 1 }], 'only the first visit came from a link');
    });

    test('robots, prefetches, HEAD, embedded requests and missing pages count nothing', async () => {
      const { owner, slug, pageId } = await ownerWithPage();
      const tries: [string, RequestInit][] = [
        [`/p/${slug}`, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } }],
        [`/p/${slug}`, { headers: { 'user-agent': 'facebookexternalhit/1.1' } }],
        [`/p/${slug}`, { headers: { 'user-agent': CHROME, 'sec-purpose': 'prefetch;prerender' } }],
        [`/p/${slug}`, { headers: { 'user-agent': CHROME, 'sec-fetch-dest': 'iframe' } }],
        [`/p/${slug}`, { method: 'HEAD', headers: { 'user-agent': CHROME } }],
        [`/p/${slug}`, { headers: {} }],
        [`/p/${slug}-gone`, { headers: { 'user-agent': CHROME } }],
      ];
      for (const [path, init] of tries) await (await fetch(`${siteUrl}${path}`, init)).arrayBuffer();
      // A click within the page (its own host as referrer) is a view, without a referring site.
      await (
        await fetch(`${siteUrl}/p/${slug}`, { headers: { 'user-agent': CHROME, referer: `${siteUrl}/p/${slug}#contact` } })
      ).arrayBuffer();
      assert.equal(await counted(), 1);
      assert.equal(await viewsOf(owner.client, pageId), 1);
      assert.deepEqual((await owner.client.from('page_view_referrers').select('referrer').eq('portfolio_id', pageId)).data, []);
    });

    // Who reads and writes the counts is supabase/tests/page_views.test.sql's.
    test('a browser cannot count views itself; only the site server counts, ten a visitor a day', async () => {
      const { owner, slug, pageId } = await ownerWithPage();
      const attacker = await signedInUser(t, 'attacker');
      // The reported attack: count_page_view called straight from a browser, 500 times, planting a referrer.
      const client = 'a'.repeat(40);
      const forged = { page_slug: slug, client, referrer_host: 'phish-login.example' };
      assert.equal((await visitor.rpc('count_page_view', forged)).error?.code, '42501');
      assert.equal((await attacker.client.rpc('count_page_view', forged)).error?.code, '42501');
      // Through the site, one browser opening the page again and again: ten views a day.
      for (let i = 0; i < 15; i++)
        await (
          await fetch(`${siteUrl}/p/${slug}`, { headers: { 'user-agent': CHROME, referer: 'https://news.example.com/' } })
        ).arrayBuffer();
      assert.equal(await counted(), 10);
      assert.equal(await viewsOf(owner.client, pageId), 10);
      assert.deepEqual((await owner.client.rpc('top_page_referrers', { page: pageId, since: '2000-01-01' })).data, [
        { referrer: 'news.example.com', views: 10 },
      ]);
    });
  });
