// Two-factor sign-in through the real supabase-js, as GoTrue answers it: enrolment with the secret,
// otpauth URI and QR code, challenge and verify (RFC 6238, ±1 step, each code once), aal/amr in the
// tokens through refresh, unenrolment, config.toml's [auth.mfa]; and as an attacker tries it.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { readAuthSettings } from '../src/auth/authSettings.ts';
import { base32Decode, matchingTotpStep, totpCodeAt } from '../src/auth/totp.ts';
import {
  JOURNEY_AND_RACE_BACKENDS,
  journeyTestOn,
  latestMailTo,
  raceTestOn,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
} from './support/cloud.ts';
import {
  authAnswer,
  claimsOf,
  clientFrom,
  codeFor,
  nextAddress,
  passwordOnly,
  signedInFrom,
  twoFactorUser,
  wrongCodeFor,
} from './support/twoFactor.ts';

after(stopClusters);

describe('TOTP as RFC 6238 defines it', () => {
  test("the RFC's SHA-1 test vectors, six digits", () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T0 = 0, X = 30 (its codes are 8 digits; ours are the last 6).
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    assert.equal(base32Decode(secret).toString(), '12345678901234567890');
    assert.equal(totpCodeAt(secret, Math.floor(59 / 30)), '287082');
    assert.equal(totpCodeAt(secret, Math.floor(1111111109 / 30)), '081804');
    assert.equal(totpCodeAt(secret, Math.floor(20000000000 / 30)), '353130');
  });

  test('one step of skew either way, no more', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const at = 1111111109;
    const step = Math.floor(at / 30);
    assert.equal(matchingTotpStep(secret, totpCodeAt(secret, step - 1), at), step - 1);
    assert.equal(matchingTotpStep(secret, totpCodeAt(secret, step + 1), at), step + 1);
    assert.equal(matchingTotpStep(secret, totpCodeAt(secret, step - 2), at), null);
    assert.equal(matchingTotpStep(secret, totpCodeAt(secret, step + 2), at), null);
    assert.equal(matchingTotpStep(secret, '12345', at), null, 'five digits');
    assert.equal(matchingTotpStep(secret, '12345a', at), null);
  });
});

