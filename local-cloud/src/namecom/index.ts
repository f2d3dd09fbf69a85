// Name.com sandbox: the Core API (https://docs.name.com, api.dev.name.com) a reseller's backend calls
// with HTTP Basic auth (username:token), for what FolioForge's domains function does: check
// availability and price, register a domain, renew it, read it, and set its DNS records. Mounted under
// /namecom, so the function's NAMECOM_API_URL is http://localhost:54321/namecom (https://api.name.com
// in production). Answers and errors in Name.com's shapes: JSON, every field present, and
// `{ message, details? }` with the HTTP status on any failure.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { LocalCloudContext, MountRoutes, Queryable } from '../context.ts';
import { readBodyCapped } from '../http/body.ts';
import { RateLimiter } from '../http/rateLimit.ts';
import { safeEqual } from '../razorpay/signature.ts';
import { namecomSandboxCredentials } from './credentials.ts';
import { cents, dollars, judgeName } from './registry.ts';
import { ensureNamecomTables } from './schema.ts';

/** Name.com's documented limit: 20 requests a second per account (and 3000 an hour). */
const REQUESTS_PER_SECOND = 20;
/** How long after expiry a domain may still be renewed in the sandbox (its registries' grace period). */
const RENEWAL_GRACE_DAYS = 30;
const MAX_YEARS = 10;
const NAMESERVERS = ['ns1.name.com', 'ns2.name.com', 'ns3.name.com', 'ns4.name.com'];
const RECORD_TYPES = new Set(['A', 'AAAA', 'ANAME', 'CNAME', 'MX', 'NS', 'SRV', 'TXT']);
const MIN_TTL = 300;

/** A refusal in Name.com's error shape. */
class NamecomError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: string,
  ) {
    super(message);
  }
}

const invalid = (details: string) => new NamecomError(400, 'Invalid Argument', details);
const NOT_FOUND = new NamecomError(404, 'Not Found');

interface DomainRow {
  domain_name: string;
  create_date: Date | string;
  expire_date: Date | string;
  premium: boolean;
  renewal_cents: string | number;
}

const iso = (value: Date | string) => new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The account's default contacts, used for every domain registered without contacts (as FolioForge does). */
const ACCOUNT_CONTACT = {
  firstName: 'FolioForge',
  lastName: 'Domains',
  companyName: 'FolioForge',
  address1: 'Sandbox Street 1',
  address2: '',
  city: 'Bengaluru',
  state: 'KA',
  zip: '560001',
  country: 'IN',
  email: 'domains@folioforge.local',
  phone: '+91.8000000000',
  fax: '',
};

function domainEntity(row: DomainRow) {
  return {
    domainName: row.domain_name,
    createDate: iso(row.create_date),
    expireDate: iso(row.expire_date),
    autorenewEnabled: false,
    locked: true,
    privacyEnabled: true,
    contacts: { admin: ACCOUNT_CONTACT, billing: ACCOUNT_CONTACT, registrant: ACCOUNT_CONTACT, tech: ACCOUNT_CONTACT },
    nameservers: NAMESERVERS,
    renewalPrice: dollars(Number(row.renewal_cents)),
  };
}

interface RecordRow {
  id: string | number;
  domain_name: string;
  host: string;
  type: string;
  answer: string;
  ttl: number;
  priority: number | null;
}

function recordEntity(row: RecordRow) {
  const fqdn = `${row.host ? `${row.host}.` : ''}${row.domain_name}.`;
  return {
    id: Number(row.id),
    domainName: row.domain_name,
    host: row.host,
    fqdn,
    type: row.type,
    answer: row.answer,
    ttl: row.ttl,
    priority: row.priority ?? 0,
  };
}

/** The body as a JSON object; Name.com takes only application/json. */
async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) throw invalid('Content-Type must be application/json');
  const bytes = await readBodyCapped(c, 64 * 1024);
  if (!bytes) throw new NamecomError(413, 'Request Entity Too Large');
  if (!bytes.length) return {};
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw invalid('The request body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('The request body must be a JSON object');
  return value as Record<string, unknown>;
}

function years(body: Record<string, unknown>): number {
  const value = body.years ?? 1;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_YEARS)
    throw invalid(`years must be a whole number from 1 to ${MAX_YEARS}`);
  return value;
}

function purchasePrice(body: Record<string, unknown>): number | undefined {
  if (body.purchasePrice === undefined) return undefined;
  if (typeof body.purchasePrice !== 'number' || !(body.purchasePrice >= 0)) throw invalid('purchasePrice must be a number');
  return cents(body.purchasePrice);
}

