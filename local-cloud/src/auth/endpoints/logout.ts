import type { Hono } from 'hono';
import type { AuthApi } from '../authApi.ts';
import { validationFailed } from '../errors.ts';

/** POST /logout: ends this session, the others, or all of them (scope). */
export function mountLogout(auth: Hono, api: AuthApi): void {
  auth.post('/logout', async (c) => {
    const { user, sessionId } = await api.authenticate(c);
    const scope = c.req.query('scope') ?? 'global';
    await api.ctx.db.asOwner(async (tx) => {
      if (scope === 'local') await tx.query('delete from local_cloud.sessions where id = $1', [sessionId]);
      else if (scope === 'others') await tx.query('delete from local_cloud.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
      else if (scope === 'global') await tx.query('delete from local_cloud.sessions where user_id = $1', [user.id]);
      else throw validationFailed(`Unsupported logout scope "${scope}"`);
    });
    return c.body(null, 204);
  });
}
