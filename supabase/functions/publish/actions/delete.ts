// {action: 'delete', portfolioId} → {deleted: true, freedSlug}
// Deletes the caller's portfolio as My portfolios does: its page goes first (unpublished, address
// held for the owner, files, pointer and domain maps removed) and its shop closes (pending orders
// cancelled), then the row (its domain claims and sign-ups go with it) and its pictures and resumes.
// The database refuses an owner's own delete of a published row, so no page outlives its portfolio.
// A user with two-factor on deletes only from an aal2 session.
import { answer } from '../../_shared/contracts/functionContract.ts';
import { publishFunction } from '../../_shared/contracts/publish.ts';
import { HttpError, requireSecondFactor, requireUser } from '../../_shared/request.ts';
import { closeShop } from '../../_shared/shopClosing.ts';
import { listTree, removeObjects, StorageTrouble } from '../../_shared/storageTree.ts';
import { holdPage, releasePage, type Deps } from '../pages.ts';
import { unpublishHeld } from './unpublish.ts';

const PRIVATE_BUCKETS = ['portfolio-images', 'resumes'];

export async function deletePortfolio(deps: Deps, req: Request, portfolioId: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to delete a portfolio');
  // As the database asks of a draft deleted through REST: a stolen password alone deletes nothing.
  await requireSecondFactor(deps.userClient(user.token));
  const held = await holdPage(deps, portfolioId, user.id);
  let freedSlug: string | null = null;
  try {
    if (held.row.published) freedSlug = await unpublishHeld(deps, portfolioId, held.token, user.id);
    // Its shop closes before the row goes (a draft may still have orders from when it was published).
    else
      await closeShop(deps.admin, user.id, portfolioId).catch(() => {
        throw new HttpError(503, 'The portfolio’s open orders could not be cancelled. Nothing was deleted; try again.');
      });
    const { error } = await deps.admin.from('portfolios').delete().eq('id', portfolioId).eq('owner_id', user.id);
    if (error) throw new HttpError(503, 'The portfolio could not be deleted. Try again.');
  } finally {
    await releasePage(deps, held);
  }
  // The row is gone; its files follow (a failure here leaves files, never a broken portfolio).
  try {
    for (const bucket of PRIVATE_BUCKETS)
      await removeObjects(deps.admin, bucket, await listTree(deps.admin, bucket, `${user.id}/${portfolioId}`, 1));
  } catch (error) {
    if (!(error instanceof StorageTrouble)) throw error;
    console.error('publish: the files of a deleted portfolio could not be removed', error.message);
  }
  return answer(publishFunction, 'delete', { deleted: true, freedSlug });
}
