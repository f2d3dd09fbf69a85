import type { Context, Hono } from 'hono';
import type { Queryable } from '../../context.ts';
import { clientIp } from '../../http/body.ts';
import type { AuthApi } from '../authApi.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { sendFactorNotification } from '../mailer.ts';
import { ChallengeFactorBody, EnrollFactorBody, VerifyFactorBody } from '../schemas.ts';
import { lowerSessionsOfFactor, raiseSession, sessionAal } from '../sessions.ts';
import { matchingTotpStep, newTotpSecret, otpauthUri, qrCodeSvg } from '../totp.ts';
import { findFactors, type FactorRow, type UserRow } from '../users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date | string;
  verified_at: Date | string | null;
  ip_address: string;
}

/** What the MFA verification hook may answer (Supabase's documented output, or a hook error). */
interface HookAnswer {
  decision?: string;
  message?: string;
  error?: { http_code?: number; message?: string };
}

const insufficientAal = (status: 403 | 422, message: string) => new AuthError(status, 'insufficient_aal', message);
const verificationFailed = () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
const disabledFor = (factorType: string, what: 'enroll' | 'verify') => {
  const names: Record<string, string> = { totp: 'TOTP', phone: 'Phone', webauthn: 'WebAuthn' };
  const code = `mfa_${factorType}_${what}_not_enabled`;
  return new AuthError(
    422,
    code,
    what === 'enroll' ? `MFA enroll is disabled for ${names[factorType]}` : `MFA verification is disabled for ${names[factorType]}`,
  );
};
const sameIp = (a: string, b: string) => a.replace(/^::ffff:/, '') === b.replace(/^::ffff:/, '');

/**
 * /factors: enrol, challenge, verify and remove second factors as GoTrue does. Only TOTP is served
 * (phone needs an SMS provider, WebAuthn an RP configuration: both answer "disabled", as GoTrue does
 * when they are off). Beyond GoTrue, a TOTP code is taken once per factor (RFC 6238 section 5.2).
 */
