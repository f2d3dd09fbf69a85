// Test controls: local-cloud's own, part of no real service. What a browser test needs of one account
// or one name, where a hosted project would need a setting changed for everyone or a clock to pass:
//   POST /__test__/auth/access-token-lifetime { email, seconds }  access tokens issued to this account
//                                             from now on live `seconds` (JWT_EXPIRY for one account)
//   POST /__test__/auth/age-sign-ins { email, seconds }   the account's sessions count as begun
//                                             `seconds` earlier (a sign-in that is no longer recent)
//   PUT  /__test__/dns/txt { name, values }   the functions' DNS answers TXT questions for `name` with
//                                             `values` (none: NXDOMAIN), as a domain's owner would set them
// Mounted only when local-cloud is started with LOCAL_CLOUD_TEST_CONTROLS=true (the browser tests'
// global setup; never `npm start`), answered only to loopback callers holding the service-role key.
import type { Context, Next } from 'hono';
import { z } from 'zod';
import type { MountRoutes } from '../context.ts';
import { clientIp } from '../http/body.ts';
import { findUserByEmail, normalizeEmail } from '../auth/users.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const AccountSeconds = z.strictObject({
  email: z.string().min(1),
  seconds: z
    .number()
    .int()
    .min(0)
    .max(365 * 86_400),
});
const TxtAnswer = z.strictObject({ name: z.string().min(1).max(253), values: z.array(z.string().max(255)).max(20) });

const refuse = (c: Context, status: 401 | 403 | 404 | 422, message: string) => c.json({ message }, status);

async function readBody<T>(c: Context, schema: z.ZodType<T>): Promise<T | Response> {
  const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
  return parsed.success
    ? parsed.data
    : refuse(c, 422, parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
}

export const mountTestControls: MountRoutes = (app, ctx) => {
  const state = ctx.testControls;
  if (!state) return; // not started for tests: the paths answer 404 as any unknown path

  app.use('/__test__/*', async (c: Context, next: Next) => {
    // The socket's own address, never a header a caller could write.
    if (!LOOPBACK.has(clientIp(c))) return refuse(c, 403, 'test controls answer loopback callers only');
    const token = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const role = token
      ? await ctx.verifyJwt(token).then(
          (claims) => claims.role,
          () => undefined,
        )
      : undefined;
    if (role !== 'service_role') return refuse(c, 401, 'test controls need the service-role key');
    await next();
  });

  /** The user id of an account, or a 404 answer. */
  async function accountOf(c: Context, email: string): Promise<string | Response> {
    const user = await ctx.db.asOwner((tx) => findUserByEmail(tx, normalizeEmail(email)));
    return user ? user.id : refuse(c, 404, `no account for ${email}`);
  }

  app.post('/__test__/auth/access-token-lifetime', async (c) => {
    const body = await readBody(c, AccountSeconds);
    if (body instanceof Response) return body;
    const userId = await accountOf(c, body.email);
    if (userId instanceof Response) return userId;
    state.accessTokenSeconds.set(userId, body.seconds);
    return c.json({ userId, seconds: body.seconds });
  });

  app.post('/__test__/auth/age-sign-ins', async (c) => {
    const body = await readBody(c, AccountSeconds);
    if (body instanceof Response) return body;
    const userId = await accountOf(c, body.email);
    if (userId instanceof Response) return userId;
    const { rowCount } = await ctx.db.asOwner((tx) =>
      tx.query(`update local_cloud.sessions set created_at = created_at - make_interval(secs => $2) where user_id = $1`, [
        userId,
        body.seconds,
      ]),
    );
    return c.json({ userId, sessions: rowCount });
  });

  app.put('/__test__/dns/txt', async (c) => {
    const body = await readBody(c, TxtAnswer);
    if (body instanceof Response) return body;
    const name = body.name.toLowerCase().replace(/\.$/, '');
    if (body.values.length) state.dns.txt.set(name, body.values);
    else state.dns.txt.delete(name);
    return c.json({ name, values: body.values });
  });
};
