// The auth API tried as an attacker would: taking over an address before its owner confirms it,
// guessing reset codes, hammering sign-in, forging odd tokens, stealing sessions through redirects;
// and as a crowd would: sign-ins that must not stall every other request.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { readProjectConfig, authRateLimits } from '../src/projectConfig.ts';
import { BCRYPT_COST } from '../src/auth/passwordHasher.ts';
import { JOURNEY_BACKENDS, latestMailTo, skipFor, startTestCloud, stopClusters, uniqueEmail, type TestCloud } from './support/cloud.ts';

after(stopClusters);

async function authFetch(cloud: TestCloud, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', cloud.keys.anonKey);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${cloud.url}/auth/v1${path}`, { ...init, headers, redirect: 'manual' });
}

const mailsTo = async (cloud: TestCloud, to: string) => (await cloud.ctx.mailbox.list()).filter((m) => m.to === to && m.kind === 'auth');

for (const backend of JOURNEY_BACKENDS) {
  describe(`auth under attack on ${backend}`, { skip: skipFor(backend) }, () => {
    let cloud: TestCloud;
    before(async () => {
      // GoTrue's cost: the crowd of sign-ins below must keep the hashing workers busy for a while.
      cloud = await startTestCloud(backend, { otpExpirySeconds: 2, passwordHashCost: BCRYPT_COST });
    });
    after(() => cloud?.stop());

    test('signing up again with an unconfirmed address changes nothing: the owner confirms and keeps their password', async () => {
      const email = uniqueEmail('owner');
      const owner = cloud.client();
      assert.equal(
        (await owner.auth.signUp({ email, password: 'owners-secret', options: { data: { username: `own${Date.now() % 1e9}` } } })).error,
        null,
      );
      const attacker = cloud.client();
      const again = await attacker.auth.signUp({ email, password: 'attackers-secret', options: { data: { name: 'Mallory' } } });
      assert.equal(again.error, null, 'the answer looks like any sign-up (no enumeration)');
      // The second sign-up only mailed the link again, to the owner's inbox: the owner follows it.
      const ownerLink = (await latestMailTo(cloud, email)).links[0]!;
      const landed = new URL((await fetch(ownerLink, { redirect: 'manual' })).headers.get('location')!);
      assert.match(landed.hash, /access_token=/);
      const stolen = await cloud.client().auth.signInWithPassword({ email, password: 'attackers-secret' });
      assert.equal(stolen.error?.code, 'invalid_credentials');
      const own = await cloud.client().auth.signInWithPassword({ email, password: 'owners-secret' });
      assert.equal(own.error, null);
      assert.equal(own.data.user?.user_metadata.name, undefined, "the attacker's metadata was not stored");
    });

    test('usernames are unique whatever their case', async () => {
      const name = `Case${Date.now() % 1e9}`;
      const first = cloud.client();
      const email = uniqueEmail('case');
      await first.auth.signUp({ email, password: 'secret-123', options: { data: { username: name } } });
      const available = await cloud.client().rpc('username_available', { candidate: name.toUpperCase() });
      assert.equal(available.data, false);
      // A second user trying to take the upper-case twin through their own profile row.
      const twin = cloud.client();
      const twinEmail = uniqueEmail('twin');
      await twin.auth.signUp({ email: twinEmail, password: 'secret-123' });
      await fetch((await latestMailTo(cloud, twinEmail)).links[0]!, { redirect: 'manual' });
      const session = await twin.auth.signInWithPassword({ email: twinEmail, password: 'secret-123' });
      const update = await twin.from('profiles').update({ username: name.toUpperCase() }).eq('id', session.data.user!.id);
      assert.equal(update.error?.code, '23505');
      assert.equal(update.status, 409);
    });

    test('a reset code stops working after a few wrong guesses, until a new one is mailed', async () => {
      const email = uniqueEmail('guess');
      await cloud.client().auth.signUp({ email, password: 'secret-123' });
      await fetch((await latestMailTo(cloud, email)).links[0]!, { redirect: 'manual' });
      await cloud.client().auth.resetPasswordForEmail(email);
      const code = String((await latestMailTo(cloud, email)).meta.otp);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const guess = await cloud.client().auth.verifyOtp({ email, token: wrong, type: 'recovery' });
        assert.equal(guess.error?.code, 'otp_expired');
      }
      const right = await cloud.client().auth.verifyOtp({ email, token: code, type: 'recovery' });
      assert.equal(right.error?.code, 'otp_expired', 'after five wrong codes even the right one is refused');
      await new Promise((resolve) => setTimeout(resolve, 1100)); // the mail's max frequency in this suite is 0 s
      await cloud.client().auth.resetPasswordForEmail(email);
      const fresh = String((await latestMailTo(cloud, email)).meta.otp);
      assert.equal((await cloud.client().auth.verifyOtp({ email, token: fresh, type: 'recovery' })).error, null);
    });

    test('a mailed code is no use as a token_hash, and the wrong-code lockout voids the link too', async () => {
      const email = uniqueEmail('hasher');
      await cloud.client().auth.signUp({ email, password: 'secret-123' });
      await fetch((await latestMailTo(cloud, email)).links[0]!, { redirect: 'manual' });
      // GoTrue's public recipe, sha224(email + code): the code alone must not make a working hash.
      const guessedHash = (code: string) =>
        createHash('sha224')
          .update(email + code)
          .digest('hex');
      for (const type of ['magiclink', 'recovery'] as const) {
        if (type === 'magiclink') await cloud.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
        else await cloud.client().auth.resetPasswordForEmail(email);
        const code = String((await latestMailTo(cloud, email)).meta.otp);
        const asHash = await cloud.client().auth.verifyOtp({ token_hash: guessedHash(code), type });
        assert.equal(asHash.error?.code, 'otp_expired', `${type}: the code made into a hash signs nobody in`);
      }

      const mail = await latestMailTo(cloud, email);
      const code = String(mail.meta.otp);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) await cloud.client().auth.verifyOtp({ email, token: wrong, type: 'recovery' });
      const linkToken = new URL(mail.links[0]!).searchParams.get('token')!;
      const byHash = await cloud.client().auth.verifyOtp({ token_hash: linkToken, type: 'recovery' });
      assert.equal(byHash.error?.code, 'otp_expired', "after five wrong codes the mail's link is void as well");
      const landed = await authFetch(cloud, `/verify?${new URL(mail.links[0]!).searchParams.toString()}`);
      assert.match(landed.headers.get('location') ?? '', /error_code=otp_expired/);
    });

    test('a mailed code expires (otp_expiry)', async () => {
      const email = uniqueEmail('late');
      await cloud.client().auth.signUp({ email, password: 'secret-123' });
      const code = String((await latestMailTo(cloud, email)).meta.otp);
      // The suite's 2 s otp_expiry passes: the time the code was sent moves back, as the clock would move on.
      await cloud.ctx.db.asOwner((tx) =>
        tx.query("update auth.users set confirmation_sent_at = confirmation_sent_at - interval '3 seconds' where email = $1", [email]),
      );
      assert.equal((await cloud.client().auth.verifyOtp({ email, token: code, type: 'signup' })).error?.code, 'otp_expired');
    });

    test('resend answers for an email change too, mailing the new address', async () => {
      const email = uniqueEmail('mover');
      const user = cloud.client();
      await user.auth.signUp({ email, password: 'secret-123' });
      await fetch((await latestMailTo(cloud, email)).links[0]!, { redirect: 'manual' });
      await user.auth.signInWithPassword({ email, password: 'secret-123' });
      const next = uniqueEmail('moved');
      assert.equal((await user.auth.updateUser({ email: next })).error, null);
      assert.equal((await mailsTo(cloud, next)).length, 1);
      const resent = await user.auth.resend({ type: 'email_change', email });
      assert.equal(resent.error, null);
      assert.equal((await mailsTo(cloud, next)).length, 2);
    });

    test('auth links land only on the site or an allowed redirect URL, never another localhost port', async () => {
      const landing = async (redirectTo: string) => {
        const email = uniqueEmail('redirect');
        await authFetch(cloud, `/signup?redirect_to=${encodeURIComponent(redirectTo)}`, {
          method: 'POST',
          body: JSON.stringify({ email, password: 'secret-123' }),
        });
        const link = new URL((await latestMailTo(cloud, email)).links[0]!);
        return link.searchParams.get('redirect_to');
      };
      assert.equal(await landing('http://localhost:6666/steal'), 'http://localhost:3000');
      assert.equal(await landing('http://evil.example/'), 'http://localhost:3000');
      assert.equal(await landing('http://localhost:3000/auth/callback'), 'http://localhost:3000/auth/callback');
      // config.toml: additional_redirect_urls = ["http://127.0.0.1:3000/**", …]
      assert.equal(await landing('http://127.0.0.1:3000/auth/callback'), 'http://127.0.0.1:3000/auth/callback');
    });

    test('a validly signed token whose sub is not a user id is refused, not a server error', async () => {
      const token = await cloud.ctx.signJwt({ sub: 'not-a-uuid', role: 'authenticated', aud: 'authenticated' }, 60);
      const user = await authFetch(cloud, '/user', { headers: { authorization: `Bearer ${token}` } });
      assert.equal(user.status, 403);
      assert.equal(user.headers.get('x-sb-error-code'), 'bad_jwt');
      const rows = await fetch(`${cloud.url}/rest/v1/portfolios`, {
        headers: { apikey: cloud.keys.anonKey, authorization: `Bearer ${token}` },
      });
      assert.equal(rows.status, 401);
    });

    test('while many sign in, other requests are answered: hashing runs off the event loop', async () => {
      const email = uniqueEmail('crowd');
      await cloud.client().auth.signUp({ email, password: 'secret-123' });
      await fetch((await latestMailTo(cloud, email)).links[0]!, { redirect: 'manual' });
      const order: string[] = [];
      const signIns = Promise.all(
        Array.from({ length: 24 }, () =>
          authFetch(cloud, '/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password: 'secret-123' }) }),
        ),
      ).then((answers) => {
        order.push('sign-ins');
        assert.ok(answers.every((answer) => answer.status === 200));
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const health = fetch(`${cloud.url}/auth/v1/health`, { headers: { apikey: cloud.keys.anonKey } }).then((answer) => {
        order.push('health');
        assert.equal(answer.status, 200);
      });
      await Promise.all([signIns, health]);
      assert.deepEqual(order, ['health', 'sign-ins'], 'a cheap request does not wait for 24 bcrypt hashes');
    });
  });
}

describe("config.toml's [auth.rate_limit]", () => {
  let cloud: TestCloud;
  const configured = authRateLimits(readProjectConfig());
  before(async () => {
    // No overrides but a small email budget, so the test need not send 30 mails.
    cloud = await startTestCloud('pglite', { rateLimits: { ...configured, emailSentPerHour: 3 }, emailSendIntervalSeconds: 0 });
  });
  after(() => cloud?.stop());

  test('are the limits in force', () => {
    assert.deepEqual({ ...cloud.ctx.config.authRateLimits, emailSentPerHour: configured.emailSentPerHour }, configured);
  });

  test('sign_in_sign_ups: one address gets that many password sign-ins per 5 minutes, then 429', async () => {
    const codes: string[] = [];
    for (let i = 0; i <= configured.signInsSignUpsPer5Min; i++) {
      const res = await authFetch(cloud, '/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
      });
      codes.push(res.headers.get('x-sb-error-code') ?? String(res.status));
    }
    assert.equal(codes.filter((code) => code === 'invalid_credentials').length, configured.signInsSignUpsPer5Min);
    assert.equal(codes.at(-1), 'over_request_rate_limit');
  });

  test('email_sent: the project sends that many auth mails an hour, then 429 and nothing changes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await authFetch(cloud, '/signup', {
        method: 'POST',
        body: JSON.stringify({ email: uniqueEmail('budget'), password: 'secret-123' }),
      });
      statuses.push(res.status);
      if (res.status === 429) assert.equal(res.headers.get('x-sb-error-code'), 'over_email_send_rate_limit');
    }
    assert.deepEqual(statuses, [200, 200, 200, 429]);
  });
});
