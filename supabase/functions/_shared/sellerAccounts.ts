// Razorpay for sellers, as every function needs it: the partner app's OAuth calls (token, refresh,
// revoke at auth.razorpay.com, or local-cloud's sandbox at RAZORPAY_AUTH_BASE), the tokens kept
// encrypted in public.seller_accounts (AES-GCM with SELLER_TOKEN_KEY, bound to the owner's id so a
// row's ciphertext cannot be moved to another), and sellerAccessToken(ownerId): a token that works
// now, refreshed before it expires. The orders code calls Razorpay's API with it as `Bearer`.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { requireEnv, type Env } from './env.ts';

/** Refresh this long before Razorpay's expiry, so a token handed out still works for the call it is for. */
const REFRESH_MARGIN_MS = 24 * 3600 * 1000;

export interface PartnerOAuth {
  authBase: string;
  clientId: string;
  clientSecret: string;
  /** The sellers function's callback, whitelisted on the partner app. */
  redirectUri: string;
  mode: 'test' | 'live';
}

export function partnerOAuthFrom(env: Env): PartnerOAuth {
  const mode = env('RAZORPAY_PARTNER_MODE') ?? 'test';
  if (mode !== 'test' && mode !== 'live') throw new Error('RAZORPAY_PARTNER_MODE must be test or live');
  return {
    authBase: (env('RAZORPAY_AUTH_BASE') ?? 'https://auth.razorpay.com').replace(/\/+$/, ''),
    clientId: requireEnv(env, 'RAZORPAY_PARTNER_CLIENT_ID'),
    clientSecret: requireEnv(env, 'RAZORPAY_PARTNER_CLIENT_SECRET'),
    redirectUri: `${requireEnv(env, 'SUPABASE_URL').replace(/\/+$/, '')}/functions/v1/sellers/callback`,
    mode,
  };
}

/** Razorpay's consent page for this state. */
export function authorizeUrl(oauth: PartnerOAuth, state: string): string {
  const url = new URL(`${oauth.authBase}/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', oauth.clientId);
  url.searchParams.set('redirect_uri', oauth.redirectUri);
  url.searchParams.append('scope[]', 'read_write');
  url.searchParams.set('state', state);
  return url.toString();
}

const tokenAnswer = z.object({
  public_token: z.string().min(1),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  razorpay_account_id: z.string().regex(/^acc_[A-Za-z0-9]{14}$/),
});
export type TokenAnswer = z.infer<typeof tokenAnswer>;

/** Razorpay refused the grant (a used, expired or revoked code or token): `invalid_grant`. */
export class GrantRefused extends Error {}

async function postToAuth(oauth: PartnerOAuth, path: 'token' | 'revoke', body: Record<string, string>): Promise<unknown> {
  const res = await fetch(`${oauth.authBase}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ client_id: oauth.clientId, client_secret: oauth.clientSecret, ...body }),
  });
  const answer: unknown = await res.json().catch(() => undefined);
  if (res.ok) return answer;
  const error = (answer as { error?: unknown } | undefined)?.error;
  if (error === 'invalid_grant') throw new GrantRefused(`Razorpay refused the grant (${path})`);
  throw new Error(`Razorpay's ${path} endpoint answered ${res.status} ${typeof error === 'string' ? error : ''}`.trim());
}

export async function exchangeCode(oauth: PartnerOAuth, code: string): Promise<TokenAnswer> {
  return tokenAnswer.parse(
    await postToAuth(oauth, 'token', { grant_type: 'authorization_code', code, redirect_uri: oauth.redirectUri, mode: oauth.mode }),
  );
}

async function refreshTokens(oauth: PartnerOAuth, refreshToken: string): Promise<TokenAnswer> {
  return tokenAnswer.parse(
    await postToAuth(oauth, 'token', { grant_type: 'refresh_token', refresh_token: refreshToken, mode: oauth.mode }),
  );
}

export async function revokeToken(oauth: PartnerOAuth, token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
  await postToAuth(oauth, 'revoke', { token, token_type_hint: hint });
}

// ─── encryption at rest ───────────────────────────────────────────────────────────────────────
const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64 = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));

