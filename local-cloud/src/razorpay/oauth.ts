// Razorpay's Partner OAuth (auth.razorpay.com), served at /razorpay/auth:
//   GET  /authorize?response_type=code&client_id&redirect_uri&scope[]=read_write&state
//        → the consent page: the seller names their (sandbox) Razorpay account and allows or denies
//   POST /authorize (the consent form) → 302 to redirect_uri with code and state, or error=access_denied
//   POST /token {client_id, client_secret, grant_type: authorization_code | refresh_token, …}
//        → {public_token, token_type: 'Bearer', expires_in, access_token, refresh_token, razorpay_account_id}
//   POST /revoke {client_id, client_secret, token, token_type_hint} → {message: 'Token Revoked'}
// A sandbox merchant account is made on a seller's first consent and found again by its email. Errors
// are OAuth's ({error, error_description}); a bad client or redirect URI is shown, never redirected to.
import { createHash, randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Queryable } from '../context.ts';
import { readBodyCapped } from '../http/body.ts';
import { partnerApp, partnerRedirectUri, type PartnerApp } from './partner.ts';
import { randomBase62, razorpayId } from './ids.ts';
import { safeEqual } from './signature.ts';
import type { Sandbox } from './sandbox.ts';
import { escapeHtml } from '@folioforge/shared/escape-html';

/** How long an access token lives (Razorpay's: 90 days and a bit), and a code before it is exchanged. */
export const ACCESS_TOKEN_SECONDS = 7_862_400;
const CODE_SECONDS = 600;
const SCOPES = new Set(['read_only', 'read_write']);
const secretToken = () => randomBytes(32).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

type OAuthError = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope';

function oauthError(c: Context, status: 400 | 401, error: OAuthError, description: string): Response {
  return c.json({ error, error_description: description }, status);
}

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string;
}

/** What is wrong with an authorisation request, in Razorpay's words; the request when nothing is. */
function checkAuthorizeRequest(
  params: { get(name: string): string | undefined; all(name: string): string[] },
  app: PartnerApp,
  redirectUri: string,
): { ok: true; value: AuthorizeRequest } | { ok: false; message: string } {
  if (params.get('response_type') !== 'code')
    return { ok: false, message: 'The authorization grant type is not supported by the authorization server.' };
  const clientId = params.get('client_id') ?? '';
  if (!safeEqual(clientId, app.clientId)) return { ok: false, message: 'Client authentication failed: the client_id is not valid.' };
  if (params.get('redirect_uri') !== redirectUri)
    return { ok: false, message: 'The redirect_uri does not match the one registered on the application.' };
  const scopes = [...params.all('scope[]'), ...params.all('scope')].flatMap((scope) => scope.split(/[\s,]+/)).filter(Boolean);
  if (!scopes.length || scopes.some((scope) => !SCOPES.has(scope))) return { ok: false, message: 'The requested scope is invalid.' };
  const state = params.get('state') ?? '';
  if (!state || state.length > 500) return { ok: false, message: 'The state parameter is required.' };
  return { ok: true, value: { clientId, redirectUri, scopes: [...new Set(scopes)], state } };
}

function consentPage(request: AuthorizeRequest, problem?: string, email = ''): string {
  const hidden = [
    ['response_type', 'code'],
    ['client_id', request.clientId],
    ['redirect_uri', request.redirectUri],
    ['state', request.state],
    ...request.scopes.map((scope) => ['scope[]', scope]),
  ]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name!)}" value="${escapeHtml(value!)}">`)
    .join('');
  const writes = request.scopes.includes('read_write');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connect your Razorpay account · Razorpay sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
