// {action: 'brand-kit', portfolioId} → {logo, images} (SVG)
// Premium's logo and share images, drawn from the page's title and description in its accent.
import { answer } from '../../_shared/contracts/functionContract.ts';
import { publishFunction } from '../../_shared/contracts/publish.ts';
import { brandKit } from '../../_shared/brandKit.ts';
import { HttpError, requireUser } from '../../_shared/request.ts';
import { accentHex, renderStaticPage, toPageLook } from '../siteRenderer.generated.mjs';
import { ownPortfolio, renderRefused, type Deps } from '../pages.ts';

export async function brandKitFor(deps: Deps, req: Request, portfolioId: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to get your logo');
  const row = await ownPortfolio(deps, user.token, user.id, portfolioId);
  const { data: plan } = await deps.admin.rpc('active_plan', { for_user: user.id });
  const { data: included } = await deps.admin.rpc('plan_includes_brand_kit', { plan });
  if (included !== true) throw new HttpError(403, 'The logo and share images come with the Premium plan.');
  let page: { title: string; description: string };
  try {
    page = renderStaticPage(row.template_id, row.data, { indexable: false, badge: false, siteUrl: deps.siteUrl, styles: [] });
  } catch (error) {
    renderRefused(error);
  }
  return answer(publishFunction, 'brand-kit', brandKit(page.title, page.description, accentHex(toPageLook(row.look))));
}
