// {action: 'stock-changed', portfolioId} → {renderedAgain} (the service role's alone)
// A page that sells shows a product as "Sold out" when orders hold its last one, and offers it again
// when stock comes back. The orders and shop functions call this after they change stock and the
// database says the page now shows the wrong thing (pages_showing_old_stock); the sweep renders
// every page they missed. The page's lease keeps this from racing a publish; whoever holds it looks
// again after rendering, since more orders may have come while it rendered.
import { timingSafeEqualText } from '../../_shared/hmac.ts';
import { answer } from '../../_shared/contracts/functionContract.ts';
import { publishFunction } from '../../_shared/contracts/publish.ts';
import { requireEnv } from '../../_shared/env.ts';
import { bearerToken, HttpError } from '../../_shared/request.ts';
import { siteShowsBlog } from '../blog.ts';
import { holdPage, releasePage, type Deps } from '../pages.ts';
import { storeSiteAgain, type PageSnapshot } from '../pagesAgain.ts';

/** How often one holder of the lease renders a page again while its stock keeps changing. */
const MAX_RENDERS = 3;

async function showingOldStock(deps: Deps, portfolioId?: string): Promise<PageSnapshot[]> {
  const { data, error } = await deps.admin.rpc('pages_showing_old_stock', portfolioId ? { only_page: portfolioId } : {});
  if (error) throw new HttpError(503, 'The shops’ stock could not be read.');
  return (data ?? []) as PageSnapshot[];
}

/** Renders the page again until it shows the stock held now; false when another change holds it. */
async function renderUntilCurrent(deps: Deps, page: PageSnapshot): Promise<boolean> {
  let held;
  try {
    held = await holdPage(deps, page.portfolio_id, page.owner_id);
  } catch {
    return false; // a publish or another render of it is under way: it, or the next sweep, shows the stock
  }
  try {
    let current: PageSnapshot | undefined = page;
    for (let render = 0; current && render < MAX_RENDERS; render++) {
      await storeSiteAgain(deps, current, { blog: await siteShowsBlog(deps, current.portfolio_id) });
      [current] = await showingOldStock(deps, page.portfolio_id);
    }
    return true;
  } finally {
    await releasePage(deps, held);
  }
}

/** Every published page (or this one) that shows other products sold out than its stock now makes, rendered again. */
export async function renderPagesShowingOldStock(deps: Deps, portfolioId?: string): Promise<number> {
  let rendered = 0;
  for (const page of await showingOldStock(deps, portfolioId)) {
    try {
      if (await renderUntilCurrent(deps, page)) rendered++;
    } catch (error) {
      console.error('publish: a page could not be rendered with its stock', page.portfolio_id, error);
    }
  }
  return rendered;
}

export async function stockChanged(deps: Deps, req: Request, portfolioId: string): Promise<Response> {
  if (!timingSafeEqualText(bearerToken(req) ?? '', requireEnv(deps.env, 'SUPABASE_SERVICE_ROLE_KEY')))
    throw new HttpError(403, 'Only FolioForge’s own functions say that stock changed.');
  return answer(publishFunction, 'stock-changed', { renderedAgain: (await renderPagesShowingOldStock(deps, portfolioId)) > 0 });
}
