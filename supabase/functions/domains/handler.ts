// The domains function: the free domain every plan includes. Browser calls, with the owner's token:
//   {action: 'search', query}               → {offers: DomainOffer[]}: availability and price of the names
//   {action: 'register', domain, portfolioId} → {registered, url}: bought at the registrar (Name.com) with
//                                              the plan year's free domain-year, DNS pointed at the site,
//                                              and connected to the page as a proven custom domain
//   {action: 'renew', domain}               → {registered}: one more year, with the next plan year's
//   {action: 'connect', domain, portfolioId} → {registered, url}: shows another page (or repairs DNS)
// Shapes: _shared/contracts/domains.ts. Refusals are `{ error }` with a status. The registrar's credentials stay here (NAMECOM_*); the browser
// never names a price: what is free is decided from the registrar's own answer.
import { answer } from '../_shared/contracts/functionContract.ts';
import { domainsFunction, type DomainOffer, type RegisteredDomain } from '../_shared/contracts/domains.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { runtimeEnv, requireEnv, type Env } from '../_shared/env.ts';
import { domainCandidates, FREE_DOMAIN_MAX_PRICE_USD, renewalClosesAt, renewalOpensAt } from '../_shared/freeDomain.ts';
import { answeringErrors, HttpError, readJsonBody, requireSecondFactor, requireUser } from '../_shared/request.ts';
import { mapDomainToPortfolio } from '../_shared/sites.ts';
import { supabaseClientsFrom, type SupabaseClients } from '../_shared/supabaseClient.ts';
import { namecomClient, RegistrarError, type Availability, type Registrar } from './registrar.ts';

const MAX_BODY_BYTES = 4 * 1024;
/**
 * The DNS record the registrar sets: the domain itself (an ANAME, Name.com's CNAME-like record for an
 * apex) leads to the site, which answers by Host. No `www`: the site serves only the proven name, and a
 * second name would outlive an unpublish (the publish function maps only the claimed one).
 */
const RECORD_TTL = 300;

interface Deps extends SupabaseClients {
  siteHost: string;
  registrar: Registrar;
}

interface RegistrationRow {
  id: string;
  domain: string;
  owner_id: string;
  status: 'pending' | 'active';
  idempotency_key: string;
  free_year_id: string | null;
  registered_at: string | null;
  expires_at: string | null;
  renewal_price_usd: number | string | null;
}

const REGISTRATION_COLUMNS = 'id, domain, owner_id, status, idempotency_key, free_year_id, registered_at, expires_at, renewal_price_usd';

function depsFrom(env: Env): Deps {
  return {
    siteHost: new URL(requireEnv(env, 'SITE_URL')).hostname,
    ...supabaseClientsFrom(env),
    registrar: namecomClient(env),
  };
}

const dateWords = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/** What the registrar's answer about a name means for the owner. */
function offerOf(result: Availability): DomainOffer {
  const price = result.purchasable ? (result.purchasePrice ?? null) : null;
  const renewal = result.purchasable ? (result.renewalPrice ?? null) : null;
  const base = { domain: result.domainName, available: result.purchasable, priceUsd: price, renewalPriceUsd: renewal };
  if (!result.purchasable) return { ...base, free: false, note: 'Taken' };
  if (result.premium || result.purchaseType !== 'registration')
    return { ...base, free: false, note: 'A premium name, priced by its registry: not included in the free domain' };
  if (price === null || renewal === null || price > FREE_DOMAIN_MAX_PRICE_USD || renewal > FREE_DOMAIN_MAX_PRICE_USD)
    return { ...base, free: false, note: `Costs more than the free domain covers ($${FREE_DOMAIN_MAX_PRICE_USD} a year)` };
  return { ...base, free: true };
}

