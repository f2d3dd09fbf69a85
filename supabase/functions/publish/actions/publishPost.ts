// {action: 'publish-post', portfolioId, postId} → {state, url, filesWritten}
// The owner saved a post (through REST, row-level security theirs) and brings the site up to date:
// under the lease on the site's page, the blog is written again from the live posts, rendering that
// post's page (or removing it: a draft, a post scheduled ahead, a deleted one) and the lists, and
// storing only the files whose bytes changed (and every page, when the site's first post goes up or
// its last comes down: their navigation's "Blog"); then /p/sitemap.xml. A site not published has no blog.
import { answer } from '../../_shared/contracts/functionContract.ts';
import { publishFunction, type PublishedPost } from '../../_shared/contracts/publish.ts';
import { HttpError, requireUser } from '../../_shared/request.ts';
import { SITES_BUCKET } from '../../_shared/sites.ts';
import { publicPagePath } from '../../_shared/slugs.ts';
import { publishedBlogTarget, storePagesWhenBlogShows, writeBlog } from '../blog.ts';
import { refreshSitemap } from '../pageFiles.ts';
import { holdPage, releasePage, type Deps } from '../pages.ts';
import { blog } from '../siteRenderer.generated.mjs';

export async function publishPost(deps: Deps, req: Request, portfolioId: string, postId: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to publish');
  const held = await holdPage(deps, portfolioId, user.id);
  try {
    const { data: post, error } = await deps.admin
      .from('portfolio_posts')
      .select('slug, status, publish_at')
      .eq('id', postId)
      .eq('portfolio_id', portfolioId)
      .eq('owner_id', user.id)
      .maybeSingle<{ slug: string; status: string; publish_at: string | null }>();
    if (error) throw new HttpError(503, 'Your post could not be read. Try again.');
    const target = await publishedBlogTarget(deps, portfolioId);
    if (!target) return answer(publishFunction, 'publish-post', { state: 'site-unpublished', url: null, filesWritten: 0 });
    const now = new Date();
    const written = await writeBlog(deps, target, [postId], now);
    await storePagesWhenBlogShows(deps, portfolioId, written);
    await refreshSitemap(deps.admin, deps.siteUrl, SITES_BUCKET);
    const live = written.live.some((one) => one.id === postId);
    const state: PublishedPost['state'] = !post
      ? 'removed'
      : live
        ? 'live'
        : post.status === 'published' && post.publish_at && Date.parse(post.publish_at) > now.getTime()
          ? 'scheduled'
          : 'draft';
    const url = post && state !== 'draft' ? `${deps.siteUrl}${publicPagePath(target.slug)}/${blog.postPath(post.slug)}` : null;
    return answer(publishFunction, 'publish-post', { state, url, filesWritten: written.filesWritten });
  } finally {
    await releasePage(deps, held);
  }
}
