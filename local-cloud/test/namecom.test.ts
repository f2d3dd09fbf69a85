// The Name.com sandbox: the Core API calls the domains function makes (availability and price,
// registration, renewal, DNS records), with Name.com's auth, error shape, idempotency keys and limits.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { namecomSandboxCredentials } from '../src/namecom/credentials.ts';
import {
  JOURNEY_AND_RACE_BACKENDS,
  journeyTestOn,
  raceTestOn,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
} from './support/servicesCloud.ts';

after(stopClusters);

interface Answer {
  status: number;
  headers: Headers;
  // Name.com's JSON, read as the function reads it.
  body: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const basic = (username: string, token: string) => `Basic ${Buffer.from(`${username}:${token}`).toString('base64')}`;

let counter = 0;
/** A name nobody has registered yet in this run. */
const freshName = (ending = 'com') => `folio-${process.pid}-${Date.now().toString(36)}-${++counter}.${ending}`;

for (const backend of JOURNEY_AND_RACE_BACKENDS)
  describe(`name.com sandbox (${backend})`, { skip: skipFor(backend) }, () => {
    const journey = journeyTestOn(backend);
    const race = raceTestOn(backend);
    let t: TestCloud;
    let auth: string;
    before(async () => {
      t = await startTestCloud(backend);
      const { username, token } = namecomSandboxCredentials(t.cloud.keys);
      auth = basic(username, token);
    });
    after(async () => t?.stop());

    /** One request, its body sent as it is: `text` is the raw body, for bodies that are not JSON. */
    async function send(method: string, path: string, text?: string, headers: Record<string, string> = {}): Promise<Answer> {
      const response = await fetch(`${t.url}/namecom${path}`, { method, headers: { authorization: auth, ...headers }, body: text });
      return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
    }
    const once = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      body === undefined
        ? send(method, path, undefined, headers)
        : send(method, path, JSON.stringify(body), { 'content-type': 'application/json', ...headers });
    /** As a well-behaved client: past the rate limit, waits as long as Retry-After says and asks again. */
    async function politely(request: () => Promise<Answer>): Promise<Answer> {
      for (;;) {
        const answer = await request();
        if (answer.status !== 429) return answer;
        await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after')) * 1000));
      }
    }
    const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      politely(() => once(method, path, body, headers));
    const check = (...domainNames: string[]) => api('POST', '/core/v1/domains:checkAvailability', { domainNames });
    const create = (domainName: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      api('POST', '/core/v1/domains', { domain: { domainName }, ...extra }, headers);

    describe('availability', () => {
      journey('a free name has its price, renewal price and purchase type; every field is present', async () => {
        const name = freshName();
        const { status, body } = await check(name);
        assert.equal(status, 200);
        assert.deepEqual(body.results, [
          {
            domainName: name,
            sld: name.slice(0, -4),
            tld: 'com',
            purchasable: true,
            premium: false,
            purchasePrice: 10.99,
            purchaseType: 'registration',
            renewalPrice: 12.99,
          },
        ]);
      });

      journey('names registered elsewhere, unsupported endings and malformed names are not purchasable, with a reason', async () => {
        const { body } = await check('taken.com', 'taken-by-someone.org', 'janedoe.zzz', 'not a name.com', 'GOOGLE.net');
        const verdicts = Object.fromEntries(body.results.map((result: Answer['body']) => [result.domainName, result]));
        for (const name of ['taken.com', 'taken-by-someone.org', 'google.net']) {
          assert.equal(verdicts[name].purchasable, false, name);
          assert.equal(verdicts[name].purchasePrice, 0);
          assert.equal(verdicts[name].reason, 'Domain is registered');
        }
        assert.equal(verdicts['janedoe.zzz'].reason, '.zzz is not offered');
        assert.equal(verdicts['not a name.com'].reason, 'Invalid domain name');
      });

      journey('short names are premium, at the registry price', async () => {
        const { body } = await check('ab.com');
        assert.equal(body.results[0].purchasable, true);
        assert.equal(body.results[0].premium, true);
        assert.equal(body.results[0].purchasePrice, 2500);
      });

      journey('one to fifty names; anything else is an Invalid Argument', async () => {
        for (const bad of [
          {},
          { domainNames: [] },
          { domainNames: Array.from({ length: 51 }, (_, i) => `n${i}.com`) },
          { domainNames: [''] },
        ]) {
          const { status, body } = await api('POST', '/core/v1/domains:checkAvailability', bad);
          assert.equal(status, 400);
          assert.equal(body.message, 'Invalid Argument');
          assert.match(body.details, /domainNames/);
        }
        assert.equal((await check(...Array.from({ length: 50 }, (_, i) => `n${i}-${process.pid}.com`))).body.results.length, 50);
      });
    });

    describe('registration', () => {
      journey('registers for a year, charges the price once, and the name is then taken', async () => {
        const name = freshName('org');
        const { status, body } = await create(name);
        assert.equal(status, 200);
        assert.equal(body.domain.domainName, name);
        assert.equal(body.totalPaid, 9.99);
        assert.equal(typeof body.order, 'number');
        assert.equal(body.domain.renewalPrice, 13.99);
        assert.equal(body.domain.autorenewEnabled, false);
        assert.equal(body.domain.privacyEnabled, true);
        assert.equal(body.domain.contacts.registrant.companyName, 'FolioForge');
        const created = new Date(body.domain.createDate);
        const expires = new Date(body.domain.expireDate);
        assert.ok(Math.abs(Date.now() - created.getTime()) < 60_000);
        assert.equal(expires.getUTCFullYear() - created.getUTCFullYear(), 1);
        assert.equal(expires.getUTCMonth(), created.getUTCMonth());

        assert.equal((await check(name)).body.results[0].purchasable, false);
        const again = await create(name);
        assert.equal(again.status, 400);
        assert.equal(again.body.message, 'Domain is not available');
        const read = await api('GET', `/core/v1/domains/${name}`);
        assert.equal(read.status, 200);
        assert.equal(read.body.expireDate, body.domain.expireDate);
      });

      journey('a name registered elsewhere, or malformed, cannot be registered', async () => {
        assert.equal((await create('taken.com')).body.message, 'Domain is not available');
        assert.equal((await create('-bad-.com')).body.message, 'Invalid Argument');
        assert.equal((await api('POST', '/core/v1/domains', { domain: {} })).body.details, 'domain.domainName is required');
        assert.equal((await create(freshName(), { years: 11 })).status, 400);
        assert.equal((await create(freshName(), { purchaseType: 'aftermarket_s' })).status, 400);
      });

      journey('a premium name needs its exact price confirmed; an account short of credit gets 402', async () => {
        const unconfirmed = await create('xq.com');
        assert.equal(unconfirmed.status, 400);
        assert.equal(unconfirmed.body.message, 'Purchase price does not match');
        assert.equal((await create('xq.com', { purchasePrice: 10.99 })).body.message, 'Purchase price does not match');
        const broke = await create('xq.com', { purchasePrice: 2500 });
        assert.equal(broke.status, 402);
        assert.equal(broke.body.message, 'Payment Required');
        assert.match(broke.body.details, /Insufficient account credit/);
        assert.equal((await check('xq.com')).body.results[0].purchasable, true, 'nothing was registered');
      });

      journey('a standard name may confirm its price too, and must then match', async () => {
        assert.equal((await create(freshName('net'), { purchasePrice: 1.0 })).body.message, 'Purchase price does not match');
        assert.equal((await create(freshName('net'), { purchasePrice: 12.99 })).status, 200);
      });

      race('an idempotency key returns the first answer, also to a request racing it, and charges once', async () => {
        const name = freshName();
        const key = `key-${name}`;
        const [first, second] = await Promise.all([
          create(name, {}, { 'x-idempotency-key': key }),
          create(name, {}, { 'x-idempotency-key': key }),
        ]);
        assert.equal(first.status, 200);
        assert.deepEqual(second.body, first.body);
        const later = await create(name, {}, { 'x-idempotency-key': key });
        assert.deepEqual(later.body, first.body);
        const { rows } = await t.cloud.ctx.db.asOwner((tx) =>
          tx.query<{ count: string }>('select count(*) from local_cloud.namecom_orders where domain_name = $1', [name]),
        );
        assert.equal(Number(rows[0]!.count), 1);
      });

      race('two buyers racing for one name: exactly one gets it', async () => {
        const name = freshName();
        for (let round = 0; round < 3; round++) {
          const candidate = `${round}${name}`;
          const answers = await Promise.all([create(candidate), create(candidate), create(candidate)]);
          assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 400, 400]);
        }
      });
    });

    describe('renewal', () => {
      journey('adds a year to the expiry and charges the renewal price', async () => {
        const name = freshName('me');
        const registered = await create(name);
        const { status, body } = await api('POST', `/core/v1/domains/${name}:renew`, { years: 1 });
        assert.equal(status, 200);
        assert.equal(body.totalPaid, 19.99);
        assert.equal(new Date(body.domain.expireDate).getUTCFullYear(), new Date(registered.body.domain.expireDate).getUTCFullYear() + 1);
        assert.notEqual(body.order, registered.body.order);
      });

      journey('an idempotency key renews once however often the request is repeated', async () => {
        const name = freshName();
        await create(name);
        const key = `renew-${name}`;
        const first = await api('POST', `/core/v1/domains/${name}:renew`, {}, { 'x-idempotency-key': key });
        const second = await api('POST', `/core/v1/domains/${name}:renew`, {}, { 'x-idempotency-key': key });
        assert.deepEqual(second.body, first.body);
        assert.equal((await api('GET', `/core/v1/domains/${name}`)).body.expireDate, first.body.domain.expireDate);
      });

      journey('a domain not in the account is Not Found; one past its grace period cannot be renewed', async () => {
        const missing = await api('POST', `/core/v1/domains/${freshName()}:renew`, {});
        assert.equal(missing.status, 404);
        assert.equal(missing.body.message, 'Not Found');
        const name = freshName();
        await create(name);
        await t.cloud.ctx.db.asOwner((tx) =>
          tx.query(`update local_cloud.namecom_domains set expire_date = now() - interval '31 days' where domain_name = $1`, [name]),
        );
        const late = await api('POST', `/core/v1/domains/${name}:renew`, {});
        assert.equal(late.status, 400);
        assert.equal(late.body.message, 'Domain cannot be renewed');
        await t.cloud.ctx.db.asOwner((tx) =>
          tx.query(`update local_cloud.namecom_domains set expire_date = now() - interval '29 days' where domain_name = $1`, [name]),
        );
        assert.equal((await api('POST', `/core/v1/domains/${name}:renew`, {})).status, 200, 'still within the grace period');
      });
    });

    describe('DNS records', () => {
      journey('records of a registered domain are created and listed with their fully qualified name', async () => {
        const name = freshName();
        await create(name);
        const apex = await api('POST', `/core/v1/domains/${name}/records`, { host: '', type: 'ANAME', answer: 'site.example', ttl: 300 });
        assert.equal(apex.status, 200);
        assert.equal(apex.body.fqdn, `${name}.`);
        const www = await api('POST', `/core/v1/domains/${name}/records`, { host: 'www', type: 'CNAME', answer: 'site.example', ttl: 300 });
        assert.equal(www.body.fqdn, `www.${name}.`);
        const list = await api('GET', `/core/v1/domains/${name}/records`);
        assert.deepEqual(
          list.body.records.map((record: Answer['body']) => [record.host, record.type, record.answer]),
          [
            ['', 'ANAME', 'site.example'],
            ['www', 'CNAME', 'site.example'],
          ],
        );
      });

      journey('bad records are refused; a domain not in the account is Not Found', async () => {
        const name = freshName();
        await create(name);
        assert.equal((await api('POST', `/core/v1/domains/${name}/records`, { type: 'A', answer: '10.0.0.1', ttl: 60 })).status, 400);
        assert.equal((await api('POST', `/core/v1/domains/${name}/records`, { type: 'SPF', answer: 'x', ttl: 300 })).status, 400);
        assert.equal((await api('POST', `/core/v1/domains/${freshName()}/records`, { type: 'A', answer: '10.0.0.1' })).status, 404);
      });
    });

    describe('errors', () => {
      journey('wrong or missing credentials are 401 Unauthorized, and nothing is done', async () => {
        const { username } = namecomSandboxCredentials(t.cloud.keys);
        const name = freshName();
        for (const wrong of [basic(username, 'not-the-token'), basic('someone-test', 'x'), '', 'Bearer abc']) {
          const { status, body } = await api('POST', '/core/v1/domains', { domain: { domainName: name } }, { authorization: wrong });
          assert.equal(status, 401);
          assert.equal(body.message, 'Unauthorized');
        }
        assert.equal((await check(name)).body.results[0].purchasable, true);
      });

      journey('a body that is not JSON, and an unknown path, answer in the error shape', async () => {
        const text = await politely(() => send('POST', '/core/v1/domains', 'domain=x.com', { 'content-type': 'text/plain' }));
        assert.equal(text.status, 400);
        assert.match(String(text.body.details), /application\/json/);
        const unknown = await api('GET', '/core/v1/nothing');
        assert.equal(unknown.status, 404);
        assert.deepEqual(unknown.body, { message: 'Not Found' });
      });

      journey('more than 20 requests in a second are refused with 429 and Retry-After', async () => {
        // Sent at once, they still arrive spread out on a busy machine: the bound allows for the time taken.
        const started = Date.now();
        const answers = await Promise.all(Array.from({ length: 100 }, () => once('GET', '/core/v1/domains/none.com')));
        const seconds = Math.ceil((Date.now() - started) / 1000);
        const limited = answers.filter((answer) => answer.status === 429);
        assert.ok(limited.length >= 1, 'none of 100 was limited');
        assert.ok(100 - limited.length <= 20 * (seconds + 1), `${100 - limited.length} of 100 answered in ${seconds} s`);
        assert.equal(limited[0]!.headers.get('retry-after'), '1');
        assert.equal(limited[0]!.body.message, 'Too Many Requests');
      });
    });
  });