/** A registrar failure in words for the owner; the details go to the log. */
function registrarTrouble(error: RegistrarError, doing: string): HttpError {
  console.error(`domains: the registrar refused to ${doing}`, error.status, error.message, error.details);
  if (error.status === 0 || error.status >= 500 || error.status === 429)
    return new HttpError(502, `The registrar did not answer. Try again in a minute; you will not be charged twice.`);
  // 401/402/403: FolioForge's own registrar account (credentials, credit) — nothing the owner can fix.
  if (error.status === 401 || error.status === 402 || error.status === 403)
    return new HttpError(503, 'Registering domains is unavailable right now. Nothing was charged; please try again later.');
  return new HttpError(409, `The registrar could not ${doing}: ${error.message}.`);
}

async function search(deps: Deps, req: Request, query: string): Promise<Response> {
  await requireUser(deps.anonClient(), req, 'Sign in to look for a domain');
  const candidates = domainCandidates(query);
  if ('problem' in candidates) throw new HttpError(400, candidates.problem);
  let results: Availability[];
  try {
    results = await deps.registrar.checkAvailability(candidates.names);
  } catch (error) {
    if (error instanceof RegistrarError) throw registrarTrouble(error, 'check these names');
    throw error;
  }
  // In the order asked: the name as typed first.
  const byName = new Map(results.map((result) => [result.domainName.toLowerCase(), result]));
  const offers = candidates.names.flatMap((name) => {
    const result = byName.get(name);
    return result ? [offerOf(result)] : [];
  });
  return answer(domainsFunction, 'search', { offers });
}

/** The caller's own portfolio (its slug and whether it is published), or 404. */
async function ownPortfolio(deps: Deps, token: string, userId: string, portfolioId: string) {
  const { data, error } = await deps
    .userClient(token)
    .from('portfolios')
    .select('id, owner_id, slug, published')
    .eq('id', portfolioId)
    .maybeSingle<{ id: string; owner_id: string; slug: string | null; published: boolean }>();
  if (error) throw new HttpError(503, 'Your portfolios could not be read. Try again.');
  if (!data || data.owner_id !== userId) throw new HttpError(404, 'Portfolio not found');
  return data;
}

async function registrationOf(deps: Deps, domain: string): Promise<RegistrationRow | null> {
  const { data, error } = await deps.admin.from('registered_domains').select(REGISTRATION_COLUMNS).eq('domain', domain).maybeSingle();
  if (error) throw new HttpError(503, 'Your domains could not be read. Try again.');
  return data as RegistrationRow | null;
}

function summary(row: RegistrationRow, portfolioId: string | null): RegisteredDomain {
  return {
    domain: row.domain,
    registeredAt: row.registered_at ? new Date(row.registered_at).toISOString() : '',
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : '',
    renewalPriceUsd: row.renewal_price_usd === null ? null : Number(row.renewal_price_usd),
    portfolioId,
  };
}

/** Takes a plan year for the domain, or refuses in words (no plan, or this year's is used). */
async function claimFreeYear(deps: Deps, userId: string, domain: string, kind: 'registration' | 'renewal', starting: string) {
  const { data, error } = await deps.admin.rpc('claim_free_domain_year', {
    for_user: userId,
    for_domain: domain,
    claim_kind: kind,
    starting,
  });
  if (error) throw new HttpError(503, 'Your plan could not be checked. Try again.');
  const answer = data as { claim_id?: string; refusal?: 'no_plan' | 'used'; available_at?: string } | null;
  if (answer?.refusal === 'no_plan') throw new HttpError(403, 'The free domain comes with a plan: choose a plan first.');
  if (answer?.refusal === 'used')
    throw new HttpError(
      409,
      `Your plan's free domain for this year is used. The next one is available on ${dateWords(answer.available_at ?? starting)}.`,
    );
  if (!answer?.claim_id) throw new HttpError(503, 'Your plan could not be checked. Try again.');
  return answer.claim_id;
}

async function releaseFreeYear(deps: Deps, claimId: string | null) {
  if (claimId) await deps.admin.from('free_domain_years').delete().eq('id', claimId);
}

