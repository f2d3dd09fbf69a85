// Who is calling: the Bearer token (user access token, anon or service key) or, failing that, the apikey.
import type { Context } from 'hono';
import type { JwtClaims, LocalCloudContext } from '../context.ts';
import { storageErrors } from './errors.ts';

export async function claimsOf(c: Context, ctx: LocalCloudContext): Promise<JwtClaims> {
  const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
  const token = bearer || c.req.header('apikey')?.trim();
  if (!token) throw storageErrors.missingAuth();
  try {
    return await ctx.verifyJwt(token);
  } catch (error) {
    const expired = error instanceof Error && /expired/i.test(error.message);
    throw storageErrors.invalidJwt(expired ? 'jwt expired' : 'invalid signature');
  }
}