async function tokenKey(secret: string): Promise<CryptoKey> {
  const raw = fromBase64(secret);
  if (raw.length !== 32) throw new Error('SELLER_TOKEN_KEY must be 32 bytes, base64');
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function encryptToken(secret: string, ownerId: string, token: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(ownerId) },
    await tokenKey(secret),
    new TextEncoder().encode(token),
  );
  return `v1.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
}

export async function decryptToken(secret: string, ownerId: string, sealed: string): Promise<string> {
  const [version, iv, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !body) throw new Error('not a sealed token');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(iv), additionalData: new TextEncoder().encode(ownerId) },
    await tokenKey(secret),
    fromBase64(body),
  );
  return new TextDecoder().decode(plain);
}

// ─── the stored connection ───────────────────────────────────────────────────────────────────
export interface SellerDeps {
  admin: SupabaseClient;
  oauth: PartnerOAuth;
  /** SELLER_TOKEN_KEY. */
  tokenSecret: string;
}

export function sellerDepsFrom(env: Env, admin: SupabaseClient): SellerDeps {
  return { admin, oauth: partnerOAuthFrom(env), tokenSecret: requireEnv(env, 'SELLER_TOKEN_KEY') };
}

interface StoredRow {
  razorpay_account_id: string;
  public_token: string;
  access_token_enc: string;
  refresh_token_enc: string;
  expires_at: string;
}

/** Keeps (or replaces) the owner's connection from Razorpay's token answer. */
export async function saveSellerTokens(deps: SellerDeps, ownerId: string, answer: TokenAnswer, connectedNow: boolean): Promise<void> {
  const row = {
    owner_id: ownerId,
    razorpay_account_id: answer.razorpay_account_id,
    public_token: answer.public_token,
    access_token_enc: await encryptToken(deps.tokenSecret, ownerId, answer.access_token),
    refresh_token_enc: await encryptToken(deps.tokenSecret, ownerId, answer.refresh_token),
    expires_at: new Date(Date.now() + answer.expires_in * 1000).toISOString(),
    mode: answer.public_token.startsWith('rzp_live_') ? 'live' : 'test',
    updated_at: new Date().toISOString(),
    ...(connectedNow ? { connected_at: new Date().toISOString() } : {}),
  };
  const { error } = await deps.admin.from('seller_accounts').upsert(row);
  if (error) throw new Error(`the seller's connection could not be kept: ${error.message}`);
}

async function readRow(deps: SellerDeps, ownerId: string): Promise<StoredRow | null> {
  const { data, error } = await deps.admin
    .from('seller_accounts')
    .select('razorpay_account_id, public_token, access_token_enc, refresh_token_enc, expires_at')
    .eq('owner_id', ownerId)
    .maybeSingle<StoredRow>();
  if (error) throw new Error(`the seller's connection could not be read: ${error.message}`);
  return data;
}

export interface SellerToken {
  accountId: string;
  accessToken: string;
  /** What Checkout opens with (`key`) for this seller. */
  publicToken: string;
}

/**
 * A working access token for the owner's connected account, or null when none is connected (or
 * Razorpay has ended the grant: the row is then removed, and the owner sees "not connected").
 * `force` refreshes now, e.g. after Razorpay answered 401 to the token.
 */
export async function sellerAccessToken(deps: SellerDeps, ownerId: string, { force = false } = {}): Promise<SellerToken | null> {
  const row = await readRow(deps, ownerId);
  if (!row) return null;
  if (!force && Date.parse(row.expires_at) - Date.now() > REFRESH_MARGIN_MS)
    return {
      accountId: row.razorpay_account_id,
      accessToken: await decryptToken(deps.tokenSecret, ownerId, row.access_token_enc),
      publicToken: row.public_token,
    };
  try {
    const answer = await refreshTokens(deps.oauth, await decryptToken(deps.tokenSecret, ownerId, row.refresh_token_enc));
    await saveSellerTokens(deps, ownerId, answer, false);
    return { accountId: answer.razorpay_account_id, accessToken: answer.access_token, publicToken: answer.public_token };
  } catch (error) {
    if (!(error instanceof GrantRefused)) throw error;
    // Another call may have refreshed first (the refresh token is spent once): take what it kept.
    const now = await readRow(deps, ownerId);
    if (now && now.refresh_token_enc !== row.refresh_token_enc)
      return {
        accountId: now.razorpay_account_id,
        accessToken: await decryptToken(deps.tokenSecret, ownerId, now.access_token_enc),
        publicToken: now.public_token,
      };
    // Revoked at Razorpay (the seller disconnected from their dashboard): no longer connected.
    await deps.admin.from('seller_accounts').delete().eq('owner_id', ownerId).eq('refresh_token_enc', row.refresh_token_enc);
    return null;
  }
}

/** Ends the owner's connection: revoked at Razorpay first (a failure leaves it connected), then forgotten. */
export async function disconnectSeller(deps: SellerDeps, ownerId: string): Promise<void> {
  const row = await readRow(deps, ownerId);
  if (!row) return;
  try {
    await revokeToken(deps.oauth, await decryptToken(deps.tokenSecret, ownerId, row.refresh_token_enc), 'refresh_token');
  } catch (error) {
    // Already revoked (from the seller's dashboard) is as good as revoked now.
    if (!(error instanceof GrantRefused)) throw error;
  }
  const { error } = await deps.admin.from('seller_accounts').delete().eq('owner_id', ownerId);
  if (error) throw new Error(`the seller's connection could not be removed: ${error.message}`);
}

/** A seller revoked FolioForge from their Razorpay dashboard (the signed webhook says which account). */
export async function forgetRevokedSeller(admin: SupabaseClient, razorpayAccountId: string): Promise<'processed' | 'ignored'> {
  const { data, error } = await admin.from('seller_accounts').delete().eq('razorpay_account_id', razorpayAccountId).select('owner_id');
  if (error) throw new Error(`the revoked connection could not be removed: ${error.message}`);
  return data.length ? 'processed' : 'ignored';
}