/** Takes `total` cents from the account's credit, or refuses with 402 as Name.com does when credit is short. */
async function charge(tx: Queryable, domainName: string, kind: 'registration' | 'renewal', total: number): Promise<number> {
  const { rows } = await tx.query<{ credit_cents: string | number }>('select credit_cents from local_cloud.namecom_account for update');
  const credit = Number(rows[0]?.credit_cents ?? 0);
  if (credit < total)
    throw new NamecomError(
      402,
      'Payment Required',
      `Insufficient account credit: the order costs $${dollars(total)}, the balance is $${dollars(credit)}`,
    );
  await tx.query('update local_cloud.namecom_account set credit_cents = credit_cents - $1', [total]);
  const order = await tx.query<{ id: string | number }>(
    'insert into local_cloud.namecom_orders (domain_name, kind, total_cents) values ($1, $2, $3) returning id',
    [domainName, kind, total],
  );
  return Number(order.rows[0]!.id);
}

async function ownDomain(tx: Queryable, domainName: string, lock = false): Promise<DomainRow> {
  const { rows } = await tx.query<DomainRow>(
    `select domain_name, create_date, expire_date, premium, renewal_cents from local_cloud.namecom_domains where domain_name = $1${lock ? ' for update' : ''}`,
    [domainName],
  );
  if (!rows[0]) throw NOT_FOUND;
  return rows[0];
}

function checkAvailability(ctx: LocalCloudContext, body: Record<string, unknown>) {
  const names = body.domainNames;
  if (!Array.isArray(names) || names.length < 1 || names.length > 50) throw invalid('domainNames must list 1 to 50 domain names');
  if (!names.every((name): name is string => typeof name === 'string' && name.length > 0))
    throw invalid('every entry of domainNames must be a non-empty string');
  return ctx.db.asOwner(async (tx) => {
    const lower = names.map((name) => name.trim().toLowerCase());
    const { rows } = await tx.query<{ domain_name: string }>(
      'select domain_name from local_cloud.namecom_domains where domain_name = any($1)',
      [lower],
    );
    const ours = new Set(rows.map((row) => row.domain_name));
    const results = lower.map((domainName) => {
      const verdict = judgeName(domainName);
      const [sld = '', tld = ''] = domainName.split(/\.(.*)/);
      const none = { domainName, sld, tld, purchasable: false, premium: false, purchasePrice: 0, purchaseType: '', renewalPrice: 0 };
      if (verdict.kind === 'invalid') return { ...none, reason: 'Invalid domain name' };
      if (verdict.kind === 'unsupported') return { ...none, reason: `.${verdict.tld} is not offered` };
      if (verdict.kind === 'registered' || ours.has(domainName)) return { ...none, reason: 'Domain is registered' };
      return {
        domainName,
        sld: verdict.sld,
        tld: verdict.tld,
        purchasable: true,
        premium: verdict.premium,
        purchasePrice: dollars(verdict.price.registration),
        purchaseType: 'registration',
        renewalPrice: dollars(verdict.price.renewal),
      };
    });
    return { results };
  });
}

function createDomain(ctx: LocalCloudContext, body: Record<string, unknown>) {
  const domain = typeof body.domain === 'object' && body.domain !== null ? (body.domain as Record<string, unknown>) : undefined;
  if (typeof domain?.domainName !== 'string' || !domain.domainName) throw invalid('domain.domainName is required');
  const domainName = domain.domainName.trim().toLowerCase();
  const term = years(body);
  const price = purchasePrice(body);
  if (body.purchaseType !== undefined && body.purchaseType !== 'registration')
    throw invalid('purchaseType must be one the availability check returned');
  const verdict = judgeName(domainName);
  if (verdict.kind === 'invalid') throw invalid(`${domainName} is not a valid domain name`);
  if (verdict.kind !== 'available') throw new NamecomError(400, 'Domain is not available', `${domainName} cannot be registered`);
  const total = verdict.price.registration * term;
  // Premium names need the price confirmed; any price sent must match exactly.
  if ((verdict.premium && price === undefined) || (price !== undefined && price !== total))
    throw new NamecomError(400, 'Purchase price does not match', `${domainName} costs $${dollars(total)} for ${term} year(s)`);
  return ctx.db.asOwner(async (tx) => {
    // One registration of a name at a time: the second of two racing requests finds it taken.
    await tx.query('select pg_advisory_xact_lock(5432291)');
    const { rowCount } = await tx.query('select 1 from local_cloud.namecom_domains where domain_name = $1', [domainName]);
    if (rowCount) throw new NamecomError(400, 'Domain is not available', `${domainName} is already registered`);
    const order = await charge(tx, domainName, 'registration', total);
    const { rows } = await tx.query<DomainRow>(
      `insert into local_cloud.namecom_domains (domain_name, create_date, expire_date, premium, renewal_cents)
       values ($1, now(), now() + make_interval(years => $2), $3, $4)
       returning domain_name, create_date, expire_date, premium, renewal_cents`,
      [domainName, term, verdict.premium, verdict.price.renewal],
    );
    return { domain: domainEntity(rows[0]!), order, totalPaid: dollars(total) };
  });
}

