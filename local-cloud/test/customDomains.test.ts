// Custom domains, end to end: an owner with a plan adds a domain, proves it with a DNS TXT record
// (answered by a real DNS server on 127.0.0.1), and the site then answers that Host with the page,
// served by the same handler npm start uses. Tried as an attacker too: claiming someone's domain,
// proving it without the record, serving a page on a domain that is not the owner's, taking the
// address of a deleted page that a domain showed (issue 20 #2), keeping a proof after the domain
// changed hands (#8), and keeping a domain after the plan ended (#5).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { grantPurchase } from './support/cloud.ts';
import { startTestDnsServer, type TestDnsServer } from './support/dnsServer.ts';
import { callPublish, sweep } from './support/functions.ts';
import {
  endAddressHold,
  serviceClient,
  signedInUser,
  JOURNEY_BACKENDS,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';
import { startSiteServer, type SiteServer } from './support/siteServer.ts';

after(stopClusters);

for (const backend of JOURNEY_BACKENDS)
  describe(`custom domains (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let dns: TestDnsServer;
    let site: SiteServer;
    let siteUrl: string;
    let alice: TestUser;
    let mallory: TestUser;

    before(async () => {
      dns = await startTestDnsServer();
      t = await startTestCloud(backend, { dnsServers: [dns.address] });
      site = await startSiteServer({ storageUrl: () => t.url });
      siteUrl = site.url;
      alice = await signedInUser(t, 'alice');
      mallory = await signedInUser(t, 'mallory');
      for (const user of [alice, mallory]) await grantPurchase(serviceClient(t), user.id, { itemType: 'plan', itemId: 'basic' });
    });
    after(async () => {
      await site?.stop();
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

    async function publishedPage(user: TestUser, name: string, slug: string): Promise<string> {
      const { data, error } = await user.client
        .from('portfolios')
        .insert({ template_id: '1', title: name, data: { name } })
        .select('id')
        .single();
      assert.equal(error, null);
      assert.equal((await callPublish(t, user.accessToken, { action: 'publish', portfolioId: data!.id, slug })).status, 200);
      return data!.id as string;
    }

    const verify = (user: TestUser, domain: string) => callPublish(t, user.accessToken, { action: 'verify-domain', domain });

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

    /** Adds and proves a domain for a page of `user`'s, with its TXT record set in the DNS. */
    async function proven(user: TestUser, domain: string, page: string) {
      const added = await user.client.from('custom_domains').insert({ domain, portfolio_id: page }).select('token').single();
      assert.equal(added.error, null);
      dns.txt.set(`_folioforge.${domain}`, [`folioforge-verify=${added.data!.token}`]);
      assert.equal((await (await verify(user, domain)).json()).verified, true);
      return added.data!.token as string;
    }

    test("a deleted page's domain shows nothing, not even the page of whoever takes its address next (#2)", async () => {
      const page = await publishedPage(alice, 'Alice Leaves', 'alice-leaves');
      await proven(alice, 'leaving.example', page);
      assert.match((await onDomain('leaving.example')).body, /Alice Leaves/);

      assert.equal((await callPublish(t, alice.accessToken, { action: 'delete', portfolioId: page })).status, 200);
      assert.equal((await onDomain('leaving.example')).status, 404);
      await endAddressHold(t, 'alice-leaves');
      await publishedPage(mallory, 'Mallory Moves In', 'alice-leaves');
      const served = await onDomain('leaving.example');
      assert.equal(served.status, 404, 'the domain never shows the next owner of the address');
      assert.doesNotMatch(served.body, /Mallory/);

      // Even a map left behind (the row gone some other way, the function never told) names the old
      // portfolio, which has no page: the site checks at each visit, and the sweep removes the map.
      const crashed = await publishedPage(alice, 'Alice Crashes', 'alice-crashes');
      await proven(alice, 'crashed.example', crashed);
      assert.equal((await serviceClient(t).from('portfolios').delete().eq('id', crashed)).error, null);
      assert.match((await onDomain('crashed.example')).body, /Alice Crashes/, 'left behind ...');
      await endAddressHold(t, 'alice-crashes');
      await publishedPage(mallory, 'Mallory Again', 'alice-crashes');
      const after = await onDomain('crashed.example');
      assert.equal(after.status, 404, "... yet never showing Mallory's page at the address");
      assert.doesNotMatch(after.body, /Mallory/);
      assert.ok((await sweep(t)).domainMapsRemoved >= 1);
      assert.equal((await fetch(`${t.url}/storage/v1/object/public/sites/_domains/crashed.example`)).status, 400);
    });

    test('a proof holds only while its record does: the next owner of a domain proves it, the last one loses it (#8)', async () => {
      const carol = await signedInUser(t, 'carol-domains');
      await grantPurchase(serviceClient(t), carol.id, { itemType: 'plan', itemId: 'basic' });
      const alicePage = await publishedPage(alice, 'Alice Sold It', 'alice-sold');
      const carolPage = await publishedPage(carol, 'Carol Bought It', 'carol-bought');
      await proven(alice, 'sold.example', alicePage);
      const carolClaim = await carol.client
        .from('custom_domains')
        .insert({ domain: 'sold.example', portfolio_id: carolPage })
        .select('token')
        .single();
      // Both records at once: the one proven keeps it.
      dns.txt.set('_folioforge.sold.example', [
        ...(dns.txt.get('_folioforge.sold.example') ?? []),
        `folioforge-verify=${carolClaim.data!.token}`,
      ]);
      assert.equal((await verify(carol, 'sold.example')).status, 409);
      // The domain changes hands: only the new owner's record is there now.
      dns.txt.set('_folioforge.sold.example', [`folioforge-verify=${carolClaim.data!.token}`]);
      const taken = await verify(carol, 'sold.example');
      assert.equal(taken.status, 200, "the new owner's valid record is accepted");
      assert.equal((await taken.json()).verified, true);
      assert.match((await onDomain('sold.example')).body, /Carol Bought It/);
      assert.equal((await verify(alice, 'sold.example')).status, 404, 'the old claim is gone');

      // A record removed: the next check says so, and the site stops answering.
      dns.txt.delete('_folioforge.sold.example');
      const lapsed = await verify(carol, 'sold.example');
      assert.equal((await lapsed.json()).verified, false);
      assert.equal((await onDomain('sold.example')).status, 404);
      const row = await carol.client.from('custom_domains').select('verified_at').eq('domain', 'sold.example').single();
      assert.equal(row.data?.verified_at, null);
    });

    test('a domain stops showing the page once the plan that included it ends (#5)', async () => {
      const dora = await signedInUser(t, 'dora');
      await grantPurchase(serviceClient(t), dora.id, { itemType: 'plan', itemId: 'basic' });
      const page = await publishedPage(dora, 'Dora Lapses', 'dora-lapses');
      await proven(dora, 'lapsing.example', page);
      assert.equal((await onDomain('lapsing.example')).status, 200);
      await serviceClient(t)
        .from('purchases')
        .update({ expires_at: new Date(Date.now() - 60_000).toISOString() })
        .eq('user_id', dora.id);
      await sweep(t);
      assert.equal((await onDomain('lapsing.example')).status, 404);
      assert.equal((await fetch(`${siteUrl}/p/dora-lapses`)).status, 200, 'the page itself stays, with the badge back');
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
