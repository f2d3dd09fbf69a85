import { randomBytes } from 'node:crypto';
import type { LocalCloudContext, Queryable } from '../context.ts';
import { refreshAlreadyUsed, refreshNotFound, type AuthError } from './errors.ts';
import { findUserById, loadUserJson, type UserRow } from './users.ts';

type AmrMethod = 'password' | 'otp' | 'totp';

/** Methods that are a second factor: a session holding one of them is aal2 (GoTrue's IsAAL2Claim). */
const SECOND_FACTOR_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

interface SessionRow {
  id: string;
  amr_method: string;
  created_at: Date | string;
}
interface RefreshRow {
  id: number | string;
  token: string;
  session_id: string;
  user_id: string;
  parent: string | null;
  revoked: boolean;
  updated_at: Date | string;
}
interface AmrEntry {
  method: string;
  timestamp: number;
}

const newRefreshToken = () => randomBytes(24).toString('base64url');
const unixSeconds = (v: Date | string) => Math.floor(new Date(v).getTime() / 1000);

/**
 * How the session proved who is behind it, newest first, and the level that makes (GoTrue's
 * CalculateAALAndAMR). Sessions from before claims were kept fall back to their one method.
 */
async function assurance(tx: Queryable, session: SessionRow): Promise<{ aal: 'aal1' | 'aal2'; amr: AmrEntry[] }> {
  const { rows } = await tx.query<{ authentication_method: string; updated_at: Date | string }>(
    'select authentication_method, updated_at from local_cloud.amr_claims where session_id = $1',
    [session.id],
  );
  const amr = rows.length
    ? rows.map((row) => ({ method: row.authentication_method, timestamp: unixSeconds(row.updated_at) }))
    : [{ method: session.amr_method, timestamp: unixSeconds(session.created_at) }];
  amr.sort((a, b) => b.timestamp - a.timestamp);
  return { aal: amr.some((entry) => SECOND_FACTOR_METHODS.has(entry.method)) ? 'aal2' : 'aal1', amr };
}

async function signAccessToken(ctx: LocalCloudContext, user: UserRow, sessionId: string, aal: string, amr: AmrEntry[]) {
  const claims = {
    iss: `${ctx.config.publicUrl}/auth/v1`,
    sub: user.id,
    aud: 'authenticated',
    email: user.email ?? '',
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'], ...(user.raw_app_meta_data ?? {}) },
    user_metadata: user.raw_user_meta_data ?? {},
    role: 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: false,
  };
  return ctx.signJwt(claims, accessTokenSeconds(ctx, user.id));
}

/** JWT_EXPIRY, or the lifetime a test control set for this user (testControls/). */
function accessTokenSeconds(ctx: LocalCloudContext, userId: string): number {
  return ctx.testControls?.accessTokenSeconds.get(userId) ?? ctx.config.jwtExpiry;
}

async function sessionJson(
  ctx: LocalCloudContext,
  tx: Queryable,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<SessionJson> {
  const { aal, amr } = await assurance(tx, session);
  const accessToken = await signAccessToken(ctx, user, session.id, aal, amr);
  const expiresIn = accessTokenSeconds(ctx, user.id);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    refresh_token: refreshToken,
    user: await loadUserJson(tx, user),
  };
}