export function mountFactors(auth: Hono, api: AuthApi): void {
  const { ctx, settings } = api;

  async function loadFactor(c: Context, user: UserRow): Promise<FactorRow> {
    const id = c.req.param('factorId') ?? '';
    if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
    const factor = (await ctx.db.asOwner((tx) => findFactors(tx, user.id))).find((f) => f.id === id.toLowerCase());
    // Another user's factor is as unknown as one that never existed.
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    return factor;
  }

  async function isAal2(tx: Queryable, sessionId: string) {
    return (await sessionAal(tx, sessionId))?.aal === 'aal2';
  }

  /** The configured Postgres hook, in its own transaction: what it records stays even when the code was wrong. */
  async function askVerificationHook(c: Context, user: UserRow, factor: FactorRow, valid: boolean): Promise<void> {
    const hook = settings.mfaVerificationHook;
    if (!hook) return;
    const input = {
      metadata: { uuid: crypto.randomUUID(), time: new Date().toISOString(), name: 'mfa-verification', ip_address: clientIp(c) },
      user_id: user.id,
      factor_id: factor.id,
      factor_type: factor.factor_type,
      valid,
    };
    const answer = await ctx.db.asOwner(async (tx) => {
      await tx.query(`set local statement_timeout = '2s'`);
      // As GoTrue runs a Postgres hook: as supabase_auth_admin, under its grants and row-level security.
      await tx.query('set local role supabase_auth_admin');
      const { rows } = await tx.query<{ answer: HookAnswer | null }>(`select ${hook}($1::jsonb) as answer`, [JSON.stringify(input)]);
      return rows[0]?.answer ?? {};
    });
    if (answer.error?.message) {
      const status = answer.error.http_code && answer.error.http_code >= 400 && answer.error.http_code < 600 ? answer.error.http_code : 500;
      throw new AuthError(status as 400, status === 500 ? 'unexpected_failure' : 'unknown', answer.error.message);
    }
    if (answer.decision === 'reject') {
      // As GoTrue: a rejected attempt signs the user out everywhere.
      await ctx.db.asOwner((tx) => tx.query('delete from local_cloud.sessions where user_id = $1', [user.id]));
      throw new AuthError(403, 'mfa_verification_rejected', answer.message || 'Further MFA verification attempts will be rejected.');
    }
  }

  auth.post('/factors', async (c) => {
    const { user, sessionId } = await api.authenticate(c);
    const input = await api.body(c, EnrollFactorBody);
    const factorType = input.factor_type ?? '';
    if (!['totp', 'phone', 'webauthn'].includes(factorType)) throw validationFailed('factor_type needs to be totp, phone, or webauthn');
    if (factorType !== 'totp' || !settings.totpEnrollEnabled) throw disabledFor(factorType, 'enroll');
    const friendlyName = input.friendly_name ?? '';
    const issuer = input.issuer || new URL(ctx.config.siteUrl ?? 'http://localhost:3000').host;

    const secret = newTotpSecret();
    const uri = otpauthUri(issuer, user.email ?? '', secret);
    const factor = await ctx.db.asOwner(async (tx) => {
      // Unverified factors left half-way expire (GoTrue's DeleteExpiredFactors).
      await tx.query(`delete from auth.mfa_factors where status = 'unverified' and created_at < now() - make_interval(secs => $1)`, [
        settings.unverifiedFactorExpirySeconds,
      ]);
      const factors = await findFactors(tx, user.id);
      if (factors.some((f) => (f.friendly_name ?? '') === friendlyName)) {
        throw new AuthError(
          422,
          'mfa_factor_name_conflict',
          `A factor with the friendly name "${friendlyName}" for this user already exists`,
        );
      }
      const verified = factors.filter((f) => f.status === 'verified').length;
      if (factors.length >= settings.maxEnrolledFactors || verified >= settings.maxVerifiedFactors) {
        throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
      }
      if (verified > 0 && !(await isAal2(tx, sessionId))) throw insufficientAal(403, 'AAL2 required to enroll a new factor');
      const { rows } = await tx.query<{ id: string }>(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
         values (gen_random_uuid(), $1, $2, 'totp', 'unverified', $3, now(), now()) returning id`,
        [user.id, friendlyName, secret],
      );
      return rows[0];
    });
    return c.json({ id: factor.id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCodeSvg(uri), secret, uri } });
  });

  auth.post('/factors/:factorId/challenge', async (c) => {
    const { user } = await api.authenticate(c);
    const factor = await loadFactor(c, user);
    api.limitFactor(c, 'challenge');
    await api.body(c, ChallengeFactorBody);
    if (factor.factor_type !== 'totp' || !settings.totpVerifyEnabled) throw disabledFor(factor.factor_type, 'verify');
    const challenge = await ctx.db.asOwner(async (tx) => {
      await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
      const { rows } = await tx.query<ChallengeRow>(
        'insert into auth.mfa_challenges (id, factor_id, ip_address, created_at) values (gen_random_uuid(), $1, $2, now()) returning id, created_at',
        [factor.id, clientIp(c).replace(/^::ffff:/, '')],
      );
      return rows[0];
    });
    const expiresAt = Math.floor(new Date(challenge.created_at).getTime() / 1000) + settings.challengeExpirySeconds;
    return c.json({ id: challenge.id, type: 'totp', expires_at: expiresAt });
  });

  auth.post('/factors/:factorId/verify', async (c) => {
    const { user, sessionId } = await api.authenticate(c);
    const factor = await loadFactor(c, user);
    api.limitFactor(c, 'verify');
    const input = await api.body(c, VerifyFactorBody);
    if (!input.code) throw validationFailed('Code needs to be non-empty');
    if (factor.factor_type !== 'totp' || !settings.totpVerifyEnabled) throw disabledFor(factor.factor_type, 'verify');
    const challengeId = input.challenge_id ?? '';

    const challengeMissing = () => new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    /** GoTrue's validateChallenge: this factor's, from this address, not used, not expired. */
    async function checkChallenge(tx: Queryable, lock: boolean): Promise<ChallengeRow | AuthError> {
      if (!UUID.test(challengeId)) return challengeMissing();
      const { rows } = await tx.query<ChallengeRow>(
        `select id, factor_id, created_at, verified_at, host(ip_address) as ip_address from auth.mfa_challenges
          where id = $1 and factor_id = $2${lock ? ' for update' : ''}`,
        [challengeId, factor.id],
      );
      const challenge = rows[0];
      if (!challenge) return challengeMissing();
      if (challenge.verified_at || !sameIp(challenge.ip_address, clientIp(c))) {
        return new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
      }
      if (Date.now() - new Date(challenge.created_at).getTime() > settings.challengeExpirySeconds * 1000) {
        return new AuthError(
          422,
          'mfa_challenge_expired',
          `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
        );
      }
      return challenge;
    }
    const lastUsedStep = async (tx: Queryable) =>
      Number(
        (await tx.query<{ step: string }>('select step from local_cloud.totp_used_steps where factor_id = $1', [factor.id])).rows[0]
          ?.step ?? -1,
      );

    const checked = await ctx.db.asOwner(async (tx) => ({ challenge: await checkChallenge(tx, false), lastStep: await lastUsedStep(tx) }));
    if (checked.challenge instanceof AuthError) {
      if (checked.challenge.code === 'mfa_challenge_expired') {
        await ctx.db.asOwner((tx) => tx.query('delete from auth.mfa_challenges where id = $1', [challengeId]));
      }
      throw checked.challenge;
    }
    const step = matchingTotpStep(factor.secret ?? '', input.code);
    // A code already taken (or one older than it) is no better than a wrong one.
    const valid = step !== null && step > checked.lastStep;
    await askVerificationHook(c, user, factor, valid);
    if (!valid || step === null) throw verificationFailed();

    const { session, newlyVerified } = await ctx.db.asOwner(async (tx) => {
      // Checked again under locks: of two requests with one code, one wins.
      const challenge = await checkChallenge(tx, true);
      if (challenge instanceof AuthError) throw challenge;
      await tx.query('select id from auth.mfa_factors where id = $1 for update', [factor.id]);
      if (step <= (await lastUsedStep(tx))) throw verificationFailed();
      await tx.query(
        `insert into local_cloud.totp_used_steps (factor_id, step) values ($1, $2) on conflict (factor_id) do update set step = excluded.step`,
        [factor.id, step],
      );
      await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
      const firstTime = factor.status !== 'verified';
      if (firstTime) await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      // A verified factor makes the user's other half-made ones of its type moot.
      await tx.query(`delete from auth.mfa_factors where user_id = $1 and factor_type = $2 and status = 'unverified' and id <> $3`, [
        user.id,
        factor.factor_type,
        factor.id,
      ]);
      return { session: await raiseSession(ctx, tx, sessionId, user, 'totp', factor.id), newlyVerified: firstTime };
    });
    if (newlyVerified && settings.notifyFactorEnrolled && user.email) await sendFactorNotification(ctx, user.email, 'enrolled');
    return c.json(session);
  });

  auth.delete('/factors/:factorId', async (c) => {
    const { user, sessionId } = await api.authenticate(c);
    const factor = await loadFactor(c, user);
    await ctx.db.asOwner(async (tx) => {
      if (factor.status === 'verified' && !(await isAal2(tx, sessionId))) {
        throw insufficientAal(422, 'AAL2 required to unenroll verified factor');
      }
      await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
      await lowerSessionsOfFactor(tx, factor.id, factor.factor_type);
    });
    if (factor.status === 'verified' && settings.notifyFactorUnenrolled && user.email) {
      await sendFactorNotification(ctx, user.email, 'unenrolled');
    }
    return c.json({ id: factor.id });
  });
}
