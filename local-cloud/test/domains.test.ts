// The free domain, end to end through the domains function and the Name.com sandbox: search with
// prices, registration with the plan year's free domain-year, DNS set at the registrar, the page
// served at the domain's Host by the same handler npm start uses, renewal, and moving the domain to
// another page. Tried as an attacker too: someone else's domain or page, a second domain in one plan
// year (also racing), no plan, and writing the rows from the browser.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { namecomSandboxCredentials } from '../src/namecom/credentials.ts';
import { grantPurchase } from './support/cloud.ts';
import { callFunction, callPublish } from './support/functions.ts';
import {
  serviceClient,
  signedInUser,
  JOURNEY_AND_RACE_BACKENDS,
  journeyTestOn,
  raceTestOn,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';
import { startSiteServer, type SiteServer } from './support/siteServer.ts';

after(stopClusters);

let counter = 0;
/** A name no test has registered yet (the sandbox keeps its domains for the whole run). */
const freshName = (ending = 'com') => `site-${process.pid}-${Date.now().toString(36)}-${++counter}.${ending}`;

for (const backend of JOURNEY_AND_RACE_BACKENDS)
  describe(`free domains (${backend})`, { skip: skipFor(backend) }, () => {
    const journey = journeyTestOn(backend);
    const race = raceTestOn(backend);
    let t: TestCloud;
    let site: SiteServer;
    let alice: TestUser;
    let bob: TestUser;
    let carol: TestUser;
    let mallory: TestUser;
    let siteHost: string;

    before(async () => {
      t = await startTestCloud(backend);
      siteHost = new URL(t.cloud.ctx.config.siteUrl ?? 'http://localhost:3000').hostname;
      site = await startSiteServer({ storageUrl: () => t.url });
      alice = await signedInUser(t, 'alice');
      bob = await signedInUser(t, 'bob');
      carol = await signedInUser(t, 'carol'); // no plan
      mallory = await signedInUser(t, 'mallory');
      for (const user of [alice, bob, mallory]) await grantPurchase(serviceClient(t), user.id, { itemType: 'plan', itemId: 'basic' });
    });
    after(async () => {
      await site?.stop();
      await t?.stop();
    });

    const domains = (user: TestUser | undefined, body: unknown) => callFunction(t, 'domains', user?.accessToken, body);

    /** The site as a browser at that domain asks it: the request's Host names the domain. */
    const onDomain = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get(`${site.url}/`, { headers: { host } }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });

    /** The sandbox registrar, with its account's credentials, waiting out its rate limit as a client should. */
    async function registrarApi(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
      const { username, token } = namecomSandboxCredentials(t.cloud.keys);
      for (;;) {
        const response = await fetch(`${t.url}/namecom/core/v1/${path}`, {
          ...init,
          headers: { authorization: `Basic ${Buffer.from(`${username}:${token}`).toString('base64')}`, ...init.headers },
        });
        if (response.status === 429) await new Promise((resolve) => setTimeout(resolve, 1000));
        else return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
      }
    }
    /** The registrar's own view of a domain. */
    const atRegistrar = (path: string) => registrarApi(`domains/${path}`);

    async function page(user: TestUser, title: string, slug?: string): Promise<string> {
      const { data, error } = await user.client
        .from('portfolios')
        .insert({ template_id: '1', title, data: { name: title } })
        .select('id')
        .single();
      assert.equal(error, null);
      if (slug) assert.equal((await callPublish(t, user.accessToken, { action: 'publish', portfolioId: data!.id, slug })).status, 200);
      return data!.id as string;
    }

    /**
     * Moves the user's plan start and free domain-years `ms` into the past, as if that long had gone by:
     * plan years are counted from the day the plan started.
     */
    async function timePasses(user: TestUser, ms: number) {
      const service = serviceClient(t);
      const back = (iso: string) => new Date(Date.parse(iso) - ms).toISOString();
      const { data: plans } = await service.from('purchases').select('id, paid_at').eq('user_id', user.id).eq('item_type', 'plan');
      for (const plan of plans ?? [])
        assert.equal(
          (
            await service
              .from('purchases')
              .update({ paid_at: back(plan.paid_at) })
              .eq('id', plan.id)
          ).error,
          null,
        );
      const { data: years } = await service.from('free_domain_years').select('id, covers_from, covers_until').eq('owner_id', user.id);
      for (const year of years ?? [])
        assert.equal(
          (
            await service
              .from('free_domain_years')
              .update({ covers_from: back(year.covers_from), covers_until: back(year.covers_until) })
              .eq('id', year.id)
          ).error,
          null,
        );
    }

    /** Gives the user a new plan year: a year (and a day) has passed since their plan started. */
    const aYearLater = (user: TestUser) => timePasses(user, 366 * 86_400_000);

    describe('search', () => {
      journey('lists the name in every ending with its prices, and which ones the plan pays for', async () => {
        const name = freshName().replace(/\.com$/, '');
        const answer = await domains(alice, { action: 'search', query: `  ${name.toUpperCase()}.org ` });
        assert.equal(answer.status, 200);
        const { offers } = await answer.json();
        assert.deepEqual(
          offers.map((offer: { domain: string; free: boolean }) => [offer.domain, offer.free]),
          [
            [`${name}.org`, true],
            [`${name}.com`, true],
            [`${name}.net`, true],
            [`${name}.me`, true],
            [`${name}.site`, false],
            [`${name}.online`, false],
          ],
        );
        const com = offers.find((offer: { domain: string }) => offer.domain === `${name}.com`);
        assert.deepEqual(com, { domain: `${name}.com`, available: true, free: true, priceUsd: 10.99, renewalPriceUsd: 12.99 });
        const site = offers.find((offer: { domain: string }) => offer.domain === `${name}.site`);
        assert.equal(site.available, true);
        assert.equal(site.renewalPriceUsd, 34.99);
        assert.match(site.note, /Costs more than the free domain covers/);
      });

      journey('taken and premium names are shown as such', async () => {
        const { offers } = await (await domains(alice, { action: 'search', query: 'taken' })).json();
        assert.ok(offers.every((offer: { available: boolean; note: string }) => !offer.available && offer.note === 'Taken'));
        const premium = (await (await domains(alice, { action: 'search', query: 'qx.com' })).json()).offers[0];
        assert.equal(premium.available, true);
        assert.equal(premium.free, false);
        assert.equal(premium.priceUsd, 2500);
        assert.match(premium.note, /premium/i);
      });

      journey('needs a signed-in user and a usable name', async () => {
        assert.equal((await domains(undefined, { action: 'search', query: 'janedoe' })).status, 401);
        for (const query of ['', 'jane.doe.com', 'janedoe.xyz', '-jane-']) {
          const answer = await domains(alice, { action: 'search', query });
          assert.equal(answer.status, 400, query);
          assert.ok((await answer.json()).error);
        }
      });
    });

    describe('registration', () => {
      journey('registers the name, points its DNS at the site, and the published page is served at it', async () => {
        const portfolio = await page(alice, 'Alice At Home', `alice-home-${counter}`);
        const domain = freshName();
        const answer = await domains(alice, { action: 'register', domain, portfolioId: portfolio });
        assert.equal(answer.status, 200);
        const { registered, url } = await answer.json();
        assert.equal(url, `https://${domain}/`);
        assert.equal(registered.domain, domain);
        assert.equal(registered.portfolioId, portfolio);
        assert.equal(registered.renewalPriceUsd, 12.99);
        assert.equal(new Date(registered.expiresAt).getUTCFullYear() - new Date(registered.registeredAt).getUTCFullYear(), 1);

        const served = await onDomain(domain);
        assert.equal(served.status, 200);
        assert.match(served.body, /<title>Alice At Home<\/title>/);

        const records = (await atRegistrar(`${domain}/records`)).body.records;
        assert.deepEqual(
          records.map((record: { host: string; type: string; answer: string }) => [record.host, record.type, record.answer]),
          [['', 'ANAME', siteHost]],
        );
        // The owner sees the registration, its paid year and the proven domain; nobody else does.
        const own = await alice.client.from('registered_domains').select('domain, status, expires_at').eq('domain', domain);
        assert.equal(own.data?.[0]?.status, 'active');
        assert.equal((await alice.client.from('free_domain_years').select('kind').eq('domain', domain)).data?.[0]?.kind, 'registration');
        assert.ok((await alice.client.from('custom_domains').select('verified_at').eq('domain', domain).single()).data?.verified_at);
        assert.deepEqual((await mallory.client.from('registered_domains').select('domain').eq('domain', domain)).data, []);

        // Registering again (a double click) answers the same registration, buying nothing more.
        const again = await domains(alice, { action: 'register', domain, portfolioId: portfolio });
        assert.equal(again.status, 200);
        assert.equal((await again.json()).registered.expiresAt, registered.expiresAt);
      });

      journey('one free domain per plan year: a second is refused with the date the next one comes', async () => {
        const portfolio = await page(alice, 'Alice Again');
        const answer = await domains(alice, { action: 'register', domain: freshName('net'), portfolioId: portfolio });
        assert.equal(answer.status, 409);
        assert.match((await answer.json()).error, /free domain for this year is used\. The next one is available on \d{1,2} \w+ \d{4}/);
        const allowance = await alice.client.rpc('free_domain_allowance');
        assert.equal(allowance.data?.available, false);
        assert.equal(allowance.data?.reason, 'used');
      });

      journey('without a plan nothing is registered', async () => {
        const portfolio = await page(carol, 'Carol');
        const domain = freshName();
        const answer = await domains(carol, { action: 'register', domain, portfolioId: portfolio });
        assert.equal(answer.status, 403);
        assert.match((await answer.json()).error, /comes with a plan/);
        assert.equal((await atRegistrar(domain)).status, 404);
        assert.equal((await carol.client.rpc('free_domain_allowance')).data?.reason, 'no_plan');
      });

      journey('names that are taken, premium or too dear are refused without spending the plan year', async () => {
        const portfolio = await page(bob, 'Bob');
        for (const [domain, status, words] of [
          ['taken.com', 409, /is taken/],
          ['qx.com', 400, /not included in the free domain/],
          [freshName('online'), 400, /Costs more than the free domain covers/],
        ] as const) {
          const answer = await domains(bob, { action: 'register', domain, portfolioId: portfolio });
          assert.equal(answer.status, status, domain);
          assert.match((await answer.json()).error, words);
        }
        assert.equal((await bob.client.rpc('free_domain_allowance')).data?.available, true);
      });

      race('racing requests for two names in one plan year register exactly one', async () => {
        const portfolio = await page(bob, 'Bob Racing', `bob-racing-${counter}`);
        const names = [freshName(), freshName('org'), freshName('net')];
        const answers = await Promise.all(names.map((domain) => domains(bob, { action: 'register', domain, portfolioId: portfolio })));
        assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409, 409]);
        const atTheRegistrar = await Promise.all(names.map(async (domain) => (await atRegistrar(domain)).status));
        assert.deepEqual(atTheRegistrar.sort(), [200, 404, 404]);
        assert.equal((await bob.client.from('free_domain_years').select('id')).data?.length, 1);
      });

      journey("someone else's domain or page cannot be registered, connected or renewed", async () => {
        const alicePage = await page(alice, 'Alice Private');
        const { data } = await alice.client.from('registered_domains').select('domain').limit(1).single();
        const aliceDomain = data!.domain as string;
        const malloryPage = await page(mallory, 'Mallory', `mallory-${counter}`);
        assert.equal((await domains(mallory, { action: 'register', domain: aliceDomain, portfolioId: malloryPage })).status, 409);
        assert.equal((await domains(mallory, { action: 'register', domain: freshName(), portfolioId: alicePage })).status, 404);
        assert.equal((await domains(mallory, { action: 'connect', domain: aliceDomain, portfolioId: malloryPage })).status, 404);
        assert.equal((await domains(mallory, { action: 'renew', domain: aliceDomain })).status, 404);
        assert.doesNotMatch((await onDomain(aliceDomain)).body, /Mallory/);
        // Nor can rows be written from the browser.
        const now = new Date().toISOString();
        const forged = await mallory.client
          .from('registered_domains')
          .insert({ domain: freshName(), owner_id: mallory.id, status: 'active', registered_at: now, expires_at: now });
        assert.ok(forged.error);
        assert.ok((await mallory.client.from('free_domain_years').delete().eq('owner_id', mallory.id)).error);
        assert.ok(
          (
            await mallory.client.rpc('claim_free_domain_year', {
              for_user: mallory.id,
              for_domain: 'x.com',
              claim_kind: 'registration',
              starting: now,
            })
          ).error,
        );
      });

      journey('a registration whose answer was lost is finished by trying again, and bought once', async () => {
        const portfolio = await page(mallory, 'Mallory Retry', `mallory-retry-${counter}`);
        const domain = freshName();
        const service = serviceClient(t);
        const claim = await service.rpc('claim_free_domain_year', {
          for_user: mallory.id,
          for_domain: domain,
          claim_kind: 'registration',
          starting: new Date().toISOString(),
        });
        const pending = await service
          .from('registered_domains')
          .insert({ domain, owner_id: mallory.id, free_year_id: claim.data.claim_id })
          .select('idempotency_key')
          .single();
        // The registrar took the order, but the function never heard back.
        const first = await registrarApi('domains', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-idempotency-key': pending.data!.idempotency_key },
          body: JSON.stringify({ domain: { domainName: domain }, years: 1 }),
        });
        const original = first.body as { order: number; domain: { expireDate: string } };
        const answer = await domains(mallory, { action: 'register', domain, portfolioId: portfolio });
        assert.equal(answer.status, 200);
        assert.equal(Date.parse((await answer.json()).registered.expiresAt), Date.parse(original.domain.expireDate));
        const { rows } = await t.cloud.ctx.db.asOwner((tx) =>
          tx.query<{ count: string }>('select count(*) from local_cloud.namecom_orders where domain_name = $1', [domain]),
        );
        assert.equal(Number(rows[0]!.count), 1);
        assert.equal((await onDomain(domain)).status, 200);
      });
    });

    describe('after registration', () => {
      journey('moving the domain to another page serves that page once it is published', async () => {
        const first = await page(alice, 'Alice First');
        const { data } = await alice.client.from('registered_domains').select('domain').limit(1).single();
        const domain = data!.domain as string;
        const moved = await domains(alice, { action: 'connect', domain, portfolioId: first });
        assert.equal(moved.status, 200);
        assert.equal((await onDomain(domain)).status, 404, 'the new page is not published yet');
        assert.equal(
          (await callPublish(t, alice.accessToken, { action: 'publish', portfolioId: first, slug: `alice-first-${counter}` })).status,
          200,
        );
        assert.match((await onDomain(domain)).body, /Alice First/);
        // The registrar's record is not doubled by connecting again.
        assert.equal((await atRegistrar(`${domain}/records`)).body.records.length, 1);
      });

      journey('renewal opens 30 days before expiry, takes the next plan year, and adds a year', async () => {
        const { data } = await alice.client.from('registered_domains').select('domain, expires_at').limit(1).single();
        const domain = data!.domain as string;
        const early = await domains(alice, { action: 'renew', domain });
        assert.equal(early.status, 400);
        assert.match((await early.json()).error, /can be renewed from/);

        // Eleven months on: the domain expires in ten days, when the plan year that paid for it ends.
        const soon = new Date(Date.now() + 10 * 86_400_000).toISOString();
        const service = serviceClient(t);
        await service.from('registered_domains').update({ expires_at: soon }).eq('domain', domain);
        const { data: used } = await service.from('free_domain_years').select('covers_until').eq('owner_id', alice.id).single();
        await timePasses(alice, Date.parse(used!.covers_until) - Date.parse(soon));
        const registrarBefore = (await atRegistrar(domain)).body.expireDate as string;

        const renewed = await domains(alice, { action: 'renew', domain });
        assert.equal(renewed.status, 200);
        const { registered } = await renewed.json();
        assert.equal(new Date(registered.expiresAt).getUTCFullYear(), new Date(registrarBefore).getUTCFullYear() + 1);
        assert.equal(Date.parse((await atRegistrar(domain)).body.expireDate), Date.parse(registered.expiresAt));
        const years = await alice.client.from('free_domain_years').select('kind, covers_from').order('covers_from');
        assert.deepEqual(
          years.data?.map((year) => year.kind),
          ['registration', 'renewal'],
        );
        assert.equal(new Date(years.data![1]!.covers_from as string).toISOString(), new Date(soon).toISOString());
        // The same plan year cannot pay for a new domain as well.
        assert.equal(
          (await domains(alice, { action: 'register', domain: freshName(), portfolioId: await page(alice, 'Alice More') })).status,
          409,
        );
      });

      journey('a domain past its grace period is not renewed, and renewal needs a plan', async () => {
        const { data } = await alice.client.from('registered_domains').select('domain').limit(1).single();
        const domain = data!.domain as string;
        const service = serviceClient(t);
        await service
          .from('registered_domains')
          .update({ expires_at: new Date(Date.now() - 40 * 86_400_000).toISOString() })
          .eq('domain', domain);
        const late = await domains(alice, { action: 'renew', domain });
        assert.equal(late.status, 410);
        assert.match((await late.json()).error, /can no longer be renewed/);

        await service
          .from('registered_domains')
          .update({ expires_at: new Date(Date.now() + 86_400_000).toISOString() })
          .eq('domain', domain);
        await aYearLater(alice);
        await service
          .from('purchases')
          .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .eq('user_id', alice.id);
        const noPlan = await domains(alice, { action: 'renew', domain });
        assert.equal(noPlan.status, 403);
      });
    });
  });