/** Records (or renews) one way the session proved itself (GoTrue's AddClaimToSession). */
async function addAmrClaim(tx: Queryable, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into local_cloud.amr_claims (session_id, authentication_method) values ($1, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

/** Starts a session for a user who just proved who they are (password or mailed token). */
export async function startSession(ctx: LocalCloudContext, tx: Queryable, userId: string, method: AmrMethod): Promise<SessionJson> {
  const {
    rows: [user],
  } = await tx.query<UserRow>(`update auth.users set last_sign_in_at = now() where id = $1 returning *`, [userId]);
  const {
    rows: [session],
  } = await tx.query<SessionRow>(
    'insert into local_cloud.sessions (user_id, amr_method) values ($1, $2) returning id, amr_method, created_at',
    [userId, method],
  );
  await addAmrClaim(tx, session.id, method);
  const token = newRefreshToken();
  await tx.query('insert into local_cloud.refresh_tokens (token, session_id, user_id) values ($1, $2, $3)', [token, session.id, userId]);
  return sessionJson(ctx, tx, user, session, token);
}

/**
 * A verified second factor raises the session to aal2 (GoTrue's updateMFASessionAndClaims): the
 * claim is added, every refresh token the session had is dropped (one issued at aal1 must never
 * yield an aal2 session) and a new one issued; the user's other aal1 sessions end.
 */
export async function raiseSession(
  ctx: LocalCloudContext,
  tx: Queryable,
  sessionId: string,
  user: UserRow,
  method: AmrMethod,
  factorId: string,
): Promise<SessionJson> {
  await addAmrClaim(tx, sessionId, method);
  const {
    rows: [session],
  } = await tx.query<SessionRow>(
    `update local_cloud.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1 returning id, amr_method, created_at`,
    [sessionId, factorId],
  );
  await tx.query('delete from local_cloud.refresh_tokens where session_id = $1', [sessionId]);
  const token = newRefreshToken();
  await tx.query('insert into local_cloud.refresh_tokens (token, session_id, user_id) values ($1, $2, $3)', [token, sessionId, user.id]);
  await tx.query(`delete from local_cloud.sessions where user_id = $1 and aal = 'aal1'`, [user.id]);
  return sessionJson(ctx, tx, user, session, token);
}

/** A removed factor no longer vouches for the sessions it raised (GoTrue's DowngradeSessionsToAAL1). */
export async function lowerSessionsOfFactor(tx: Queryable, factorId: string, factorType: string): Promise<void> {
  const method = factorType === 'totp' ? 'totp' : `mfa/${factorType}`;
  await tx.query(
    `delete from local_cloud.amr_claims c using local_cloud.sessions s
      where c.session_id = s.id and s.factor_id = $1 and c.authentication_method = $2`,
    [factorId, method],
  );
  await tx.query(`update local_cloud.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factorId]);
}

/** The session's level now, from its claims (for endpoints that need aal2). */
export async function sessionAal(tx: Queryable, sessionId: string): Promise<{ aal: 'aal1' | 'aal2'; createdAt: Date } | null> {
  const {
    rows: [session],
  } = await tx.query<SessionRow>('select id, amr_method, created_at from local_cloud.sessions where id = $1', [sessionId]);
  if (!session) return null;
  return { aal: (await assurance(tx, session)).aal, createdAt: new Date(session.created_at) };
}

/**
 * The refresh_token grant with rotation: the presented token is revoked and a child issued. A revoked
 * token is honoured only within the reuse interval (a client that lost the response); after it, the
 * whole session is ended, since someone is replaying an old token.
 */
export async function refreshSession(ctx: LocalCloudContext, tx: Queryable, presented: string): Promise<SessionJson | AuthError> {
  const {
    rows: [rt],
  } = await tx.query<RefreshRow>(
    'select id, token, session_id, user_id, parent, revoked, updated_at from local_cloud.refresh_tokens where token = $1 for update',
    [presented],
  );
  if (!rt) return refreshNotFound();
  const {
    rows: [session],
  } = await tx.query<SessionRow>('select id, amr_method, created_at from local_cloud.sessions where id = $1 for update', [rt.session_id]);
  const user = await findUserById(tx, rt.user_id);
  if (!session || !user) return refreshNotFound();

  let issued: string;
  if (rt.revoked) {
    const reuseUntil = new Date(rt.updated_at).getTime() + ctx.config.refreshTokenReuseInterval * 1000;
    if (Date.now() > reuseUntil) {
      await tx.query('delete from local_cloud.sessions where id = $1', [session.id]);
      return refreshAlreadyUsed();
    }
    const {
      rows: [active],
    } = await tx.query<RefreshRow>(
      'select id, token, session_id, user_id, parent, revoked, updated_at from local_cloud.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
      [session.id],
    );
    if (active && active.parent === rt.token) {
      issued = active.token;
    } else {
      issued = newRefreshToken();
      await tx.query('insert into local_cloud.refresh_tokens (token, session_id, user_id, parent) values ($1, $2, $3, $4)', [
        issued,
        session.id,
        user.id,
        rt.token,
      ]);
    }
  } else {
    await tx.query('update local_cloud.refresh_tokens set revoked = true, updated_at = now() where id = $1', [rt.id]);
    issued = newRefreshToken();
    await tx.query('insert into local_cloud.refresh_tokens (token, session_id, user_id, parent) values ($1, $2, $3, $4)', [
      issued,
      session.id,
      user.id,
      rt.token,
    ]);
  }
  await tx.query('update local_cloud.sessions set refreshed_at = now(), updated_at = now() where id = $1', [session.id]);
  return sessionJson(ctx, tx, user, session, issued);
}

export async function sessionExists(tx: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await tx.query('select 1 from local_cloud.sessions where id = $1', [sessionId]);
  return rows.length > 0;
}
