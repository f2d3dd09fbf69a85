import type { Context, Hono } from 'hono';
import { safeEqual } from './signature.ts';
import { AUTHENTICATION_FAILED, sendError } from './errors.ts';
import type { Keys } from '../context.ts';
import { accountOfAccessToken } from './oauth.ts';
import type { Sandbox } from './sandbox.ts';

/** True when the request carries `Basic base64(key_id:key_secret)` for this sandbox's test key. */
function hasValidBasicAuth(header: string | undefined, keys: Keys): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const keyId = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  // Both compared without an early exit, so timing tells nothing about which half was wrong.
  const idOk = safeEqual(keyId, keys.razorpayKeyId);
  const secretOk = safeEqual(secret, keys.razorpayKeySecret);
  return idOk && secretOk;
}

/** Answers 401 Authentication failed on these paths (and everything under them) without the key secret. */
export function requireKeyAuth(app: Hono, keys: Keys, paths: readonly string[]): void {
  for (const base of paths) {
    for (const path of [base, `${base}/*`]) {
      app.use(path, async (c, next) => {
        if (!hasValidBasicAuth(c.req.header('authorization'), keys)) return sendError(c, 401, AUTHENTICATION_FAILED);
        await next();
      });
    }
  }
}

/** Which account a request acts for: a connected seller's (OAuth), or null for the platform's own key. */
const actingAccount = new WeakMap<Request, string | null>();

export function accountOf(c: Context): string | null {
  return actingAccount.get(c.req.raw) ?? null;
}

/**
 * Like requireKeyAuth, but a partner's `Bearer <access_token>` is taken too and acts for the seller's
 * account; an unknown, expired or revoked token is answered 401 as Razorpay does.
 */
export function requireApiAuth(app: Hono, sandbox: Sandbox, paths: readonly string[]): void {
  for (const base of paths) {
    for (const path of [base, `${base}/*`]) {
      app.use(path, async (c, next) => {
        const header = c.req.header('authorization')?.trim() ?? '';
        const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
        if (bearer) {
          await sandbox.ready;
          const found = await sandbox.ctx.db.asOwner((tx) => accountOfAccessToken(tx, bearer, sandbox.clock.now()));
          if (!found) return sendError(c, 401, AUTHENTICATION_FAILED);
          if (c.req.method !== 'GET' && !found.scopes.includes('read_write')) return sendError(c, 401, AUTHENTICATION_FAILED);
          actingAccount.set(c.req.raw, found.accountId);
        } else if (hasValidBasicAuth(header, sandbox.ctx.keys)) {
          actingAccount.set(c.req.raw, null);
        } else {
          return sendError(c, 401, AUTHENTICATION_FAILED);
        }
        await next();
      });
    }
  }
}
