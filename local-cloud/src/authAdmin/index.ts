// GoTrue's admin API, the calls the app's functions make, with the service role's token:
// DELETE /auth/v1/admin/users/{id} (supabase-js `auth.admin.deleteUser`, from the account function)
// GET /auth/v1/admin/users/{id} (`auth.admin.getUserById`: whom the payment functions mail a receipt)
// and POST /auth/v1/admin/users (`auth.admin.createUser`: the browser tests' confirmed accounts).
// A user's rows go with them: every table references auth.users with `on delete cascade`, this
// stand-in's own sessions and refresh tokens included. Mounted before the rest of /auth/v1 and kept
// apart from it; the errors are GoTrue's own (auth/errors.ts).
import type { Context } from 'hono';
import type { MountRoutes } from '../context.ts';
import { z } from 'zod';
import { checkPasswordStrength, requireEmail } from '../auth/authApi.ts';
import { API_VERSION, AuthError, sendAuthError } from '../auth/errors.ts';
import { findUserByEmail, findUserById, insertUser, loadUserJson } from '../auth/users.ts';

/** GoTrue's AdminUserParams, the fields local-cloud reads (unknown ones are ignored, as there). */
const CreateUserBody = z.looseObject({
  email: z.string().optional(),
  password: z.string().optional(),
  email_confirm: z.boolean().optional(),
  user_metadata: z.record(z.string(), z.unknown()).nullish(),
  app_metadata: z.record(z.string(), z.unknown()).nullish(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const mountAuthAdmin: MountRoutes = (app, ctx) => {
  const minimumPasswordLength = ctx.config.minimumPasswordLength ?? 6;
  /** GoTrue's refusal of a caller without the service role's token, or undefined for an admin. */
  async function refusal(c: Context): Promise<Response | undefined> {
    const token = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) return sendAuthError(c, new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'));
    let role: string;
    try {
      role = (await ctx.verifyJwt(token)).role;
    } catch {
      return sendAuthError(c, new AuthError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is unverifiable'));
    }
    if (role !== 'service_role') return sendAuthError(c, new AuthError(403, 'not_admin', 'User not allowed'));
    return undefined;
  }

  // A user made by the admin is confirmed at once when asked (email_confirm), and no mail is sent either way.
  app.post('/auth/v1/admin/users', async (c: Context) => {
    const refused = await refusal(c);
    if (refused) return refused;
    const parsed = CreateUserBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return sendAuthError(c, new AuthError(400, 'bad_json', 'Could not parse request body as JSON'));
    const input = parsed.data;
    try {
      const email = requireEmail(input.email);
      const password = input.password === undefined ? undefined : checkPasswordStrength(input.password, minimumPasswordLength);
      const hash = password === undefined ? null : await ctx.passwords.hash(password);
      const user = await ctx.db.asOwner(async (tx) => {
        if (await findUserByEmail(tx, email))
          throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
        const row = await insertUser(tx, {
          email,
          passwordHash: hash,
          userMetadata: input.user_metadata ?? {},
          appMetadata: input.app_metadata ?? {},
          confirmed: input.email_confirm === true,
        });
        return loadUserJson(tx, row);
      });
      ctx.log.info('auth admin created a user', { id: user.id });
      c.header('X-Supabase-Api-Version', API_VERSION);
      return c.json(user, 200);
    } catch (err) {
      if (err instanceof AuthError) return sendAuthError(c, err);
      throw err;
    }
  });

  app.get('/auth/v1/admin/users/:id', async (c: Context) => {
    const refused = await refusal(c);
    if (refused) return refused;
    const id = c.req.param('id') ?? '';
    if (!UUID.test(id)) return sendAuthError(c, new AuthError(404, 'user_not_found', 'User not found'));
    const user = await ctx.db.asOwner(async (tx) => {
      const row = await findUserById(tx, id);
      return row ? loadUserJson(tx, row) : null;
    });
    if (!user) return sendAuthError(c, new AuthError(404, 'user_not_found', 'User not found'));
    c.header('X-Supabase-Api-Version', API_VERSION);
    return c.json(user, 200);
  });

  app.delete('/auth/v1/admin/users/:id', async (c: Context) => {
    const refused = await refusal(c);
    if (refused) return refused;
    const id = c.req.param('id') ?? '';
    if (!UUID.test(id)) return sendAuthError(c, new AuthError(404, 'user_not_found', 'User not found'));
    // A soft delete (should_soft_delete: true) keeps an anonymised user; the app never asks for one.
    const body = (await c.req.json().catch(() => ({}))) as { should_soft_delete?: unknown };
    if (body.should_soft_delete === true)
      return sendAuthError(c, new AuthError(400, 'validation_failed', 'Soft deletion is not supported by local-cloud'));
    const { rowCount } = await ctx.db.asOwner((tx) => tx.query('delete from auth.users where id = $1', [id]));
    if (!rowCount) return sendAuthError(c, new AuthError(404, 'user_not_found', 'User not found'));
    ctx.log.info('auth admin deleted a user', { id });
    c.header('X-Supabase-Api-Version', API_VERSION);
    return c.json({}, 200);
  });
};
