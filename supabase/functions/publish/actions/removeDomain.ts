// {action: 'remove-domain', domain} → {domain, removed: true}
// Gives a custom domain up: the site stops answering for it at once, then the claim goes.
import { answer } from '../../_shared/contracts/functionContract.ts';
import { publishFunction } from '../../_shared/contracts/publish.ts';
import { HttpError, requireSecondFactor, requireUser } from '../../_shared/request.ts';
import { domainMapPath, SITES_BUCKET } from '../../_shared/sites.ts';
import type { Deps } from '../pages.ts';
import { ownClaim } from './verifyDomain.ts';

export async function removeDomain(deps: Deps, req: Request, domain: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to remove a domain');
  await requireSecondFactor(deps.userClient(user.token));
  const claim = await ownClaim(deps, user.token, user.id, domain);
  if (claim.verified_at) await deps.admin.storage.from(SITES_BUCKET).remove([domainMapPath(claim.domain)]);
  const { error } = await deps.admin.from('custom_domains').delete().eq('id', claim.id);
  if (error) throw new HttpError(503, 'The domain could not be removed. Try again.');
  return answer(publishFunction, 'remove-domain', { domain: claim.domain, removed: true });
}