describe("config.toml's [auth.mfa]", () => {
  test('the project file turns TOTP on; a file without it leaves enrolment and verification off', async () => {
    const project = readAuthSettings();
    assert.equal(project.totpEnrollEnabled, true);
    assert.equal(project.totpVerifyEnabled, true);
    assert.equal(project.maxEnrolledFactors, 10);
    assert.equal(project.securePasswordChange, true);
    assert.equal(project.mfaVerificationHook, '"public"."hook_mfa_verification_attempt"');

    const dir = await mkdtemp(path.join(os.tmpdir(), 'mfa-config-'));
    try {
      const file = path.join(dir, 'config.toml');
      await writeFile(file, '[auth]\nsite_url = "http://localhost:3000"\n');
      const bare = readAuthSettings(file, {});
      assert.equal(bare.totpEnrollEnabled, false, 'off unless config.toml says so, as the CLI');
      assert.equal(bare.totpVerifyEnabled, false);
      assert.equal(bare.mfaVerificationHook, null);
      assert.equal(bare.recentSignInSeconds, 86_400, "GoTrue's 24 hours");
      await writeFile(file, '[auth.mfa]\nmax_enrolled_factors = 3\n[auth.mfa.totp]\nenroll_enabled = false\nverify_enabled = true\n');
      const custom = readAuthSettings(file, { AUTH_RECENT_SIGN_IN_SECONDS: '0' });
      assert.equal(custom.maxEnrolledFactors, 3);
      assert.equal(custom.totpEnrollEnabled, false);
      assert.equal(custom.totpVerifyEnabled, true);
      assert.equal(custom.recentSignInSeconds, 0);
      await writeFile(
        file,
        '[auth.hook.mfa_verification_attempt]\nenabled = true\nuri = "pg-functions://postgres/public/x; drop table y"\n',
      );
      assert.throws(() => readAuthSettings(file, {}), /pg-functions/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

for (const backend of JOURNEY_AND_RACE_BACKENDS) {
  describe(`two-factor sign-in on ${backend}`, { skip: skipFor(backend) }, () => {
    const journey = journeyTestOn(backend);
    const race = raceTestOn(backend);
    let cloud: TestCloud;
    before(async () => {
      cloud = await startTestCloud(backend);
    });
    after(() => cloud?.stop());

    journey('enrol answers the secret, the otpauth URI and a QR code; the factor waits unverified in GET /user', async () => {
      const { sb, email } = await signedInFrom(cloud);
      const { data, error } = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work phone 📱' });
      assert.equal(error, null);
      assert.equal(data!.type, 'totp');
      assert.equal(data!.friendly_name, 'Work phone 📱');
      assert.match(data!.totp.secret, /^[A-Z2-7]{32}$/, '20 random bytes in base32');
      const uri = new URL(data!.totp.uri);
      assert.equal(uri.protocol, 'otpauth:');
      assert.equal(uri.host, 'totp');
      assert.equal(decodeURIComponent(uri.pathname), `/localhost:3000:${email}`);
      assert.equal(uri.searchParams.get('secret'), data!.totp.secret);
      assert.equal(uri.searchParams.get('issuer'), 'localhost:3000');
      assert.equal(uri.searchParams.get('algorithm'), 'SHA1');
      assert.equal(uri.searchParams.get('digits'), '6');
      assert.equal(uri.searchParams.get('period'), '30');
      // supabase-js makes a data: URL of the SVG as the server sent it; a '#' would cut it short.
      assert.ok(data!.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<?xml'));
      assert.match(data!.totp.qr_code, /<svg [^>]*width="\d+"[^>]*>[\s\S]*<rect [\s\S]*<\/svg>/);
      assert.ok(!data!.totp.qr_code.includes('#'));

      const { data: user } = await sb.auth.getUser();
      assert.deepEqual(
        user.user?.factors?.map((f) => [f.id, f.factor_type, f.status, f.friendly_name]),
        [[data!.id, 'totp', 'unverified', 'Work phone 📱']],
      );
      const listed = await sb.auth.mfa.listFactors();
      assert.equal(listed.data?.all.length, 1);
      assert.equal(listed.data?.totp.length, 0, 'only verified factors count as totp factors');
      const level = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
      assert.deepEqual([level.data?.currentLevel, level.data?.nextLevel], ['aal1', 'aal1'], 'an unverified factor asks nothing yet');
    });

    journey('the first code verifies the factor and raises the session to aal2, with MFA_CHALLENGE_VERIFIED', async () => {
      const { sb } = await signedInFrom(cloud);
      const events: AuthChangeEvent[] = [];
      sb.auth.onAuthStateChange((event) => void events.push(event));
      const { data: factor } = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
      const { data: challenge, error } = await sb.auth.mfa.challenge({ factorId: factor!.id });
      assert.equal(error, null);
      assert.equal(challenge!.type, 'totp');
      const now = Math.floor(Date.now() / 1000);
      assert.ok(challenge!.expires_at >= now + 295 && challenge!.expires_at <= now + 301, 'five minutes to answer');

      const verified = await sb.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: codeFor(factor!.totp.secret) });
      assert.equal(verified.error, null);
      const claims = claimsOf(verified.data!.access_token);
      assert.equal(claims.aal, 'aal2');
      assert.deepEqual(claims.amr?.map((entry) => entry.method).sort(), ['password', 'totp']);
      assert.ok(events.includes('MFA_CHALLENGE_VERIFIED'));
      assert.equal(verified.data!.user.factors?.[0]?.status, 'verified');
      const level = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
      assert.deepEqual([level.data?.currentLevel, level.data?.nextLevel], ['aal2', 'aal2']);
    });

    journey('signing in again asks for the code: aal1 until a right one, and a wrong one is refused', async () => {
      const owner = await twoFactorUser(cloud);
      const { sb, session } = await passwordOnly(cloud, owner);
      assert.equal(claimsOf(session.access_token).aal, 'aal1');
      const level = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
      assert.deepEqual([level.data?.currentLevel, level.data?.nextLevel], ['aal1', 'aal2']);

      const wrong = await sb.auth.mfa.challengeAndVerify({ factorId: owner.factorId, code: wrongCodeFor(owner.secret) });
      assert.equal(wrong.error?.code, 'mfa_verification_failed');
      assert.equal(wrong.error?.status, 422);
      assert.equal(wrong.error?.message, 'Invalid TOTP code entered');
      const empty = await sb.auth.mfa.challengeAndVerify({ factorId: owner.factorId, code: '' });
      assert.equal(empty.error?.code, 'validation_failed');

      const right = await sb.auth.mfa.challengeAndVerify({ factorId: owner.factorId, code: codeFor(owner.secret, 1) });
      assert.equal(right.error, null);
      assert.equal(claimsOf(right.data!.access_token).aal, 'aal2');
    });

    journey('a code works once: replayed on a new challenge, or an older one after it, it is refused', async () => {
      const owner = await twoFactorUser(cloud);
      const { sb } = await passwordOnly(cloud, owner);
      const next = codeFor(owner.secret, 1);
      assert.equal((await sb.auth.mfa.challengeAndVerify({ factorId: owner.factorId, code: next })).error, null);
      const { sb: thief } = await passwordOnly(cloud, owner);
      const replay = await thief.auth.mfa.challengeAndVerify({ factorId: owner.factorId, code: next });
      assert.equal(replay.error?.code, 'mfa_verification_failed', 'the same code again');
      const older = await thief.auth.mfa.challengeAndVerify({ factorId: owner.factorId, code: codeFor(owner.secret) });
      assert.equal(older.error?.code, 'mfa_verification_failed', 'a code from before the one used');

      // A challenge answered once cannot be answered again either.
      const { sb: again } = await passwordOnly(cloud, owner);
      const challenge = await again.auth.mfa.challenge({ factorId: owner.factorId });
      await cloud.ctx.db.asOwner((tx) =>
        tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.data!.id]),
      );
      const reused = await again.auth.mfa.verify({
        factorId: owner.factorId,
        challengeId: challenge.data!.id,
        code: codeFor(owner.secret),
      });
      assert.equal(reused.error?.code, 'mfa_ip_address_mismatch');
    });

    race('two verifications racing with one code: exactly one session gets aal2', async () => {
      for (let round = 0; round < 5; round++) {
        const owner = await twoFactorUser(cloud);
        const clients = await Promise.all([passwordOnly(cloud, owner), passwordOnly(cloud, owner), passwordOnly(cloud, owner)]);
        const challenges = await Promise.all(clients.map(({ sb }) => sb.auth.mfa.challenge({ factorId: owner.factorId })));
        const code = codeFor(owner.secret, 1);
        const results = await Promise.all(
          clients.map(({ sb }, i) => sb.auth.mfa.verify({ factorId: owner.factorId, challengeId: challenges[i]!.data!.id, code })),
        );
        assert.equal(results.filter((r) => r.error === null).length, 1, `round ${round}: one winner`);
        // A loser was refused the code, or found its aal1 session already ended by the winner.
        for (const r of results.filter((x) => x.error))
          assert.ok(r.error?.code === 'mfa_verification_failed' || r.error?.name === 'AuthSessionMissingError');
      }
    });

    journey('refresh keeps aal2 and the amr claims; the refresh token from before the code is dead', async () => {
      const owner = await twoFactorUser(cloud);
      const { sb, session: before } = await passwordOnly(cloud, owner);
      const verified = await sb.auth.mfa.challengeAndVerify({ factorId: owner.factorId, code: codeFor(owner.secret, 1) });
      assert.notEqual(verified.data!.refresh_token, before.refresh_token, 'a new refresh token comes with aal2');
      const refreshed = await sb.auth.refreshSession({ refresh_token: verified.data!.refresh_token });
      assert.equal(refreshed.error, null);
      const claims = claimsOf(refreshed.data.session!.access_token);
      assert.equal(claims.aal, 'aal2');
      assert.deepEqual(claims.amr?.map((entry) => entry.method).sort(), ['password', 'totp']);
      // Someone holding the aal1 refresh token must not come out of it with the raised session.
      const stale = await cloud.client().auth.refreshSession({ refresh_token: before.refresh_token });
      assert.equal(stale.error?.code, 'refresh_token_not_found');
    });

    journey("raising one session ends the user's other aal1 sessions (GoTrue's InvalidateSessionsWithAALLessThan)", async () => {
      const owner = await twoFactorUser(cloud);
      const { session: lingering } = await passwordOnly(cloud, owner);
      const { sb } = await passwordOnly(cloud, owner);
      assert.equal((await sb.auth.mfa.challengeAndVerify({ factorId: owner.factorId, code: codeFor(owner.secret, 1) })).error, null);
      assert.deepEqual(await authAnswer(cloud, '/user', lingering.access_token), { status: 403, code: 'session_not_found' });
      assert.equal((await owner.sb.auth.getUser()).error, null, 'the aal2 session that enrolled stays');
    });

    journey('an aal1 session of a user with a verified factor may not add or remove factors, nor change password or email', async () => {
      const owner = await twoFactorUser(cloud);
      const { sb } = await passwordOnly(cloud, owner);
      const enrol = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: "Attacker's phone" });
      assert.equal(enrol.error?.code, 'insufficient_aal');
      assert.equal(enrol.error?.status, 403);
      const unenrol = await sb.auth.mfa.unenroll({ factorId: owner.factorId });
      assert.equal(unenrol.error?.code, 'insufficient_aal');
      assert.equal(unenrol.error?.status, 422);
      const password = await sb.auth.updateUser({ password: 'taken-over-1' });
      assert.equal(password.error?.code, 'insufficient_aal');
      assert.equal(password.error?.status, 401);
      const email = await sb.auth.updateUser({ email: 'attacker@example.com' });
      assert.equal(email.error?.code, 'insufficient_aal');
      assert.equal((await sb.auth.updateUser({ data: { theme: 'dark' } })).error, null, 'harmless metadata still saves');
      assert.equal((await cloud.client().auth.signInWithPassword({ email: owner.email, password: owner.password })).error, null);
    });

    journey("another user's factor and challenge are not found", async () => {
      const victim = await twoFactorUser(cloud);
      const attacker = await twoFactorUser(cloud);
      const challenge = await attacker.sb.auth.mfa.challenge({ factorId: victim.factorId });
      assert.equal(challenge.error?.code, 'mfa_factor_not_found');
      assert.equal(challenge.error?.status, 404);
      const verify = await attacker.sb.auth.mfa.verify({ factorId: victim.factorId, challengeId: crypto.randomUUID(), code: '123456' });
      assert.equal(verify.error?.code, 'mfa_factor_not_found');
      assert.equal((await attacker.sb.auth.mfa.unenroll({ factorId: victim.factorId })).error?.code, 'mfa_factor_not_found');
      // The attacker's own challenge, verified against the victim's factor id: still not found.
      const own = await attacker.sb.auth.mfa.challenge({ factorId: attacker.factorId });
      const crossed = await attacker.sb.auth.mfa.verify({ factorId: attacker.factorId, challengeId: crypto.randomUUID(), code: '123456' });
      assert.equal(crossed.error?.code, 'mfa_factor_not_found');
      assert.equal(crossed.error?.status, 422);
      const victimCode = await attacker.sb.auth.mfa.verify({
        factorId: attacker.factorId,
        challengeId: own.data!.id,
        code: codeFor(victim.secret, 1),
      });
      assert.equal(victimCode.error?.code, 'mfa_verification_failed', "the victim's code is no code for the attacker's factor");
      const badId = await attacker.sb.auth.mfa.challenge({ factorId: 'not-a-uuid' });
      assert.equal(badId.error?.status, 404);
    });

    journey('an expired challenge is refused and removed; a challenge is answered from the address that asked for it', async () => {
      const owner = await twoFactorUser(cloud);
      const { sb } = await passwordOnly(cloud, owner);
      const challenge = await sb.auth.mfa.challenge({ factorId: owner.factorId });
      await cloud.ctx.db.asOwner((tx) =>
        tx.query(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [challenge.data!.id]),
      );
      const late = await sb.auth.mfa.verify({ factorId: owner.factorId, challengeId: challenge.data!.id, code: codeFor(owner.secret, 1) });
      assert.equal(late.error?.code, 'mfa_challenge_expired');
      const gone = await cloud.ctx.db.asOwner((tx) => tx.query('select 1 from auth.mfa_challenges where id = $1', [challenge.data!.id]));
      assert.equal(gone.rows.length, 0);

      const elsewhere = clientFrom(cloud, nextAddress());
      await elsewhere.auth.setSession((await sb.auth.getSession()).data.session!);
      const fromHere = await sb.auth.mfa.challenge({ factorId: owner.factorId });
      const fromThere = await elsewhere.auth.mfa.verify({
        factorId: owner.factorId,
        challengeId: fromHere.data!.id,
        code: codeFor(owner.secret, 1),
      });
      assert.equal(fromThere.error?.code, 'mfa_ip_address_mismatch');
    });

    journey('unenrol from aal2 removes the factor from GET /user and lowers the sessions it raised', async () => {
      const owner = await twoFactorUser(cloud);
      const { data, error } = await owner.sb.auth.mfa.unenroll({ factorId: owner.factorId });
      assert.equal(error, null);
      assert.deepEqual(data, { id: owner.factorId });
      const { data: user } = await owner.sb.auth.getUser();
      assert.equal(user.user?.factors, undefined, 'no factors left, none listed (as GoTrue omits them)');
      const refreshed = await owner.sb.auth.refreshSession();
      assert.equal(claimsOf(refreshed.data.session!.access_token).aal, 'aal1');
      assert.deepEqual(
        claimsOf(refreshed.data.session!.access_token).amr?.map((entry) => entry.method),
        ['password'],
      );
      const mail = await latestMailTo(cloud, owner.email);
      assert.equal(mail.subject, 'An MFA factor was removed', '[auth.email.notification.mfa_factor_unenrolled]');
    });

    journey('friendly names are unique per user; enrolled factors are capped by max_enrolled_factors', async () => {
      const { sb } = await signedInFrom(cloud);
      assert.equal((await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).error, null);
      const twin = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
      assert.equal(twin.error?.code, 'mfa_factor_name_conflict');
      assert.equal(twin.error?.status, 422);
      for (let i = 2; i <= 10; i++)
        assert.equal((await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: `Phone ${i}` })).error, null);
      const eleventh = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone 11' });
      assert.equal(eleventh.error?.code, 'too_many_enrolled_mfa_factors');
      // Half-made factors expire after five minutes and no longer count.
      await cloud.ctx.db.asOwner((tx) =>
        tx.query(`update auth.mfa_factors set created_at = now() - interval '6 minutes' where friendly_name = 'Phone 2'`),
      );
      assert.equal((await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone 11' })).error, null);
      // A second user may use the same names.
      const other = await signedInFrom(cloud);
      assert.equal((await other.sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).error, null);
    });

    journey('only TOTP is served: phone and WebAuthn answer disabled, anything else is refused; no token, no factor', async () => {
      const { sb, session } = await signedInFrom(cloud);
      const phone = await sb.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
      assert.equal(phone.error?.code, 'mfa_phone_enroll_not_enabled');
      const webauthn = await sb.auth.mfa.enroll({ factorType: 'webauthn' } as never);
      assert.equal(webauthn.error?.code, 'mfa_webauthn_enroll_not_enabled');
      const odd = await fetch(`${cloud.url}/auth/v1/factors`, {
        method: 'POST',
        headers: { apikey: cloud.keys.anonKey, authorization: `Bearer ${session!.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ factor_type: 'sms' }),
      });
      assert.equal(odd.status, 400);
      assert.equal(((await odd.json()) as { code: string }).code, 'validation_failed');
      const anonymous = await fetch(`${cloud.url}/auth/v1/factors`, {
        method: 'POST',
        headers: { apikey: cloud.keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ factor_type: 'totp' }),
      });
      assert.equal(anonymous.status, 401);
      assert.match(((await anonymous.json()) as { msg: string }).msg, /Bearer token/);
    });

    journey('brute force per factor: after ten wrong codes even the right one is rejected and every session ends', async () => {
      const owner = await twoFactorUser(cloud);
      const { sb } = await passwordOnly(cloud, owner);
      const wrong = wrongCodeFor(owner.secret);
      for (let i = 0; i < 10; i++) {
        const attempt = await sb.auth.mfa.challengeAndVerify({ factorId: owner.factorId, code: wrong });
        assert.equal(attempt.error?.code, 'mfa_verification_failed', `attempt ${i + 1}`);
      }
      const right = await sb.auth.mfa.challengeAndVerify({ factorId: owner.factorId, code: codeFor(owner.secret, 1) });
      assert.equal(right.error?.code, 'mfa_verification_rejected');
      assert.equal(right.error?.status, 403);
      assert.match(right.error!.message, /Too many wrong codes/);
      const ownerSession = (await owner.sb.auth.getSession()).data.session!;
      assert.equal(
        (await authAnswer(cloud, '/user', ownerSession.access_token)).code,
        'session_not_found',
        'signed out everywhere, as GoTrue does on reject',
      );
      // Another account's factor is untouched by this one's lockout.
      const neighbour = await twoFactorUser(cloud);
      assert.equal(
        (await neighbour.sb.auth.mfa.challengeAndVerify({ factorId: neighbour.factorId, code: codeFor(neighbour.secret, 1) })).error,
        null,
      );
    });

    journey('brute force per IP: challenges and verifications are limited per address, bursts of 30', async () => {
      const owner = await twoFactorUser(cloud);
      const attacker = clientFrom(cloud, nextAddress());
      await passwordOnly(cloud, owner, attacker);
      const codes: (string | undefined)[] = [];
      for (let i = 0; i < 32; i++) codes.push((await attacker.auth.mfa.challenge({ factorId: owner.factorId })).error?.code);
      assert.equal(codes.filter((code) => code === undefined).length, 30);
      assert.equal(codes.at(-1), 'over_request_rate_limit');
      const neighbour = clientFrom(cloud, nextAddress());
      await passwordOnly(cloud, owner, neighbour);
      assert.equal((await neighbour.auth.mfa.challenge({ factorId: owner.factorId })).error, null, 'another address is not held back');
    });

    // What each level may do is the policies' (supabase/tests/two_factor.test.sql); this is that the
    // level in the token local-cloud signs reaches them, as PostgREST passes its claims on.
    journey("the database sees the session's level: a verified factor with the password alone is not enough, the code is", async () => {
      const owner = await twoFactorUser(cloud);
      const { sb: aal1 } = await passwordOnly(cloud, owner);
      assert.equal((await aal1.rpc('mfa_satisfied')).data, false);
      assert.equal((await owner.sb.rpc('mfa_satisfied')).data, true);
      const plain = await signedInFrom(cloud);
      assert.equal((await plain.sb.rpc('mfa_satisfied')).data, true, 'no factor: aal1 is enough');
    });
  });
}