/**
 * Points the domain at the site at the registrar (the records it lacks), makes it the caller's proven
 * custom domain for the page, and maps it to the portfolio (the site shows it while published). Safe to repeat.
 */
async function connect(deps: Deps, userId: string, domain: string, page: { id: string; slug: string | null; published: boolean }) {
  try {
    const existing = await deps.registrar.records(domain);
    if (!existing.some((record) => record.host === '' && record.answer.replace(/\.$/, '') === deps.siteHost))
      await deps.registrar.createRecord(domain, { host: '', type: 'ANAME', answer: deps.siteHost, ttl: RECORD_TTL });
  } catch (error) {
    if (error instanceof RegistrarError) throw registrarTrouble(error, 'set up the domain’s DNS records');
    throw error;
  }
  // The registration proves the domain: any claim on it (someone's unproven one, an old owner's proven
  // one from before it lapsed, this owner's for another page) gives way to this one.
  const { data: others } = await deps.admin.from('custom_domains').select('id').eq('domain', domain);
  if (others?.length) await deps.admin.from('custom_domains').delete().eq('domain', domain);
  const { error } = await deps.admin
    .from('custom_domains')
    .insert({ domain, portfolio_id: page.id, owner_id: userId, verified_at: new Date().toISOString() });
  if (error) throw new HttpError(503, 'The domain could not be connected. Try again.');
  // The site shows the portfolio's page on the domain while it is published (sites.ts).
  if (!(await mapDomainToPortfolio(deps.admin, domain, page.id))) throw new HttpError(503, 'The domain could not be connected. Try again.');
}

async function register(deps: Deps, req: Request, domain: string, portfolioId: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to register a domain');
  await requireSecondFactor(deps.userClient(user.token));
  const page = await ownPortfolio(deps, user.token, user.id, portfolioId);
  let row = await registrationOf(deps, domain);
  if (row && row.owner_id !== user.id) throw new HttpError(409, `${domain} is taken. Choose another name.`);

  if (!row) {
    let offer: DomainOffer | undefined;
    try {
      const [result] = await deps.registrar.checkAvailability([domain]);
      offer = result ? offerOf(result) : undefined;
    } catch (error) {
      if (error instanceof RegistrarError) throw registrarTrouble(error, 'check the name');
      throw error;
    }
    if (!offer?.available) throw new HttpError(409, `${domain} is taken. Choose another name.`);
    if (!offer.free) throw new HttpError(400, `${domain} is not included in the free domain: ${offer.note ?? 'it costs more'}.`);
    const claimId = await claimFreeYear(deps, user.id, domain, 'registration', new Date().toISOString());
    const { data, error } = await deps.admin
      .from('registered_domains')
      .insert({ domain, owner_id: user.id, free_year_id: claimId })
      .select(REGISTRATION_COLUMNS)
      .single();
    if (error) {
      await releaseFreeYear(deps, claimId);
      // 23505: someone registered it a moment ago.
      throw error.code === '23505' ? new HttpError(409, `${domain} is taken. Choose another name.`) : new HttpError(503, 'Try again.');
    }
    row = data as RegistrationRow;
  }

  if (row.status === 'pending') {
    // Asked with the row's own key: a retry after a lost answer is the same purchase, not a second one.
    try {
      const purchase = await deps.registrar.register(domain, row.idempotency_key);
      const { data, error } = await deps.admin
        .from('registered_domains')
        .update({
          status: 'active',
          registered_at: purchase.domain.createDate,
          expires_at: purchase.domain.expireDate,
          renewal_price_usd: purchase.domain.renewalPrice ?? null,
        })
        .eq('id', row.id)
        .select(REGISTRATION_COLUMNS)
        .single();
      if (error) throw new HttpError(503, 'The domain is registered but could not be recorded. Try again to finish.');
      row = data as RegistrationRow;
    } catch (error) {
      if (!(error instanceof RegistrarError)) throw error;
      if (error.definite) {
        await deps.admin.from('registered_domains').delete().eq('id', row.id);
        await releaseFreeYear(deps, row.free_year_id);
      }
      throw registrarTrouble(error, `register ${domain}`);
    }
  }

  await connect(deps, user.id, domain, page);
  return answer(domainsFunction, 'register', { registered: summary(row, page.id), url: `https://${domain}/` });
}

