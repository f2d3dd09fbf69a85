import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { JwtClaims } from './context.ts';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

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
        return payload as JwtClaims;
      } catch (err) {
        if (err instanceof JwtError) throw err;
        if (err instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'token is expired');
        throw new JwtError('invalid', err instanceof Error ? err.message : 'invalid JWT');
      }
    },
  };
}
