import { randomBytes } from 'node:crypto';
import type { LocalCloudContext, Queryable } from '../context.ts';
import { refreshAlreadyUsed, refreshNotFound, type AuthError } from './errors.ts';
import { findUserById, userJson, type UserRow } from './users.ts';

export type AmrMethod = 'password' | 'otp';

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

const newRefreshToken = () => randomBytes(24).toString('base64url');

export async function signAccessToken(ctx: LocalCloudContext, user: UserRow, sessionId: string, method: string, authTime: number) {
  const claims = {
    iss: `${ctx.config.publicUrl}/auth/v1`,
    sub: user.id,
    aud: 'authenticated',
    email: user.email ?? '',
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'], ...(user.raw_app_meta_data ?? {}) },
    user_metadata: user.raw_user_meta_data ?? {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method, timestamp: authTime }],
    session_id: sessionId,
    is_anonymous: false,
  };
  return ctx.signJwt(claims, ctx.config.jwtExpiry);
}

async function sessionJson(ctx: LocalCloudContext, user: UserRow, session: SessionRow, refreshToken: string): Promise<SessionJson> {
  const authTime = Math.floor(new Date(session.created_at).getTime() / 1000);
  const accessToken = await signAccessToken(ctx, user, session.id, session.amr_method, authTime);
  const expiresIn = ctx.config.jwtExpiry;
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    refresh_token: refreshToken,
    user: userJson(user),
  };
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
  const token = newRefreshToken();
  await tx.query('insert into local_cloud.refresh_tokens (token, session_id, user_id) values ($1, $2, $3)', [token, session.id, userId]);
  return sessionJson(ctx, user, session, token);
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
  return sessionJson(ctx, user, session, issued);
}

export async function sessionExists(tx: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await tx.query('select 1 from local_cloud.sessions where id = $1', [sessionId]);
  return rows.length > 0;
}
