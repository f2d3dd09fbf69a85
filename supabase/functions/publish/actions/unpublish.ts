// {action: 'unpublish', portfolioId} → {published: false, freedSlug}
// Takes the caller's page down: the row is unpublished and its address freed first (under the lease,
// so no publish of the row runs meanwhile), then its shop closes (pending orders cancelled, their
// stock back: no new order can start once the published row is gone), then what leads to the page and
// the page itself go.
import { answer } from '../../_shared/contracts/functionContract.ts';
import { publishFunction, type UnpublishedPage } from '../../_shared/contracts/publish.ts';
import { HttpError, requireUser } from '../../_shared/request.ts';
import { closeShop } from '../../_shared/shopClosing.ts';
import { SITES_BUCKET } from '../../_shared/sites.ts';
import { refreshSitemap } from '../pageFiles.ts';
import { databaseRefusal, holdPage, releasePage, takeDown, type Deps } from '../pages.ts';

/** Unpublishes a held row and removes its page; answers the address it freed. */
export async function unpublishHeld(deps: Deps, portfolioId: string, token: string, ownerId: string): Promise<string | null> {
  const { data: freed, error } = await deps.admin.rpc('unpublish_page', { portfolio: portfolioId, token });
  if (error) throw databaseRefusal(error, 'The page could not be taken down. Try again.');
  await closeShop(deps.admin, ownerId, portfolioId).catch((closing: unknown) => {
    console.error('publish: the shop of an unpublished page could not be closed', portfolioId, closing);
    throw new HttpError(503, 'The page is offline, but its open orders could not be cancelled. Try again.');
  });
  const slug = typeof freed === 'string' ? freed : null;
  await takeDown(deps, portfolioId, slug);
  await refreshSitemap(deps.admin, deps.siteUrl, SITES_BUCKET);
  return slug;
}

export async function unpublish(deps: Deps, req: Request, portfolioId: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to unpublish');
  const held = await holdPage(deps, portfolioId, user.id);
  try {
    const page: UnpublishedPage = { published: false, freedSlug: await unpublishHeld(deps, portfolioId, held.token, user.id) };
    return answer(publishFunction, 'unpublish', page);
  } finally {
    await releasePage(deps, held);
  }
}