function renewDomain(ctx: LocalCloudContext, domainName: string, body: Record<string, unknown>) {
  const term = years(body);
  const price = purchasePrice(body);
  return ctx.db.asOwner(async (tx) => {
    const row = await ownDomain(tx, domainName, true);
    const total = Number(row.renewal_cents) * term;
    if ((row.premium && price === undefined) || (price !== undefined && price !== total))
      throw new NamecomError(400, 'Purchase price does not match', `Renewing ${domainName} costs $${dollars(total)} for ${term} year(s)`);
    const { rows: late } = await tx.query<{ past: boolean }>(`select now() > $1::timestamptz + make_interval(days => $2) as past`, [
      row.expire_date,
      RENEWAL_GRACE_DAYS,
    ]);
    if (late[0]?.past)
      throw new NamecomError(400, 'Domain cannot be renewed', `${domainName} is past its ${RENEWAL_GRACE_DAYS}-day renewal grace period`);
    if (new Date(row.expire_date).getUTCFullYear() - new Date().getUTCFullYear() + term > MAX_YEARS)
      throw invalid(`a domain may be registered at most ${MAX_YEARS} years ahead`);
    const order = await charge(tx, domainName, 'renewal', total);
    const { rows } = await tx.query<DomainRow>(
      `update local_cloud.namecom_domains set expire_date = expire_date + make_interval(years => $2) where domain_name = $1
       returning domain_name, create_date, expire_date, premium, renewal_cents`,
      [domainName, term],
    );
    return { domain: domainEntity(rows[0]!), order, totalPaid: dollars(total) };
  });
}

function createRecord(ctx: LocalCloudContext, domainName: string, body: Record<string, unknown>) {
  const host = body.host ?? '';
  const type = typeof body.type === 'string' ? body.type.toUpperCase() : '';
  const answer = body.answer;
  const ttl = body.ttl ?? MIN_TTL;
  if (typeof host !== 'string' || (host !== '' && host !== '@' && !/^[a-z0-9_*]([a-z0-9_.-]{0,251}[a-z0-9])?$/i.test(host)))
    throw invalid('host must be a name relative to the zone, or empty or @ for the apex');
  if (!RECORD_TYPES.has(type)) throw invalid(`type must be one of ${[...RECORD_TYPES].join(', ')}`);
  if (typeof answer !== 'string' || !answer.trim()) throw invalid('answer is required');
  if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < MIN_TTL)
    throw invalid(`ttl must be a whole number of at least ${MIN_TTL}`);
  return ctx.db.asOwner(async (tx) => {
    await ownDomain(tx, domainName);
    const { rows } = await tx.query<RecordRow>(
      `insert into local_cloud.namecom_records (domain_name, host, type, answer, ttl, priority) values ($1, $2, $3, $4, $5, $6)
       returning id, domain_name, host, type, answer, ttl, priority`,
      [
        domainName,
        host === '@' ? '' : host.toLowerCase(),
        type,
        answer.trim(),
        ttl,
        typeof body.priority === 'number' ? body.priority : null,
      ],
    );
    return recordEntity(rows[0]!);
  });
}

function listRecords(ctx: LocalCloudContext, domainName: string) {
  return ctx.db.asOwner(async (tx) => {
    await ownDomain(tx, domainName);
    const { rows } = await tx.query<RecordRow>(
      'select id, domain_name, host, type, answer, ttl, priority from local_cloud.namecom_records where domain_name = $1 order by id',
      [domainName],
    );
    return { records: rows.map(recordEntity) };
  });
}

/** Whether the request carries `Basic base64(username:token)` of the sandbox account. */
function authorized(header: string | undefined, expected: { username: string; token: string }): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const userOk = safeEqual(decoded.slice(0, colon), expected.username);
  const tokenOk = safeEqual(decoded.slice(colon + 1), expected.token);
  return userOk && tokenOk;
}

