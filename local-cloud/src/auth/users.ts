import { createHmac, randomInt } from 'node:crypto';
import type { Queryable } from '../context.ts';

/** The columns of auth.users the auth API reads. */
export interface UserRow {
  id: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | string | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | string | null;
  recovery_token: string | null;
  recovery_sent_at: Date | string | null;
  email_change: string | null;
  email_change_token_new: string | null;
  email_change_sent_at: Date | string | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const USER_COLUMNS = `id, email, encrypted_password, email_confirmed_at, confirmation_token, confirmation_sent_at,
  recovery_token, recovery_sent_at, email_change, email_change_token_new, email_change_sent_at, reauthentication_token,
  reauthentication_sent_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at`;

const iso = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// The same permissive check GoTrue makes: something@something.tld, no spaces.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (email: string) => email.length <= 255 && EMAIL_RE.test(email);

export async function findUserByEmail(tx: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1 and deleted_at is null`, [
    normalizeEmail(email),
  ]);
  return rows[0] ?? null;
}

export async function findUserById(tx: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [id]);
  return rows[0] ?? null;
}

/** A new email account in auth.users (sign-up, a first mailed code, the admin's createUser): its row. */
export async function insertUser(
  tx: Queryable,
  user: {
    email: string;
    passwordHash: string | null;
    userMetadata: Record<string, unknown>;
    appMetadata?: Record<string, unknown>;
    confirmed: boolean;
  },
): Promise<UserRow> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, encrypted_password, raw_user_meta_data, raw_app_meta_data, email_confirmed_at,
                             created_at, updated_at)
     values (gen_random_uuid(), 'authenticated', 'authenticated', $1, $2, $3::jsonb, $4::jsonb,
             case when $5::boolean then now() end, now(), now()) returning id`,
    [
      user.email,
      user.passwordHash,
      JSON.stringify(user.userMetadata),
      JSON.stringify({ provider: 'email', providers: ['email'], ...user.appMetadata }),
      user.confirmed,
    ],
  );
  return (await findUserById(tx, rows[0]!.id)) as UserRow;
}

export async function findUserByToken(
  tx: Queryable,
  column: 'confirmation_token' | 'recovery_token' | 'email_change_token_new',
  tokenHash: string,
): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where ${column} = $1 and deleted_at is null`, [
    tokenHash,
  ]);
  return rows[0] ?? null;
}

export async function updateUser(tx: Queryable, id: string, sets: Record<string, unknown>): Promise<UserRow> {
  const keys = Object.keys(sets);
  // keys are fixed column names chosen by this module, never request input
  const assignments = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
  const { rows } = await tx.query<UserRow>(
    `update auth.users set ${assignments}${keys.length ? ', ' : ''}updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
    [id, ...keys.map((k) => sets[k])],
  );
  return rows[0];
}

/**
 * Mailed one-time codes: six digits, stored hashed, the hash travelling in the mail's link as GoTrue's
 * token_hash. GoTrue hashes sha224(email + code), so whoever guesses a code can also send it as a
 * hash, past any count of wrong codes; here the hash is keyed with a server secret, so only the
 * mailed link carries a hash that works.
 */
export function newOtp(key: Buffer, email: string): { otp: string; tokenHash: string } {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { otp, tokenHash: otpHash(key, email, otp) };
}
export const otpHash = (key: Buffer, email: string, otp: string) =>
  createHmac('sha224', key)
    .update(normalizeEmail(email) + otp)
    .digest('hex');

/** A row of auth.mfa_factors, as the auth API reads it. */
export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'unverified' | 'verified';
  secret: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  last_challenged_at: Date | string | null;
}

export async function findFactors(tx: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await tx.query<FactorRow>(
    `select id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at, last_challenged_at
       from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

/** A factor as GoTrue lists it in the User (never its secret). */
function factorJson(f: FactorRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: f.id,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    status: f.status,
    factor_type: f.factor_type,
    last_challenged_at: iso(f.last_challenged_at),
  };
  if (f.friendly_name) out.friendly_name = f.friendly_name;
  return out;
}

/** The User object with its factors, read in the caller's transaction. */
export async function loadUserJson(tx: Queryable, u: UserRow): Promise<Record<string, unknown>> {
  return userJson(u, await findFactors(tx, u.id));
}

/** The User object GoTrue returns; `factors` appears once the user has one, as in GoTrue. */
export function userJson(u: UserRow, factors: FactorRow[] = []): Record<string, unknown> {
  const email = u.email ?? '';
  const confirmedAt = iso(u.email_confirmed_at);
  const identityId = u.id;
  const out: Record<string, unknown> = {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    email_confirmed_at: confirmedAt ?? undefined,
    phone: '',
    confirmation_sent_at: iso(u.confirmation_sent_at) ?? undefined,
    confirmed_at: confirmedAt ?? undefined,
    recovery_sent_at: iso(u.recovery_sent_at) ?? undefined,
    new_email: u.email_change ?? undefined,
    email_change_sent_at: u.email_change ? (iso(u.email_change_sent_at) ?? undefined) : undefined,
    last_sign_in_at: iso(u.last_sign_in_at) ?? undefined,
    app_metadata: { provider: 'email', providers: ['email'], ...(u.raw_app_meta_data ?? {}) },
    user_metadata: u.raw_user_meta_data ?? {},
    identities: [
      {
        identity_id: identityId,
        id: u.id,
        user_id: u.id,
        identity_data: { sub: u.id, email, email_verified: confirmedAt !== null, phone_verified: false },
        provider: 'email',
        last_sign_in_at: iso(u.last_sign_in_at) ?? iso(u.created_at),
        created_at: iso(u.created_at),
        updated_at: iso(u.updated_at),
        email,
      },
    ],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: false,
    factors: factors.length ? factors.map(factorJson) : undefined,
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}