label{display:block;font-weight:600;margin-top:1rem}input[type=email]{font-size:1rem;padding:.5rem;width:100%;box-sizing:border-box}
.error{color:#a00}.actions{display:flex;gap:1rem;margin-top:1.5rem}button{font-size:1rem;padding:.6rem 1.2rem}</style></head>
<body><main><h1>Connect your Razorpay account</h1>
<p>FolioForge asks to ${writes ? 'take payments and make refunds in your account, and to read its orders and payments' : 'read your account’s orders and payments'}. It never sees your key secret, and you can disconnect at any time.</p>
<form method="post" action="">${hidden}
<label for="email">Your Razorpay account’s email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}"${problem ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
${problem ? `<p id="email-error" class="error">${escapeHtml(problem)}</p>` : ''}
<p>This is Razorpay’s test mode: a test account is made for a new email.</p>
<div class="actions"><button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button></div>
</form></main></body></html>`;
}

function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorisation failed · Razorpay sandbox</title></head>
<body><main><h1>This authorisation request cannot be served</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}

function redirectWith(c: Context, uri: string, params: Record<string, string>): Response {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return c.redirect(url.toString(), 302);
}

/** The form or JSON body of a token or revoke call (razorpay-node sends JSON; RFC 6749 clients a form). */
async function readParams(c: Context): Promise<Record<string, string> | undefined> {
  const bytes = await readBodyCapped(c, 16 * 1024);
  if (!bytes) return undefined;
  const text = new TextDecoder().decode(bytes);
  if ((c.req.header('content-type') ?? '').includes('application/json')) {
    try {
      const value: unknown = JSON.parse(text);
      if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
      return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    } catch {
      return undefined;
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

interface Grant {
  accountId: string;
  clientId: string;
  publicToken: string;
  scopes: string[];
  grantId: string;
}

async function issueTokens(tx: Queryable, grant: Grant, now: number) {
  const accessToken = secretToken();
  const refreshToken = secretToken();
  for (const [token, kind, expiresAt] of [
    [accessToken, 'access', now + ACCESS_TOKEN_SECONDS],
    [refreshToken, 'refresh', null],
  ] as const) {
    await tx.query(
      `insert into local_cloud.razorpay_oauth_tokens
         (token_hash, kind, account_id, client_id, public_token, scopes, expires_at, grant_id, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [sha256(token), kind, grant.accountId, grant.clientId, grant.publicToken, grant.scopes, expiresAt, grant.grantId, now],
    );
  }
  return {
    public_token: grant.publicToken,
    token_type: 'Bearer' as const,
    expires_in: ACCESS_TOKEN_SECONDS,
    access_token: accessToken,
    refresh_token: refreshToken,
    razorpay_account_id: grant.accountId,
  };
}

/** The account a Bearer access token acts for, or why it does not (unknown, expired or revoked). */
export async function accountOfAccessToken(
  tx: Queryable,
  token: string,
  now: number,
): Promise<{ accountId: string; scopes: string[] } | undefined> {
  const { rows } = await tx.query<{ account_id: string; scopes: string[]; expires_at: string | number; revoked: boolean }>(
    `select account_id, scopes, expires_at, revoked from local_cloud.razorpay_oauth_tokens where token_hash = $1 and kind = 'access'`,
    [sha256(token)],
  );
  const row = rows[0];
  if (!row || row.revoked || Number(row.expires_at) <= now) return undefined;
  return { accountId: row.account_id, scopes: row.scopes };
}

const emailSchema = z.email().max(200);

