// {action: 'verify-domain', domain} → {domain, verified, record}
// Checks the caller's claim on a custom domain against DNS now, every time: a proof holds only while
// the TXT record still says so. Proven, the claim becomes the domain's only proven one (an earlier
// owner's claim whose record is gone gives way; one whose record is still there keeps it, 409), and
// the site maps the domain to the portfolio. Not proven, a claim that was proven loses its proof and
// the site stops answering for it. Needs the second factor of a user who has one, like every write
// to custom domains.
import { answer } from '../../_shared/contracts/functionContract.ts';
import { publishFunction } from '../../_shared/contracts/publish.ts';
import { Resolver } from 'node:dns/promises';
import { domainProofRecord } from '../../_shared/domains.ts';
import { HttpError, requireSecondFactor, requireUser } from '../../_shared/request.ts';
import { domainMapPath, mapDomainToPortfolio, SITES_BUCKET } from '../../_shared/sites.ts';
import { featuresFor, type Deps } from '../pages.ts';

/** The TXT records at `name`, from the DNS servers set for this function (DNS_SERVERS) or the system's. */
async function txtRecords(deps: Deps, name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  const servers = deps.env('DNS_SERVERS');
  if (servers) resolver.setServers(servers.split(',').map((server) => server.trim()));
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch {
    return []; // no such name, or no answer: not proven
  }
}

export interface DomainClaim {
  id: string;
  domain: string;
  portfolio_id: string;
  owner_id: string;
  token: string;
  verified_at: string | null;
}

/** The caller's claim, read with their token (row-level security and its second-factor rule decide). */
export async function ownClaim(deps: Deps, token: string, userId: string, domain: string): Promise<DomainClaim> {
  const { data, error } = await deps
    .userClient(token)
    .from('custom_domains')
    .select('id, domain, portfolio_id, owner_id, token, verified_at')
    .eq('domain', domain.trim().toLowerCase())
    .eq('owner_id', userId)
    .maybeSingle<DomainClaim>();
  if (error) throw new HttpError(503, 'Your domains could not be read. Try again.');
  if (!data) throw new HttpError(404, 'Add the domain first.');
  return data;
}

async function unmap(deps: Deps, domain: string) {
  await deps.admin.storage.from(SITES_BUCKET).remove([domainMapPath(domain)]);
}

export async function verifyDomain(deps: Deps, req: Request, domain: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to add a domain');
  await requireSecondFactor(deps.userClient(user.token));
  const claim = await ownClaim(deps, user.token, user.id, domain);
  if (claim.domain === new URL(deps.siteUrl).hostname) throw new HttpError(400, 'That is FolioForge’s own domain.');
  const record = domainProofRecord(claim.domain, claim.token);
  const txt = await txtRecords(deps, record.name);

  if (!txt.includes(record.value)) {
    // The record is gone (the domain changed hands, or it was removed): so is the proof.
    if (claim.verified_at !== null) {
      await deps.admin.from('custom_domains').update({ verified_at: null }).eq('id', claim.id);
      await unmap(deps, claim.domain);
    }
    return answer(publishFunction, 'verify-domain', { domain: claim.domain, verified: false, record });
  }

  const { data: others, error: othersError } = await deps.admin
    .from('custom_domains')
    .select('id, token, verified_at')
    .eq('domain', claim.domain)
    .neq('id', claim.id);
  if (othersError) throw new HttpError(503, 'Your domains could not be read. Try again.');
  for (const other of (others ?? []) as Pick<DomainClaim, 'id' | 'token' | 'verified_at'>[]) {
    if (other.verified_at !== null && txt.includes(domainProofRecord(claim.domain, other.token).value))
      throw new HttpError(409, 'The domain’s DNS still proves another account’s claim. Remove their TXT record first.');
  }
  // Proven now: this claim is the domain's only one; the others (unproven, or proven by a record since removed) go.
  if (others?.length) await deps.admin.from('custom_domains').delete().eq('domain', claim.domain).neq('id', claim.id);
  const { error } = await deps.admin.from('custom_domains').update({ verified_at: new Date().toISOString() }).eq('id', claim.id);
  if (error) throw new HttpError(error.code === '23505' ? 409 : 503, 'This domain is already proven by someone else.');
  // Custom domains come with a plan: without one the domain is proven, not served (and whatever an
  // earlier owner's map said is gone).
  if (!(await featuresFor(deps, user.id)).plan) await unmap(deps, claim.domain);
  else if (!(await mapDomainToPortfolio(deps.admin, claim.domain, claim.portfolio_id)))
    throw new HttpError(503, 'The domain could not be connected. Try again.');
  return answer(publishFunction, 'verify-domain', { domain: claim.domain, verified: true, record });
}
