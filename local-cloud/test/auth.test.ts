import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import bcrypt from 'bcryptjs';
import { createPasswordHasher, TEST_BCRYPT_COST } from '../src/auth/passwordHasher.ts';
import {
  JOURNEY_BACKENDS,
  latestMailTo,
  signedInUser,
  skipFor,
  startTestCloud,
  stopClusters,
  uniqueEmail,
  type TestCloud,
} from './support/cloud.ts';

after(stopClusters);

async function rawAuth(cloud: TestCloud, path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', cloud.keys.anonKey);
  headers.set('Authorization', `Bearer ${init.token ?? cloud.keys.anonKey}`);
  headers.set('X-Supabase-Api-Version', '2024-01-01');
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return fetch(`${cloud.url}/auth/v1${path}`, { ...init, headers });
}

for (const backend of JOURNEY_BACKENDS) {
  describe(`auth on ${backend}`, { skip: skipFor(backend) }, () => {
    let cloud: TestCloud;
    before(async () => {
      cloud = await startTestCloud(backend, { refreshTokenReuseInterval: 60 });
    });
    after(async () => {
      await cloud?.stop();
    });

    test('a password is stored as a real bcrypt hash at the cost local-cloud was started with', async () => {
      const { user, password } = await signedInUser(cloud);
      const { rows } = await cloud.ctx.db.asOwner((tx) =>
        tx.query<{ encrypted_password: string }>('select encrypted_password from auth.users where id = $1', [user.id]),
      );
      const hash = rows[0]!.encrypted_password;
      assert.equal(bcrypt.getRounds(hash), TEST_BCRYPT_COST);
      assert.equal(await bcrypt.compare(password, hash), true);
      assert.equal(await bcrypt.compare('another-password', hash), false);
    });

    test('sign-up mails a confirmation link; the link signs the user in through the URL fragment', async () => {
      const sb = cloud.client();
      const email = uniqueEmail('signup');
      const { data, error } = await sb.auth.signUp({
        email,
        password: 'secret-1',
        options: { data: { name: 'Ada', username: `ada${Date.now() % 100000}` }, emailRedirectTo: 'http://localhost:3000/auth/callback' },
      });
      assert.equal(error, null);
      assert.equal(data.session, null, 'confirmation on: no session yet');
      assert.equal(data.user?.email, email);
      assert.ok(data.user?.confirmation_sent_at);
      assert.equal(data.user?.identities?.length, 1);

      const early = await sb.auth.signInWithPassword({ email, password: 'secret-1' });
      assert.equal(early.error?.code, 'email_not_confirmed');
      assert.equal(early.error?.status, 400);

      const mail = await latestMailTo(cloud, email);
      assert.match(mail.subject, /confirm/i);
      const link = new URL(mail.links[0]);
      assert.equal(link.pathname, '/auth/v1/verify');
      assert.equal(link.searchParams.get('type'), 'signup');
      assert.ok(mail.text.includes(mail.links[0]));

      const res = await fetch(link, { redirect: 'manual' });
      assert.equal(res.status, 303);
      const location = new URL(res.headers.get('location') ?? '');
      assert.equal(location.origin + location.pathname, 'http://localhost:3000/auth/callback');
      const frag = new URLSearchParams(location.hash.slice(1));
      for (const k of ['access_token', 'expires_at', 'expires_in', 'refresh_token']) assert.ok(frag.get(k), k);
      assert.equal(frag.get('token_type'), 'bearer');
      assert.equal(frag.get('type'), 'signup');

      const { data: fromLink } = await sb.auth.getUser(frag.get('access_token') ?? '');
      assert.equal(fromLink.user?.email, email);
      assert.ok(fromLink.user?.email_confirmed_at);

      const again = await fetch(link, { redirect: 'manual' });
      const errFrag = new URLSearchParams(new URL(again.headers.get('location') ?? '').hash.slice(1));
      assert.equal(errFrag.get('error_code'), 'otp_expired', 'a link works once');
    });

    test('resend mails a fresh confirmation link to an unconfirmed address, and nothing to a confirmed one', async () => {
      const sb = cloud.client();
      const email = uniqueEmail('resend');
      await sb.auth.signUp({ email, password: 'secret-1' });
      const first = await latestMailTo(cloud, email);

      const { error } = await sb.auth.resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: 'http://localhost:3000/auth/callback' },
      });
      assert.equal(error, null);
      const second = await latestMailTo(cloud, email);
      assert.notEqual(second.id, first.id, 'a new mail arrived');
      const link = new URL(second.links[0]);
      assert.equal(link.searchParams.get('redirect_to'), 'http://localhost:3000/auth/callback');
      const confirmed = await fetch(link, { redirect: 'manual' });
      assert.ok(
        new URLSearchParams(new URL(confirmed.headers.get('location') ?? '').hash.slice(1)).get('access_token'),
        'the new link confirms',
      );

      const again = await sb.auth.resend({ type: 'signup', email });
      assert.equal(again.error, null, 'a confirmed address gets the same answer');
      assert.equal((await latestMailTo(cloud, email)).id, second.id, 'and no mail');
      const unknown = await sb.auth.resend({ type: 'signup', email: uniqueEmail('nobody') });
      assert.equal(unknown.error, null, 'an unknown address gets the same answer');
    });

    test('password sign-in returns a session with GoTrue claims and the profile row is created from metadata', async () => {
      const username = `grace${Date.now() % 100000}`;
      const { sb, session, user } = await signedInUser(cloud, { name: 'Grace', username });
      assert.ok(session && user);
      assert.equal(session.token_type, 'bearer');
      assert.equal(session.expires_in, 3600);
      const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
      assert.equal(claims.sub, user.id);
      assert.equal(claims.role, 'authenticated');
      assert.equal(claims.aud, 'authenticated');
      assert.equal(claims.aal, 'aal1');
      assert.equal(claims.iss, `${cloud.url}/auth/v1`);
      assert.ok(typeof claims.session_id === 'string');
      assert.deepEqual((claims.amr as { method: string }[])[0].method, 'password');
      const profile = await sb.from('profiles').select('name, username').single();
      assert.deepEqual(profile.data, { name: 'Grace', username });
      const avail = await cloud.client().rpc('username_available', { candidate: username });
      assert.equal(avail.data, false);
      const free = await cloud.client().rpc('username_available', { candidate: `${username}x` });
      assert.equal(free.data, true);
    });

    test('refresh rotates the token; a replay within the reuse interval gets the current token, after it the session ends', async () => {
      const { sb, session } = await signedInUser(cloud);
      const first = session!.refresh_token;
      const r1 = await sb.auth.refreshSession({ refresh_token: first });
      assert.equal(r1.error, null);
      const second = r1.data.session!.refresh_token;
      assert.notEqual(second, first);

      const replay = await rawAuth(cloud, '/token?grant_type=refresh_token', {
        method: 'POST',
        body: JSON.stringify({ refresh_token: first }),
      });
      assert.equal(replay.status, 200);
      assert.equal(((await replay.json()) as { refresh_token: string }).refresh_token, second, 'lost response: same active child');

      // The 60 s reuse interval (which a slow machine stays within above) passes: the revoked token's
      // stamp moves back, as the clock would move on.
      await cloud.ctx.db.asOwner((tx) =>
        tx.query("update local_cloud.refresh_tokens set updated_at = updated_at - interval '61 seconds' where token = $1", [first]),
      );
      const late = await sb.auth.refreshSession({ refresh_token: first });
      assert.equal(late.error?.code, 'refresh_token_already_used');
      assert.equal(late.error?.status, 400);
      const family = await sb.auth.refreshSession({ refresh_token: second });
      assert.equal(family.error?.code, 'refresh_token_not_found', 'reuse ends the whole session');
    });

    test('unknown refresh token', async () => {
      const res = await rawAuth(cloud, '/token?grant_type=refresh_token', {
        method: 'POST',
        body: JSON.stringify({ refresh_token: 'nope' }),
      });
      assert.equal(res.status, 400);
      assert.equal(res.headers.get('x-sb-error-code'), 'refresh_token_not_found');
      assert.equal(res.headers.get('x-supabase-api-version'), '2024-01-01');
      const body = (await res.json()) as Record<string, unknown>;
      assert.equal(body.code, 'refresh_token_not_found');
      assert.equal(typeof body.message, 'string');
    });

    test('updateUser merges metadata key by key, null deletes, same password is refused, new password works', async () => {
      const { sb, email, password } = await signedInUser(cloud, { name: 'Lin', theme: 'dark', plan: 'free' });
      const up = await sb.auth.updateUser({ data: { theme: 'light', plan: null, city: 'Pune' } });
      assert.equal(up.error, null);
      assert.deepEqual(up.data.user?.user_metadata, { name: 'Lin', theme: 'light', city: 'Pune' });
      const same = await sb.auth.updateUser({ password });
      assert.equal(same.error?.code, 'same_password');
      assert.equal(same.error?.status, 422);
      const weak = await sb.auth.updateUser({ password: '123' });
      assert.equal(weak.error?.code, 'weak_password');
      const changed = await sb.auth.updateUser({ password: 'a-new-secret' });
      assert.equal(changed.error, null);
      const other = cloud.client();
      assert.equal((await other.auth.signInWithPassword({ email, password })).error?.code, 'invalid_credentials');
      assert.equal((await other.auth.signInWithPassword({ email, password: 'a-new-secret' })).error, null);
    });

    test('sign-out scopes: local ends one session, others keeps only this one, global ends all', async () => {
      const { email, password } = await signedInUser(cloud);
      const devices = [cloud.client(), cloud.client(), cloud.client()];
      const sessions = [];
      for (const d of devices) sessions.push((await d.auth.signInWithPassword({ email, password })).data.session!);

      assert.equal((await devices[0].auth.signOut({ scope: 'local' })).error, null);
      const dead = await rawAuth(cloud, '/user', { token: sessions[0].access_token });
      assert.equal(dead.status, 403);
      assert.equal(dead.headers.get('x-sb-error-code'), 'session_not_found');
      assert.equal((await devices[1].auth.getUser(sessions[1].access_token)).error, null);

      assert.equal((await devices[1].auth.signOut({ scope: 'others' })).error, null);
      assert.equal((await rawAuth(cloud, '/user', { token: sessions[1].access_token })).status, 200);
      assert.equal((await rawAuth(cloud, '/user', { token: sessions[2].access_token })).status, 403);
      const refresh2 = await rawAuth(cloud, '/token?grant_type=refresh_token', {
        method: 'POST',
        body: JSON.stringify({ refresh_token: sessions[2].refresh_token }),
      });
      assert.equal(((await refresh2.json()) as { code: string }).code, 'refresh_token_not_found');

      const extra = cloud.client();
      const extraSession = (await extra.auth.signInWithPassword({ email, password })).data.session!;
      const global = await rawAuth(cloud, '/logout?scope=global', { method: 'POST', token: sessions[1].access_token });
      assert.equal(global.status, 204);
      assert.equal((await rawAuth(cloud, '/user', { token: extraSession.access_token })).status, 403);
    });

    test('recover mails a link; following it yields a recovery session that can set a new password', async () => {
      const { email } = await signedInUser(cloud);
      const sb = cloud.client();
      const { data, error } = await sb.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3000/reset-password' });
      assert.equal(error, null);
      assert.deepEqual(data, {});
      const mail = await latestMailTo(cloud, email);
      assert.equal(new URL(mail.links[0]).searchParams.get('type'), 'recovery');
      const res = await fetch(mail.links[0], { redirect: 'manual' });
      const location = new URL(res.headers.get('location') ?? '');
      assert.equal(location.pathname, '/reset-password');
      const frag = new URLSearchParams(location.hash.slice(1));
      assert.equal(frag.get('type'), 'recovery');
      const set = await sb.auth.setSession({ access_token: frag.get('access_token')!, refresh_token: frag.get('refresh_token')! });
      assert.equal(set.error, null);
      assert.equal((await sb.auth.updateUser({ password: 'recovered-pass' })).error, null);
      assert.equal((await cloud.client().auth.signInWithPassword({ email, password: 'recovered-pass' })).error, null);

      const unknown = await cloud.client().auth.resetPasswordForEmail(uniqueEmail('ghost'));
      assert.equal(unknown.error, null, 'unknown addresses get the same answer');
    });

    test('verify by POST with the mailed code', async () => {
      const email = uniqueEmail('otp');
      const sb = cloud.client();
      await sb.auth.signUp({ email, password: 'secret-1' });
      const mail = await latestMailTo(cloud, email);
      const code = String(mail.meta.otp);
      const bad = await sb.auth.verifyOtp({ email, token: code === '000000' ? '111111' : '000000', type: 'signup' });
      assert.equal(bad.error?.code, 'otp_expired');
      assert.equal(bad.error?.status, 403);
      const ok = await sb.auth.verifyOtp({ email, token: code, type: 'signup' });
      assert.equal(ok.error, null);
      assert.equal(ok.data.user?.email, email);
    });

    test('error cases answer with GoTrue codes', async () => {
      const sb = cloud.client();
      const { email } = await signedInUser(cloud);
      const wrong = await sb.auth.signInWithPassword({ email, password: 'not-it' });
      assert.equal(wrong.error?.code, 'invalid_credentials');
      assert.equal(wrong.error?.message, 'Invalid login credentials');
      const nobody = await sb.auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'whatever1' });
      assert.equal(nobody.error?.code, 'invalid_credentials');

      const weak = await sb.auth.signUp({ email: uniqueEmail(), password: '12345' });
      assert.equal(weak.error?.code, 'weak_password');
      assert.equal(weak.error?.status, 422);
      assert.deepEqual((weak.error as unknown as { reasons: string[] }).reasons, ['length']);

      const badEmail = await sb.auth.signUp({ email: 'not-an-email', password: 'secret-1' });
      assert.equal(badEmail.error?.code, 'validation_failed');
      assert.equal(badEmail.error?.status, 400);

      const dup = await sb.auth.signUp({ email, password: 'secret-1' });
      assert.equal(dup.error, null, 'confirmed address: no enumeration');
      assert.deepEqual(dup.data.user?.identities, []);

      const badJson = await rawAuth(cloud, '/token?grant_type=password', { method: 'POST', body: '{"email": ' });
      assert.equal(badJson.status, 400);
      assert.equal(((await badJson.json()) as { code: string }).code, 'bad_json');
      const wrongTypes = await rawAuth(cloud, '/signup', { method: 'POST', body: JSON.stringify({ email: 42, password: ['x'] }) });
      assert.equal(wrongTypes.status, 400);
      assert.equal(((await wrongTypes.json()) as { code: string }).code, 'validation_failed');
      const huge = await rawAuth(cloud, '/signup', {
        method: 'POST',
        body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
      });
      assert.equal(huge.status, 413);

      const noAuth = await fetch(`${cloud.url}/auth/v1/user`, { headers: { apikey: cloud.keys.anonKey } });
      assert.equal(noAuth.status, 401);
      assert.equal(noAuth.headers.get('x-sb-error-code'), 'no_authorization');
      const forged = await rawAuth(cloud, '/user', { token: cloud.keys.anonKey.slice(0, -4) + 'AAAA' });
      assert.equal(forged.status, 403);
      assert.equal(forged.headers.get('x-sb-error-code'), 'bad_jwt');
      const anonAsUser = await rawAuth(cloud, '/user');
      assert.equal(anonAsUser.status, 403);
      const expired = await cloud.ctx.signJwt({ sub: crypto.randomUUID(), role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 });
      const exp = await rawAuth(cloud, '/user', { token: expired });
      assert.equal(exp.status, 403);
      assert.equal(exp.headers.get('x-sb-error-code'), 'bad_jwt');

      const health = await fetch(`${cloud.url}/health`);
      assert.deepEqual(await health.json(), { status: 'ok', database: backend });
    });

    test('settings reflect the confirmation setting', async () => {
      const res = await rawAuth(cloud, '/settings');
      const s = (await res.json()) as { mailer_autoconfirm: boolean; external: { email: boolean } };
      assert.equal(s.mailer_autoconfirm, false);
      assert.equal(s.external.email, true);
    });
  });

  describe(`auth limits and autoconfirm on ${backend}`, { skip: skipFor(backend) }, () => {
    let cloud: TestCloud;
    before(async () => {
      cloud = await startTestCloud(backend, { autoconfirm: true, rateLimits: { signInsSignUpsPer5Min: 5 }, emailSendIntervalSeconds: 60 });
    });
    after(async () => {
      await cloud?.stop();
    });

    test('autoconfirm: sign-up returns a session; a second sign-up is user_already_exists', async () => {
      const sb = cloud.client();
      const email = uniqueEmail('auto');
      const first = await sb.auth.signUp({ email, password: 'secret-1' });
      assert.equal(first.error, null);
      assert.ok(first.data.session?.access_token);
      const second = await sb.auth.signUp({ email, password: 'secret-1' });
      assert.equal(second.error?.code, 'user_already_exists');
      assert.equal(second.error?.status, 422);
      const r1 = await sb.auth.resetPasswordForEmail(email);
      assert.equal(r1.error, null);
      const r2 = await sb.auth.resetPasswordForEmail(email);
      assert.equal(r2.error?.code, 'over_email_send_rate_limit');
      assert.equal(r2.error?.status, 429);
    });

    test('per-IP request limit on the token endpoint', async () => {
      const codes: string[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await rawAuth(cloud, '/token?grant_type=password', {
          method: 'POST',
          body: JSON.stringify({ email: 'x@y.zz', password: 'nopenope' }),
        });
        codes.push(res.headers.get('x-sb-error-code') ?? String(res.status));
      }
      assert.deepEqual(codes.slice(0, 5), Array(5).fill('invalid_credentials'));
      assert.equal(codes[6], 'over_request_rate_limit');
    });
  });
}

test("a local-cloud not started for tests hashes at GoTrue's cost, 10", async () => {
  const passwords = createPasswordHasher();
  try {
    const hash = await passwords.hash('correct-horse-1');
    assert.equal(bcrypt.getRounds(hash), 10);
    assert.equal(await passwords.compare('correct-horse-1', hash), true);
  } finally {
    await passwords.close();
  }
});
