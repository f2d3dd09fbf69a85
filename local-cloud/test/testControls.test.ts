// The browser tests' controls (src/testControls): refused unless local-cloud was started for tests,
// from any address but loopback, and without the service-role key; with all three, each does what
// it says for one account or one name and nothing else. On PGlite only: the controls read and write
// through the same queries on both backends.
import assert from 'node:assert/strict';
import { Resolver } from 'node:dns/promises';
import os from 'node:os';
import { after, before, describe, test } from 'node:test';
import { startTestCloud, uniqueEmail, type TestCloud } from './support/cloud.ts';

const PASSWORD = 'correct horse battery';

/** An address of this machine that is not loopback, or undefined when it has none. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((info) => info && info.family === 'IPv4' && !info.internal)?.address;

function control(baseUrl: string, path: string, key: string | undefined, body: unknown, method = 'POST') {
  return fetch(`${baseUrl}/__test__/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}`, apikey: key } : {}) },
    body: JSON.stringify(body),
  });
}

/** A confirmed account made through the admin API, signed in: its session. */
async function signedIn(cloud: TestCloud, email: string) {
  const created = await cloud.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  assert.ifError(created.error);
  const client = cloud.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  assert.ifError(error);
  return { client, session: data.session! };
}

describe('test controls, started for tests', () => {
  let cloud: TestCloud;
  before(async () => {
    // On every interface, so the machine's own outside address reaches it too.
    cloud = await startTestCloud('pglite', { testControls: true, host: '0.0.0.0' });
  });
  after(() => cloud?.stop());

  test('refused without the service-role key: none, the anon key, or a user token', async () => {
    const email = uniqueEmail('keyless');
    const { session } = await signedIn(cloud, email);
    for (const key of [undefined, cloud.keys.anonKey, session.access_token]) {
      const answer = await control(cloud.url, 'auth/access-token-lifetime', key, { email, seconds: 5 });
      assert.equal(answer.status, 401, `key ${key?.slice(0, 12)}`);
    }
    const later = await cloud.client().auth.signInWithPassword({ email, password: PASSWORD });
    assert.equal(later.data.session?.expires_in, 3600, 'nothing changed');
  });

  test(
    'refused from an address that is not loopback, even with the key',
    { skip: outsideAddress ? false : 'no outside address' },
    async () => {
      const outside = `http://${outsideAddress}:${cloud.port}`;
      assert.equal((await fetch(`${outside}/health`)).status, 200, 'the API itself answers there');
      const answer = await control(outside, 'dns/txt', cloud.keys.serviceRoleKey, { name: 'outside.example', values: ['x'] }, 'PUT');
      assert.equal(answer.status, 403);
      assert.equal(cloud.ctx.testControls!.dns.txt.has('outside.example'), false);
    },
  );

  test("an account's access tokens live as long as asked, refreshed ones too; other accounts keep JWT_EXPIRY", async () => {
    const short = uniqueEmail('short');
    const other = uniqueEmail('other');
    await signedIn(cloud, short);
    const answer = await control(cloud.url, 'auth/access-token-lifetime', cloud.keys.serviceRoleKey, { email: short, seconds: 5 });
    assert.equal(answer.status, 200);
    // Signed in after the control: its tokens are the short ones.
    const client = cloud.client();
    const { data, error } = await client.auth.signInWithPassword({ email: short, password: PASSWORD });
    assert.ifError(error);
    const session = data.session!;
    assert.equal(session.expires_in, 5);
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
    assert.equal(claims.exp - claims.iat, 5);
    const refreshed = await client.auth.refreshSession();
    assert.equal(refreshed.data.session?.expires_in, 5);
    assert.equal((await signedIn(cloud, other)).session.expires_in, 3600);
    const unknown = await control(cloud.url, 'auth/access-token-lifetime', cloud.keys.serviceRoleKey, {
      email: 'nobody@example.com',
      seconds: 5,
    });
    assert.equal(unknown.status, 404);
  });

  test('aged sign-ins are no longer recent: a password change asks for the mailed nonce, for that account only', async () => {
    const aged = uniqueEmail('aged');
    const fresh = uniqueEmail('fresh');
    const old = await signedIn(cloud, aged);
    const recent = await signedIn(cloud, fresh);
    const answer = await control(cloud.url, 'auth/age-sign-ins', cloud.keys.serviceRoleKey, { email: aged, seconds: 2 * 86_400 });
    assert.equal(answer.status, 200);
    assert.deepEqual(((await answer.json()) as { sessions: number }).sessions, 1);
    const refused = await old.client.auth.updateUser({ password: 'a brand new password' });
    assert.equal(refused.error?.code, 'reauthentication_needed');
    const allowed = await recent.client.auth.updateUser({ password: 'a brand new password' });
    assert.ifError(allowed.error);
  });

  test("the functions' DNS answers a name's TXT records as set, and NXDOMAIN once they are removed", async () => {
    const resolver = new Resolver();
    resolver.setServers(cloud.ctx.config.dnsServers!);
    const name = `_folioforge.${Date.now()}.example`;
    const set = await control(cloud.url, 'dns/txt', cloud.keys.serviceRoleKey, { name, values: ['folioforge-verify=abc'] }, 'PUT');
    assert.equal(set.status, 200);
    assert.deepEqual(await resolver.resolveTxt(name), [['folioforge-verify=abc']]);
    await control(cloud.url, 'dns/txt', cloud.keys.serviceRoleKey, { name, values: [] }, 'PUT');
    await assert.rejects(resolver.resolveTxt(name), { code: 'ENOTFOUND' });
    const bad = await control(cloud.url, 'dns/txt', cloud.keys.serviceRoleKey, { name, values: 'not a list' }, 'PUT');
    assert.equal(bad.status, 422);
  });
});

describe('test controls, not started for tests (npm start)', () => {
  let cloud: TestCloud;
  before(async () => {
    cloud = await startTestCloud('pglite');
  });
  after(() => cloud?.stop());

  test('answer 404 as any unknown path, key or not, and change nothing', async () => {
    const email = uniqueEmail('plain');
    await signedIn(cloud, email);
    const answer = await control(cloud.url, 'auth/access-token-lifetime', cloud.keys.serviceRoleKey, { email, seconds: 5 });
    assert.equal(answer.status, 404);
    assert.equal(cloud.ctx.testControls, undefined);
    const later = await cloud.client().auth.signInWithPassword({ email, password: PASSWORD });
    assert.equal(later.data.session?.expires_in, 3600);
  });
});