/** The caller's own active registration of `domain`, or 404. */
async function ownRegistration(deps: Deps, userId: string, domain: string): Promise<RegistrationRow> {
  const row = await registrationOf(deps, domain);
  if (!row || row.owner_id !== userId || row.status !== 'active' || !row.expires_at) throw new HttpError(404, 'Register the domain first.');
  return row;
}

async function renew(deps: Deps, req: Request, domain: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to renew a domain');
  await requireSecondFactor(deps.userClient(user.token));
  const row = await ownRegistration(deps, user.id, domain);
  const expires = new Date(row.expires_at!);
  const now = new Date();
  if (now < renewalOpensAt(expires))
    throw new HttpError(400, `${domain} can be renewed from ${dateWords(renewalOpensAt(expires).toISOString())}.`);
  if (now > renewalClosesAt(expires))
    throw new HttpError(410, `${domain} expired on ${dateWords(row.expires_at!)} and can no longer be renewed.`);
  // The plan year the new domain-year falls in: the one holding the expiry, or now when renewed late.
  const claimId = await claimFreeYear(deps, user.id, domain, 'renewal', new Date(Math.max(expires.getTime(), now.getTime())).toISOString());
  let updated: RegistrationRow;
  try {
    // One key per renewal of one expiry date: repeating it (a lost answer) renews once.
    const purchase = await deps.registrar.renew(domain, `${row.idempotency_key}:renew:${expires.toISOString()}`);
    const { data, error } = await deps.admin
      .from('registered_domains')
      .update({ expires_at: purchase.domain.expireDate, renewal_price_usd: purchase.domain.renewalPrice ?? row.renewal_price_usd })
      .eq('id', row.id)
      .select(REGISTRATION_COLUMNS)
      .single();
    if (error) throw new HttpError(503, 'The domain is renewed but could not be recorded. Try again to finish.');
    updated = data as RegistrationRow;
  } catch (error) {
    // Given back whatever went wrong: a repeat uses the same registrar key, so it never renews twice.
    await releaseFreeYear(deps, claimId);
    if (error instanceof RegistrarError) throw registrarTrouble(error, `renew ${domain}`);
    throw error;
  }
  const { data: claim } = await deps.admin
    .from('custom_domains')
    .select('portfolio_id')
    .eq('domain', domain)
    .eq('owner_id', user.id)
    .not('verified_at', 'is', null)
    .maybeSingle<{ portfolio_id: string }>();
  return answer(domainsFunction, 'renew', { registered: summary(updated, claim?.portfolio_id ?? null) });
}

async function reconnect(deps: Deps, req: Request, domain: string, portfolioId: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to connect a domain');
  await requireSecondFactor(deps.userClient(user.token));
  const row = await ownRegistration(deps, user.id, domain);
  const page = await ownPortfolio(deps, user.token, user.id, portfolioId);
  await connect(deps, user.id, domain, page);
  return answer(domainsFunction, 'connect', { registered: summary(row, page.id), url: `https://${domain}/` });
}

export function createHandler(env: Env): (req: Request) => Promise<Response> {
  let deps: Deps | undefined;
  return answeringErrors('domains', 'The domain request failed. Try again.', async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
    deps ??= depsFrom(env);
    const request = await readJsonBody(req, MAX_BODY_BYTES, domainsFunction.request);
    switch (request.action) {
      case 'search':
        return search(deps, req, request.query);
      case 'register':
        return register(deps, req, request.domain, request.portfolioId);
      case 'renew':
        return renew(deps, req, request.domain);
      case 'connect':
        return reconnect(deps, req, request.domain, request.portfolioId);
    }
  });
}

const handler = createHandler(runtimeEnv());
export default handler;
