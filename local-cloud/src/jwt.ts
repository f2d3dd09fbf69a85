import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { JwtClaims } from './context.ts';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a JWT was refused, so each API can answer in its own error shape. */
export class JwtError extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

export function createJwtTools(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: Record<string, unknown>, expiresInSeconds?: number): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      const payload: Record<string, unknown> = { iat: now, ...claims };
      if (expiresInSeconds !== undefined) payload.exp = now + expiresInSeconds;
      return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    },
    async verify(token: string): Promise<JwtClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.role !== 'string' || !API_ROLES.has(payload.role)) {
          throw new JwtError('invalid', 'JWT role claim is missing or not an API role');
        }
        // auth.uid() casts sub to uuid: anything else is a token no user can hold.
        if (payload.sub !== undefined && !(typeof payload.sub === 'string' && UUID.test(payload.sub))) {
          throw new JwtError('invalid', 'JWT sub claim is not a user id');
        }
        return payload as JwtClaims;
      } catch (err) {
        if (err instanceof JwtError) throw err;
        if (err instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'token is expired');
        throw new JwtError('invalid', err instanceof Error ? err.message : 'invalid JWT');
      }
    },
  };
}