export function mountOAuth(app: Hono, sandbox: Sandbox): void {
  const { ctx, ready, clock } = sandbox;
  const partner = () => partnerApp(ctx.keys);
  const redirectUri = () => partnerRedirectUri(ctx.config.publicUrl);

  app.get('/razorpay/auth/authorize', (c) => {
    const query = { get: (name: string) => c.req.query(name), all: (name: string) => c.req.queries(name) ?? [] };
    const checked = checkAuthorizeRequest(query, partner(), redirectUri());
    if (!checked.ok) return c.html(errorPage(checked.message), 400);
    return c.html(consentPage(checked.value), 200, { 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY' });
  });

  app.post('/razorpay/auth/authorize', async (c) => {
    const form = new URLSearchParams(new TextDecoder().decode((await readBodyCapped(c, 16 * 1024)) ?? new Uint8Array()));
    const params = { get: (name: string) => form.get(name) ?? undefined, all: (name: string) => form.getAll(name) };
    const checked = checkAuthorizeRequest(params, partner(), redirectUri());
    if (!checked.ok) return c.html(errorPage(checked.message), 400);
    const request = checked.value;
    if (form.get('decision') !== 'allow')
      return redirectWith(c, request.redirectUri, {
        error: 'access_denied',
        error_description: 'The resource owner or authorization server denied the request',
        state: request.state,
      });
    const email = emailSchema.safeParse((form.get('email') ?? '').trim().toLowerCase());
    if (!email.success)
      return c.html(consentPage(request, 'Enter your Razorpay account’s email, like name@example.com.', form.get('email') ?? ''), 400);
    await ready;
    const code = secretToken();
    const now = clock.now();
    const accountId = await ctx.db.asOwner(async (tx) => {
      await tx.query(
        `insert into local_cloud.razorpay_accounts (id, email, created_at) values ($1, $2, $3) on conflict (email) do nothing`,
        [razorpayId('acc'), email.data, now],
      );
      const { rows } = await tx.query<{ id: string }>('select id from local_cloud.razorpay_accounts where email = $1', [email.data]);
      await tx.query(
        `insert into local_cloud.razorpay_oauth_codes (code_hash, account_id, client_id, redirect_uri, scopes, expires_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [sha256(code), rows[0]!.id, request.clientId, request.redirectUri, request.scopes, now + CODE_SECONDS],
      );
      return rows[0]!.id;
    });
    ctx.log.info('razorpay sandbox authorised a partner app', { accountId });
    return redirectWith(c, request.redirectUri, { code, state: request.state });
  });

  app.post('/razorpay/auth/token', async (c) => {
    const params = await readParams(c);
    if (!params) return oauthError(c, 400, 'invalid_request', 'The request body is not valid.');
    const app = partner();
    // Both halves compared without an early exit.
    const idOk = safeEqual(params.client_id ?? '', app.clientId);
    const secretOk = safeEqual(params.client_secret ?? '', app.clientSecret);
    if (!idOk || !secretOk) return oauthError(c, 401, 'invalid_client', 'Client authentication failed');
    await ready;
    const now = clock.now();
    if (params.grant_type === 'authorization_code') {
      if (!params.code) return oauthError(c, 400, 'invalid_request', 'The code parameter is required.');
      const result = await ctx.db.asOwner(async (tx) => {
        const { rows } = await tx.query<{ account_id: string; redirect_uri: string; scopes: string[]; expires_at: string; used: boolean }>(
          'select * from local_cloud.razorpay_oauth_codes where code_hash = $1 for update',
          [sha256(params.code!)],
        );
        const row = rows[0];
        if (!row || row.used || Number(row.expires_at) <= now || row.redirect_uri !== params.redirect_uri) return undefined;
        await tx.query('update local_cloud.razorpay_oauth_codes set used = true where code_hash = $1', [sha256(params.code!)]);
        return issueTokens(
          tx,
          {
            accountId: row.account_id,
            clientId: app.clientId,
            publicToken: `rzp_test_oauth_${randomBase62(14)}`,
            scopes: row.scopes,
            grantId: randomBase62(20),
          },
          now,
        );
      });
      if (!result)
        return oauthError(
          c,
          400,
          'invalid_grant',
          'The authorization code is invalid, expired, already used or was issued for another redirect URI.',
        );
      return c.json(result);
    }
    if (params.grant_type === 'refresh_token') {
      if (!params.refresh_token) return oauthError(c, 400, 'invalid_request', 'The refresh_token parameter is required.');
      const result = await ctx.db.asOwner(async (tx) => {
        const { rows } = await tx.query<{ account_id: string; public_token: string; scopes: string[]; grant_id: string; revoked: boolean }>(
          `select * from local_cloud.razorpay_oauth_tokens where token_hash = $1 and kind = 'refresh' for update`,
          [sha256(params.refresh_token!)],
        );
        const row = rows[0];
        if (!row || row.revoked) return undefined;
        // The refresh token is spent: the answer carries its successor.
        await tx.query('update local_cloud.razorpay_oauth_tokens set revoked = true where token_hash = $1', [
          sha256(params.refresh_token!),
        ]);
        return issueTokens(
          tx,
          { accountId: row.account_id, clientId: app.clientId, publicToken: row.public_token, scopes: row.scopes, grantId: row.grant_id },
          now,
        );
      });
      if (!result) return oauthError(c, 400, 'invalid_grant', 'The refresh token is invalid, expired or revoked.');
      return c.json(result);
    }
    return oauthError(c, 400, 'unsupported_grant_type', 'The authorization grant type is not supported by the authorization server.');
  });

  app.post('/razorpay/auth/revoke', async (c) => {
    const params = await readParams(c);
    if (!params) return oauthError(c, 400, 'invalid_request', 'The request body is not valid.');
    const app = partner();
    const idOk = safeEqual(params.client_id ?? '', app.clientId);
    const secretOk = safeEqual(params.client_secret ?? '', app.clientSecret);
    if (!idOk || !secretOk) return oauthError(c, 401, 'invalid_client', 'Client authentication failed');
    const hint = params.token_type_hint;
    if (!params.token || (hint !== 'access_token' && hint !== 'refresh_token'))
      return oauthError(c, 400, 'invalid_request', 'The token and a token_type_hint of access_token or refresh_token are required.');
    await ready;
    // Revoking a token of a grant ends the grant: the seller's connection is gone at once.
    await ctx.db.asOwner((tx) =>
      tx.query(
        `update local_cloud.razorpay_oauth_tokens set revoked = true
          where grant_id in (select grant_id from local_cloud.razorpay_oauth_tokens where token_hash = $1 and kind = $2)`,
        [sha256(params.token!), hint === 'access_token' ? 'access' : 'refresh'],
      ),
    );
    return c.json({ message: 'Token Revoked' });
  });
}
