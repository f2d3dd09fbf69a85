// Mailed sign-in (POST /otp: a magic link and a six-digit code), POST /verify for magiclink/email,
// GET /reauthenticate with the nonce a password change needs, making one-time recovery codes, and where
// mailed links may land; through the real supabase-js, and as an attacker tries them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { JOURNEY_BACKENDS, latestMailTo, skipFor, startTestCloud, stopClusters, uniqueEmail, type TestCloud } from './support/cloud.ts';
import { claimsOf, clientFrom, codeFor, nextAddress, passwordOnly, signedInFrom, twoFactorUser } from './support/twoFactor.ts';

after(stopClusters);

const fragmentOf = (location: string | null) => new URLSearchParams(new URL(location ?? '').hash.slice(1));
const authMails = async (cloud: TestCloud, to: string) => (await cloud.ctx.mailbox.list()).filter((m) => m.to === to && m.kind === 'auth');

/** What /otp (or /recover) answers for an address, raw: status and body, for comparing answers. */
async function rawPost(cloud: TestCloud, path: string, body: unknown) {
  const res = await fetch(`${cloud.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: cloud.keys.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.text(), code: res.headers.get('x-sb-error-code') };
}

for (const backend of JOURNEY_BACKENDS) {
  describe(`passwordless sign-in and reauthentication on ${backend}`, { skip: skipFor(backend) }, () => {
    let cloud: TestCloud;
    before(async () => {
      cloud = await startTestCloud(backend);
    });
    after(() => cloud?.stop());

    test('a magic link signs a confirmed user in once, on an allowed auth route', async () => {
      const { email } = await signedInFrom(cloud);
      const sb = cloud.client();
      const { error } = await sb.auth.signInWithOtp({
        email,
        options: { emailRedirectTo: 'http://localhost:3000/login', shouldCreateUser: false },
      });
      assert.equal(error, null);
      const mail = await latestMailTo(cloud, email);
      assert.equal(mail.subject, 'Your FolioForge sign-in link and code', "config.toml's magic_link subject");
      assert.match(mail.text, /\b\d{6}\b/, 'the code is in the same mail');
      const link = new URL(mail.links[0]!);
      assert.equal(link.searchParams.get('type'), 'magiclink');
      const landed = await fetch(link, { redirect: 'manual' });
      assert.equal(landed.status, 303);
      const location = new URL(landed.headers.get('location')!);
      assert.equal(`${location.origin}${location.pathname}`, 'http://localhost:3000/login');
      const fragment = fragmentOf(landed.headers.get('location'));
      assert.equal(fragment.get('type'), 'magiclink');
      const claims = claimsOf(fragment.get('access_token')!);
      assert.deepEqual(
        claims.amr?.map((entry) => entry.method),
        ['otp'],
      );
      assert.equal(claims.aal, 'aal1');

      const reused = await fetch(link, { redirect: 'manual' });
      assert.equal(fragmentOf(reused.headers.get('location')).get('error_code'), 'otp_expired', 'a link works once');
    });

    test('the six-digit code signs in with verifyOtp type email, once, and not after it expires', async () => {
      const { email } = await signedInFrom(cloud);
      await cloud.client().auth.signInWithOtp({ email });
      const code = String((await latestMailTo(cloud, email)).meta.otp);
      const sb = cloud.client();
      const { data, error } = await sb.auth.verifyOtp({ email, token: code, type: 'email' });
      assert.equal(error, null);
      assert.equal(data.session?.user.email, email);
      const again = await cloud.client().auth.verifyOtp({ email, token: code, type: 'email' });
      assert.equal(again.error?.code, 'otp_expired');
      assert.equal(again.error?.status, 403);

      await cloud.client().auth.signInWithOtp({ email });
      const late = String((await latestMailTo(cloud, email)).meta.otp);
      // otp_expiry (3600 s in config.toml) later:
      await cloud.ctx.db.asOwner((tx) =>
        tx.query(`update auth.users set recovery_sent_at = now() - interval '3601 seconds' where email = $1`, [email]),
      );
      const expired = await cloud.client().auth.verifyOtp({ email, token: late, type: 'magiclink' });
      assert.equal(expired.error?.code, 'otp_expired');
    });

    test('an unknown address is signed up by /otp (should_create_user), and its confirmation mail signs in', async () => {
      const email = uniqueEmail('newcomer');
      const { error } = await cloud
        .client()
        .auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:3000/login', data: { name: 'Newcomer' } } });
      assert.equal(error, null);
      const mail = await latestMailTo(cloud, email);
      assert.equal(mail.subject, 'Confirm your signup');
      const { data } = await cloud.client().auth.verifyOtp({ email, token: String(mail.meta.otp), type: 'email' });
      assert.equal(data.user?.user_metadata.name, 'Newcomer');
      assert.ok(data.user?.email_confirmed_at);

      const refused = await cloud.client().auth.signInWithOtp({ email: uniqueEmail('stranger'), options: { shouldCreateUser: false } });
      assert.equal(refused.error?.code, 'otp_disabled', 'as GoTrue, which is why the app never sends create_user: false');
      assert.equal(refused.error?.status, 422);
    });

    test('/otp and /recover answer a known and an unknown address alike', async () => {
      const { email: known } = await signedInFrom(cloud);
      const unknown = uniqueEmail('nobody');
      for (const path of ['/otp', '/recover']) {
        const a = await rawPost(cloud, path, { email: known, create_user: true });
        const b = await rawPost(cloud, path, { email: unknown, create_user: true });
        assert.deepEqual([a.status, a.body], [200, '{}'], `${path} known`);
        assert.deepEqual([b.status, b.body], [a.status, a.body], `${path}: the same answer for an unknown address`);
      }
    });

    test('/otp costs a known and an unknown address the same work, with create_user on or off', async () => {
      // A new account costs a password hash, the one piece of work that would tell the two apart by the
      // time they take (timed here, the answers would only measure how busy the machine is): every
      // answer pays exactly one.
      const { email: known } = await signedInFrom(cloud);
      const passwords = cloud.ctx.passwords;
      const hash = passwords.hash.bind(passwords);
      let hashes = 0;
      passwords.hash = (...args) => ((hashes += 1), hash(...args));
      try {
        for (const createUser of [true, false]) {
          for (const who of ['known', 'unknown'] as const) {
            hashes = 0;
            await rawPost(cloud, '/otp', { email: who === 'known' ? known : uniqueEmail('timed'), create_user: createUser });
            assert.equal(hashes, 1, `create_user ${createUser}, a ${who} address: ${hashes} password hashes`);
          }
        }
      } finally {
        passwords.hash = hash;
      }
    });

    test('/otp refuses a phone (no SMS provider), both at once, neither, and a bad address', async () => {
      const sb = cloud.client();
      const phone = await sb.auth.signInWithOtp({ phone: '+15555550100' });
      assert.equal(phone.error?.code, 'phone_provider_disabled');
      assert.equal(phone.error?.status, 400);
      assert.equal((await rawPost(cloud, '/otp', { email: 'a@example.com', phone: '+15555550100' })).code, 'validation_failed');
      assert.equal((await rawPost(cloud, '/otp', {})).code, 'validation_failed');
      assert.equal((await sb.auth.signInWithOtp({ email: 'not-an-address' })).error?.code, 'validation_failed');
    });

    test('a magic link of a user with a factor gives aal1 only: the code is still asked', async () => {
      const owner = await twoFactorUser(cloud);
      await cloud.client().auth.signInWithOtp({ email: owner.email });
      const sb = clientFrom(cloud, owner.address);
      const { data } = await sb.auth.verifyOtp({
        email: owner.email,
        token: String((await latestMailTo(cloud, owner.email)).meta.otp),
        type: 'email',
      });
      assert.equal(claimsOf(data.session!.access_token).aal, 'aal1');
      const level = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
      assert.deepEqual([level.data?.currentLevel, level.data?.nextLevel], ['aal1', 'aal2']);
      assert.equal((await sb.rpc('mfa_satisfied')).data, false);
      const raised = await sb.auth.mfa.challengeAndVerify({ factorId: owner.factorId, code: codeFor(owner.secret, 1) });
      assert.deepEqual(
        claimsOf(raised.data!.access_token)
          .amr?.map((entry) => entry.method)
          .sort(),
        ['otp', 'totp'],
      );
    });

    test('a secure password change: a session older than a day needs the mailed nonce; it works once', async () => {
      const { sb, email, user, session } = await signedInFrom(cloud);
      const fresh = await sb.auth.updateUser({ password: 'fresh-session-1' });
      assert.equal(fresh.error, null, 'signed in within 24 hours: no nonce, as GoTrue');
      await cloud.ctx.db.asOwner((tx) =>
        tx.query(`update local_cloud.sessions set created_at = now() - interval '25 hours' where id = $1`, [
          claimsOf(session!.access_token).session_id,
        ]),
      );
      const bare = await sb.auth.updateUser({ password: 'old-session-1' });
      assert.equal(bare.error?.code, 'reauthentication_needed');
      assert.equal(bare.error?.status, 400);

      assert.equal((await sb.auth.reauthenticate()).error, null);
      const mail = await latestMailTo(cloud, email);
      assert.equal(mail.subject, 'Confirm reauthentication');
      assert.equal(mail.links.length, 0, 'a code, no link');
      const nonce = String(mail.meta.otp);
      const wrong = await sb.auth.updateUser({ password: 'old-session-1', nonce: nonce === '000000' ? '111111' : '000000' });
      assert.equal(wrong.error?.code, 'reauthentication_not_valid');
      assert.equal(wrong.error?.status, 422);
      assert.equal((await sb.auth.updateUser({ password: 'old-session-1', nonce })).error, null);
      const reused = await sb.auth.updateUser({ password: 'old-session-2', nonce });
      assert.equal(reused.error?.code, 'reauthentication_not_valid', 'a nonce works once');
      assert.equal((await cloud.client().auth.signInWithPassword({ email, password: 'old-session-1' })).data.user?.id, user!.id);
    });

    test('a guessed nonce: five wrong and the mailed one stops working too', async () => {
      const { sb, session, email } = await signedInFrom(cloud);
      await cloud.ctx.db.asOwner((tx) =>
        tx.query(`update local_cloud.sessions set created_at = now() - interval '25 hours' where id = $1`, [
          claimsOf(session!.access_token).session_id,
        ]),
      );
      await sb.auth.reauthenticate();
      const nonce = String((await latestMailTo(cloud, email)).meta.otp);
      const wrong = nonce === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++)
        assert.equal((await sb.auth.updateUser({ password: 'guessing-1', nonce: wrong })).error?.code, 'reauthentication_not_valid');
      assert.equal((await sb.auth.updateUser({ password: 'guessing-1', nonce })).error?.code, 'reauthentication_not_valid');
    });

    test('reauthenticate needs a session and a confirmed address, and keeps to the mail frequency', async () => {
      const res = await fetch(`${cloud.url}/auth/v1/reauthenticate`, { headers: { apikey: cloud.keys.anonKey } });
      assert.equal(res.status, 401);
      const strict = await startTestCloud(backend, { emailSendIntervalSeconds: 60 });
      try {
        const { sb } = await signedInFrom(strict);
        assert.equal((await sb.auth.reauthenticate()).error, null);
        const second = await sb.auth.reauthenticate();
        assert.equal(second.error?.code, 'over_email_send_rate_limit');
        assert.equal(second.error?.status, 429);
      } finally {
        await strict.stop();
      }
    });

    test('one-time recovery codes: made at aal2 only, stored hashed, not readable through the API', async () => {
      const owner = await twoFactorUser(cloud);
      const { sb: aal1 } = await passwordOnly(cloud, owner);
      assert.equal((await aal1.rpc('create_mfa_recovery_codes')).error?.code, '42501', 'an aal1 session cannot make codes');
      const { data: codes, error } = await owner.sb.rpc('create_mfa_recovery_codes');
      assert.equal(error, null);
      assert.equal((codes as string[]).length, 10);
      for (const code of codes as string[]) assert.match(code, /^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
      assert.equal(new Set(codes as string[]).size, 10);
      assert.equal((await owner.sb.rpc('mfa_recovery_codes_left')).data, 10);
      const stored = await cloud.ctx.db.asOwner((tx) =>
        tx.query<{ code_hash: string }>('select code_hash from public.mfa_recovery_codes where user_id = $1', [owner.userId]),
      );
      for (const row of stored.rows) {
        assert.match(row.code_hash, /^[0-9a-f]{64}$/);
        assert.ok(!(codes as string[]).some((code) => row.code_hash.includes(code.replace('-', ''))));
      }
      assert.equal((await aal1.from('mfa_recovery_codes').select('code_hash')).data?.length ?? 0, 0, 'not readable through the API');

      // Using one: the account function (secondFactorFunctions.test.ts) and recovery_codes.test.sql.
    });

    test('redirect_to: only the app auth routes receive a session; /p/ pages and other sites get the site URL', async () => {
      const landing = async (redirectTo: string) => {
        const { email } = await signedInFrom(cloud);
        await cloud.client().auth.resetPasswordForEmail(email, { redirectTo });
        return new URL((await latestMailTo(cloud, email)).links[0]!).searchParams.get('redirect_to');
      };
      assert.equal(await landing('http://localhost:3000/p/attacker-page'), 'http://localhost:3000');
      assert.equal(await landing('http://localhost:3000/home'), 'http://localhost:3000');
      assert.equal(await landing('http://localhost:3000/reset-password/../p/x'), 'http://localhost:3000');
      assert.equal(await landing('http://localhost:3000/reset-password'), 'http://localhost:3000/reset-password');
      assert.equal(await landing('http://localhost:3000/login'), 'http://localhost:3000/login');
      assert.equal(await landing('http://localhost:3000/login?via=link'), 'http://localhost:3000/login?via=link');
      assert.equal(await landing('http://localhost:3000/login?next=/p/x'), 'http://localhost:3000');
      assert.equal(await landing('http://127.0.0.1:3000/auth/callback'), 'http://127.0.0.1:3000/auth/callback');
      assert.equal(await landing('https://evil.example/reset-password'), 'http://localhost:3000');
      // The link itself cannot be pointed elsewhere afterwards either.
      const { email } = await signedInFrom(cloud);
      await cloud.client().auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3000/reset-password' });
      const link = new URL((await latestMailTo(cloud, email)).links[0]!);
      link.searchParams.set('redirect_to', 'http://localhost:3000/p/attacker-page');
      const landed = new URL((await fetch(link, { redirect: 'manual' })).headers.get('location')!);
      assert.equal(`${landed.origin}${landed.pathname}`, 'http://localhost:3000/');
    });

    test("the site's auth routes follow SITE_URL, as the app runs on another port in tests", async () => {
      const moved = await startTestCloud(backend, { siteUrl: 'http://localhost:4100' });
      try {
        const { email } = await signedInFrom(moved);
        await moved.client().auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:4100/reset-password' });
        assert.equal(
          new URL((await latestMailTo(moved, email)).links[0]!).searchParams.get('redirect_to'),
          'http://localhost:4100/reset-password',
        );
        await new Promise((resolve) => setTimeout(resolve, 10));
        const other = await signedInFrom(moved);
        await moved.client().auth.resetPasswordForEmail(other.email, { redirectTo: 'http://localhost:4100/p/someone' });
        assert.equal(new URL((await latestMailTo(moved, other.email)).links[0]!).searchParams.get('redirect_to'), 'http://localhost:4100');
      } finally {
        await moved.stop();
      }
    });

    test('rate limits: /otp counts against sign_in_sign_ups per IP; mails to one address keep to max_frequency', async () => {
      const strict = await startTestCloud(backend, { rateLimits: { signInsSignUpsPer5Min: 3 }, emailSendIntervalSeconds: 60 });
      try {
        const { email } = await signedInFrom(strict, nextAddress()); // one sign-in from its own address
        const sb = clientFrom(strict, nextAddress());
        assert.equal((await sb.auth.signInWithOtp({ email })).error, null);
        const again = await sb.auth.signInWithOtp({ email });
        assert.equal(again.error?.code, 'over_email_send_rate_limit', 'one magic link a minute per address');
        assert.equal((await sb.auth.signInWithOtp({ email: uniqueEmail('x') })).error, null);
        const fourth = await sb.auth.signInWithOtp({ email: uniqueEmail('y') });
        assert.equal(fourth.error?.code, 'over_request_rate_limit');
        assert.equal(fourth.error?.status, 429);
        assert.equal((await authMails(strict, email)).filter((m) => m.subject === 'Your FolioForge sign-in link and code').length, 1);
      } finally {
        await strict.stop();
      }
    });
  });
}
