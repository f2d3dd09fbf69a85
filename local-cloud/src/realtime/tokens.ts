import { decodeJwt } from 'jose';
import type { JwtClaims, LocalCloudContext } from '../context.ts';
import { JwtError } from '../jwt.ts';

export type TokenCheck = { claims: JwtClaims & { exp: number } } | { code: string; message: string };

/**
 * A channel's token checked as Realtime checks it: a JWT signed with the project's secret, holding
 * `role` and `exp`, not expired. Failures carry Realtime's error code and words.
 */
export async function checkToken(ctx: LocalCloudContext, token: unknown): Promise<TokenCheck> {
  if (typeof token !== 'string' || token === '') return { code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  let unverified: Record<string, unknown>;
  try {
    unverified = decodeJwt(token);
  } catch {
    return { code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  try {
    const claims = await ctx.verifyJwt(token);
    if (typeof claims.exp !== 'number') return { code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
    return { claims: claims as JwtClaims & { exp: number } };
  } catch (err) {
    if (err instanceof JwtError && err.reason === 'expired' && typeof unverified.exp === 'number') {
      return { code: 'InvalidJWTToken', message: expiredMessage(unverified.exp) };
    }
    if (typeof unverified.role !== 'string' || typeof unverified.exp !== 'number') {
      return { code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
    }
    if (err instanceof Error && /signature/i.test(err.message))
      return { code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
    return { code: 'InvalidJWTToken', message: err instanceof Error ? err.message : 'invalid JWT' };
  }
}

export function expiredMessage(exp: number): string {
  return `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago`;
}
