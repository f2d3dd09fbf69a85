// Custom domains, end to end: an owner with a plan adds a domain, proves it with a DNS TXT record
// (answered by a real DNS server on 127.0.0.1), and the site then answers that Host with the page,
// served by the same handler npm start uses. Tried as an attacker too: claiming someone's domain,
// proving it without the record, and serving a page on a domain that is not the owner's.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { publishedSiteHandler } from '../../tooling/publishedSites.mjs';
import { grantPurchase } from './support/cloud.ts';
import { startTestDnsServer, type TestDnsServer } from './support/dnsServer.ts';
import { callPublish } from './support/functions.ts';
import { serviceClient, signedInUser, BACKENDS, skipFor, startTestCloud, stopClusters, type TestCloud } from './support/servicesCloud.ts';

interface User {
  client: SupabaseClient;
  id: string;
  accessToken: string;
}

after(stopClusters);

for (const backend of BACKENDS)
  describe(`custom domains (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let dns: TestDnsServer;
    let site: http.Server;
    let siteUrl: string;
    let alice: User;
    let mallory: User;

    before(async () => {
      dns = await startTestDnsServer();
      t = await startTestCloud(backend, { dnsServers: [dns.address] });
      const sites = publishedSiteHandler({ storageUrl: () => t.url });
      site = http.createServer((req, res) => void sites(req, res, new URL(req.url ?? '/', 'http://site').pathname));
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      alice = await signedInUser(t, 'alice');
      mallory = await signedInUser(t, 'mallory');
      for (const user of [alice, mallory]) await grantPurchase(serviceClient(t), user.id, { itemType: 'plan', itemId: 'basic' });
    });
    after(async () => {
      await new Promise((resolve) => site?.close(resolve));
      await t?.stop();
      await dns?.close();
    });

    /** The site as a browser on that domain would ask it: the request's Host names the domain. */
    const onDomain = (host: string, path = '/') =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.get(`${siteUrl}${path}`, { headers: { host } }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
      });

    async function publishedPage(user: User, name: string, slug: string): Promise<string> {
      const { data, error } = await user.client
        .from('portfolios')
        .insert({ template_id: '1', title: name, data: { name } })
        .select('id')
        .single();
      assert.equal(error, null);
      assert.equal((await callPublish(t, user.accessToken, { action: 'publish', portfolioId: data!.id, slug })).status, 200);
      return data!.id as string;
    }

    const verify = (user: User, domain: string) => callPublish(t, user.accessToken, { action: 'verify-domain', domain });

    test('a domain is served once its TXT record proves it; the account gets the record to create', async () => {
      const page = await publishedPage(alice, 'Alice On Her Domain', 'alice-domain');
      const added = await alice.client
        .from('custom_domains')
        .insert({ domain: 'alice.example', portfolio_id: page })
        .select('token')
        .single();
      assert.equal(added.error, null);

      const before = await verify(alice, 'alice.example');
      assert.equal(before.status, 200);
      const pending = await before.json();
      assert.equal(pending.verified, false);
      assert.deepEqual(pending.record, { type: 'TXT', name: '_folioforge.alice.example', value: `folioforge-verify=${added.data!.token}` });
      assert.equal((await onDomain('alice.example')).status, 404, 'not served before it is proven');

      dns.txt.set('_folioforge.alice.example', ['some-other-record', pending.record.value]);
      assert.equal((await (await verify(alice, 'alice.example')).json()).verified, true);
      const served = await onDomain('alice.example');
      assert.equal(served.status, 200);
      assert.match(served.body, /<title>Alice On Her Domain<\/title>/);
      assert.equal((await onDomain('ALICE.example:8443')).status, 200, 'whatever the case and port');
      assert.equal((await onDomain('alice.example', '/design')).status, 404, 'the domain shows the page, not the app');
      const row = await alice.client.from('custom_domains').select('verified_at').eq('domain', 'alice.example').single();
      assert.ok(row.data?.verified_at);

      // Unpublishing takes it off the domain too; publishing again puts it back.
      assert.equal((await callPublish(t, alice.accessToken, { action: 'unpublish', portfolioId: page })).status, 200);
      assert.equal((await onDomain('alice.example')).status, 404);
      assert.equal((await callPublish(t, alice.accessToken, { action: 'publish', portfolioId: page, slug: 'alice-domain' })).status, 200);
      assert.equal((await onDomain('alice.example')).status, 200);
    });

    test("another user's claim neither blocks nor takes a domain; only its prover's page is served", async () => {
      const alicePage = await publishedPage(alice, 'Alice Shop', 'alice-shop');
      const malloryPage = await publishedPage(mallory, 'Mallory Fake', 'mallory-fake');
      // Mallory claims first: an unproven claim blocks nobody.
      assert.equal((await mallory.client.from('custom_domains').insert({ domain: 'shop.example', portfolio_id: malloryPage })).error, null);
      const claim = await alice.client
        .from('custom_domains')
        .insert({ domain: 'shop.example', portfolio_id: alicePage })
        .select('token')
        .single();
      assert.equal(claim.error, null);
      // Mallory cannot point her claim at Alice's portfolio, nor see Alice's claim and token.
      assert.equal((await mallory.client.from('custom_domains').insert({ domain: 'other.example', portfolio_id: alicePage })).status, 403);
      assert.deepEqual((await mallory.client.from('custom_domains').select('domain').eq('domain', 'shop.example')).data, [
        { domain: 'shop.example' },
      ]);

      assert.equal((await (await verify(mallory, 'shop.example')).json()).verified, false, 'her token is not in the record');
      dns.txt.set('_folioforge.shop.example', [`folioforge-verify=${claim.data!.token}`]);
      assert.equal((await (await verify(alice, 'shop.example')).json()).verified, true);
      assert.match((await onDomain('shop.example')).body, /Alice Shop/);

      // Alice's proof removed Mallory's claim; she cannot verify or remove what is not hers.
      assert.equal((await verify(mallory, 'shop.example')).status, 404);
      assert.equal((await callPublish(t, mallory.accessToken, { action: 'remove-domain', domain: 'shop.example' })).status, 404);
      // Proving is the function's: neither an insert nor an update can set verified_at.
      const now = new Date().toISOString();
      const inserted = await mallory.client
        .from('custom_domains')
        .insert({ domain: 'mallory.example', portfolio_id: malloryPage, verified_at: now });
      assert.equal(inserted.status, 403);
      assert.equal(
        (await mallory.client.from('custom_domains').insert({ domain: 'mallory.example', portfolio_id: malloryPage })).error,
        null,
      );
      const updated = await mallory.client.from('custom_domains').update({ verified_at: now }).eq('domain', 'mallory.example').select();
      assert.equal(updated.status, 403);
      const own = await mallory.client.from('custom_domains').select('verified_at').eq('domain', 'mallory.example').single();
      assert.equal(own.data?.verified_at, null);
      assert.match((await onDomain('shop.example')).body, /Alice Shop/);

      // Alice gives it up: the site stops answering for it.
      assert.equal((await callPublish(t, alice.accessToken, { action: 'remove-domain', domain: 'shop.example' })).status, 200);
      assert.equal((await onDomain('shop.example')).status, 404);
    });

    test('a domain needs a plan and a well-formed name', async () => {
      const carol = await signedInUser(t, 'carol');
      const { data } = await carol.client.from('portfolios').insert({ template_id: 'generator', title: 'Carol' }).select('id').single();
      assert.equal((await carol.client.from('custom_domains').insert({ domain: 'carol.example', portfolio_id: data!.id })).status, 403);
      await grantPurchase(serviceClient(t), carol.id, { itemType: 'plan', itemId: 'basic' });
      for (const bad of ['Carol.example', 'carol', '-carol.example', 'carol..example', 'carol.example/path', 'a'.repeat(64) + '.example'])
        assert.equal((await carol.client.from('custom_domains').insert({ domain: bad, portfolio_id: data!.id })).status, 400, bad);
      assert.equal((await carol.client.from('custom_domains').insert({ domain: 'carol.example', portfolio_id: data!.id })).error, null);
    });
  });
