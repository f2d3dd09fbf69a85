// The contract between local-cloud's modules. The core (db, keys, auth, rest, app) and the
// services (storage, functions, razorpay, emailjs, mail) are written against these types only.
import type { Hono } from 'hono';
import type { PasswordHasher } from './auth/passwordHasher.ts';
import type { EdgeWorkers } from './functions/edgeWorkers.ts';
import type { AuthRateLimits } from './projectConfig.ts';
import type { ServiceHealth } from './serviceHealth.ts';

/** A row-returning query runner: one connection, inside one transaction when given by withRole. */
export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[]; rowCount: number }>;
}

/** Claims of a verified Supabase JWT (anon key, service key or user access token). */
export interface JwtClaims {
  role: 'anon' | 'authenticated' | 'service_role';
  sub?: string;
  email?: string;
  exp?: number;
  iat?: number;
  [key: string]: unknown;
}

export interface Database {
  /** 'pglite' (embedded, default) or 'postgres' (DATABASE_URL). */
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction as the database owner (bypasses RLS). Queued: PGlite runs one at a time. */
  asOwner<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn in one transaction with `set local role <claims.role>` and
   * `set_config('request.jwt.claims', <claims json>, true)`, so RLS decides.
   */
  withClaims<T>(claims: JwtClaims, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Checks the database answers, reopening it when it can (PGlite after a disk error); throws while it cannot. */
  checkHealth(): Promise<void>;
  /**
   * Calls onNotify after each transaction that ran `pg_notify(channel, …)` commits, and once after the
   * listening connection was lost and is back (a notification may have been missed meanwhile).
   * Resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface Keys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  razorpayKeyId: string;
  razorpayKeySecret: string;
  razorpayWebhookSecret: string;
  emailjsPublicKey: string;
  emailjsServiceId: string;
  emailjsTemplateId: string;
}

export interface MailMessage {
  id: string;
  /** 'auth' for confirmation/recovery mails, 'emailjs' for contact messages, 'razorpay' for receipts. */
  kind: 'auth' | 'emailjs' | 'razorpay';
  to: string;
  from: string;
  subject: string;
  text: string;
  /** Absolute URLs found in the message, listed so the mailbox page can make them clickable. */
  links: string[];
  /** Structured extras (template params, form fields) for tests. */
  meta: Record<string, unknown>;
  createdAt: string;
}

export interface Mailbox {
  add(message: Omit<MailMessage, 'id' | 'createdAt' | 'links'> & { links?: string[] }): Promise<MailMessage>;
  /** Every message, newest first (tests). */
  list(): Promise<MailMessage[]>;
  /** One page of messages, newest first, optionally to one address (case-insensitive). */
  page(query: { to?: string; limit: number; offset: number }): Promise<{ messages: MailMessage[]; total: number }>;
}

export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export interface LocalCloudConfig {
  port: number;
  /** The interface it listens on: 127.0.0.1 unless asked otherwise (HOST). */
  host: string;
  /** Origins whose pages may call the API (CORS): the app's own, never any website. */
  allowedOrigins: ReadonlySet<string>;
  /** Public base URL, e.g. http://localhost:54321 (used for JWT iss and links in mails). */
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  jwtExpiry: number;
  refreshTokenReuseInterval: number;
  autoconfirm: boolean;
  /** `[auth.rate_limit]` of supabase/config.toml, unless the environment or a test overrides them. */
  authRateLimits: AuthRateLimits;
  /** How long a mailed link or code works (`[auth.email] otp_expiry`); default 3600 s. */
  otpExpirySeconds?: number;
  /** `[auth] additional_redirect_urls`: globs of where auth links may land besides the site URL. */
  additionalRedirectUrls?: string[];
  /** Messages the EmailJS sink takes per second from one address; default 1, as EmailJS. */
  emailjsPerSecond?: number;
  /** `[auth] minimum_password_length`; default 6. */
  minimumPasswordLength?: number;
  /** Where auth links land when no allowed redirect_to is given (SITE_URL); default http://localhost:3000. */
  siteUrl?: string;
  /** DNS servers the functions ask (DNS_SERVERS); default the system's. */
  dnsServers?: string[];
  /** Minimum seconds between two auth mails of one kind to one address (GoTrue's max frequency); default 60. */
  emailSendIntervalSeconds?: number;
}

export interface LocalCloudContext {
  config: LocalCloudConfig;
  db: Database;
  keys: Keys;
  mailbox: Mailbox;
  log: Logger;
  /** bcrypt on worker threads, for the auth API. */
  passwords: PasswordHasher;
  /** The edge functions' Deno workers (functions/edgeWorkers.ts). */
  functions: EdgeWorkers;
  /** Whether the disk and database work; services report the errors they meet to it. */
  health: ServiceHealth;
  /** Verifies an HS256 JWT signed with keys.jwtSecret; throws on bad signature or expiry. */
  verifyJwt(token: string): Promise<JwtClaims>;
  signJwt(claims: Record<string, unknown>, expiresInSeconds?: number): Promise<string>;
}

/** Every module mounts itself with a function of this shape, under its base path. */
export type MountRoutes = (app: Hono, ctx: LocalCloudContext) => void;