export const mountNamecom: MountRoutes = (app, ctx) => {
  const ready = ensureNamecomTables(ctx.db);
  ready.catch((error: unknown) => ctx.log.error('name.com sandbox tables could not be created', { error: String(error) }));
  const limiter = new RateLimiter(REQUESTS_PER_SECOND, 1000);

  /** Routes by the path after /namecom; Hono's own patterns would read `domains:renew` as a parameter. */
  async function route(c: Context, path: string, method: string): Promise<unknown> {
    const domains = /^\/core\/v1\/domains(?::(checkAvailability))?$/.exec(path);
    if (domains) {
      if (method !== 'POST') throw new NamecomError(405, 'Method Not Allowed');
      return domains[1]
        ? checkAvailability(ctx, await jsonBody(c))
        : idempotent(c, () => jsonBody(c).then((body) => createDomain(ctx, body)));
    }
    const one = /^\/core\/v1\/domains\/([^/:]+)(?::(renew)|\/(records))?$/.exec(path);
    if (!one) throw NOT_FOUND;
    const domainName = decodeURIComponent(one[1]!).toLowerCase();
    if (one[2]) {
      if (method !== 'POST') throw new NamecomError(405, 'Method Not Allowed');
      return idempotent(c, () => jsonBody(c).then((body) => renewDomain(ctx, domainName, body)));
    }
    if (one[3]) {
      if (method === 'GET') return listRecords(ctx, domainName);
      if (method === 'POST') return createRecord(ctx, domainName, await jsonBody(c));
      throw new NamecomError(405, 'Method Not Allowed');
    }
    if (method !== 'GET') throw new NamecomError(405, 'Method Not Allowed');
    return ctx.db.asOwner(async (tx) => domainEntity(await ownDomain(tx, domainName)));
  }

  /**
   * X-Idempotency-Key: the first request's answer (success or refusal) is stored under the key and
   * given again to every later request with it, so a retried purchase is never charged twice.
   */
  const inFlight = new Map<string, Promise<unknown>>();
  async function idempotent(c: Context, run: () => Promise<unknown>): Promise<unknown> {
    const key = c.req.header('x-idempotency-key')?.trim();
    if (!key) return run();
    if (key.length > 255) throw invalid('X-Idempotency-Key must be at most 255 characters');
    // Two requests with one key at the same moment: the second waits for the first's stored answer.
    while (inFlight.has(key)) await inFlight.get(key)!.catch(() => undefined);
    const first = answerOnce(key, run);
    inFlight.set(key, first);
    try {
      return await first;
    } finally {
      inFlight.delete(key);
    }
  }

  async function answerOnce(key: string, run: () => Promise<unknown>): Promise<unknown> {
    const stored = await ctx.db.asOwner((tx) =>
      tx.query<{ status: number; body: Record<string, unknown> }>(
        'select status, body from local_cloud.namecom_idempotency where key = $1',
        [key],
      ),
    );
    const earlier = stored.rows[0];
    if (earlier) {
      if (earlier.status === 200) return earlier.body;
      throw new NamecomError(
        earlier.status as ContentfulStatusCode,
        String(earlier.body.message),
        earlier.body.details as string | undefined,
      );
    }
    let status = 200;
    let body: Record<string, unknown>;
    try {
      body = (await run()) as Record<string, unknown>;
    } catch (error) {
      if (!(error instanceof NamecomError) || error.status === 429) throw error;
      status = error.status;
      body = { message: error.message, ...(error.details ? { details: error.details } : {}) };
    }
    await ctx.db.asOwner((tx) =>
      tx.query('insert into local_cloud.namecom_idempotency (key, status, body) values ($1, $2, $3) on conflict (key) do nothing', [
        key,
        status,
        body,
      ]),
    );
    if (status !== 200) throw new NamecomError(status as ContentfulStatusCode, String(body.message), body.details as string | undefined);
    return body;
  }

  app.all('/namecom/*', async (c) => {
    const credentials = namecomSandboxCredentials(ctx.keys);
    try {
      if (!authorized(c.req.header('authorization'), credentials)) throw new NamecomError(401, 'Unauthorized', 'Authentication failed');
      if (!limiter.hit(credentials.username))
        throw new NamecomError(429, 'Too Many Requests', `At most ${REQUESTS_PER_SECOND} requests a second`);
      await ready;
      const answer = await route(c, c.req.path.slice('/namecom'.length), c.req.method);
      return c.json(answer as Record<string, unknown>, 200);
    } catch (error) {
      if (!(error instanceof NamecomError)) throw error;
      const headers: Record<string, string> = error.status === 429 ? { 'Retry-After': '1' } : {};
      return c.json({ message: error.message, ...(error.details ? { details: error.details } : {}) }, error.status, headers);
    }
  });
};
