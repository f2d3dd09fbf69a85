// A published site's pages rendered again from the snapshot of the version that was published
// (public.published_pages), with the features it was rendered with: the sweep's, for a site past its
// owner's plan, and the blog's, when its first post goes up or its last comes down (every page's
// navigation ends with "Blog" while the site has live posts).
import { listFiles } from '../_shared/storageTree.ts';
import { pageFilesFolder, PROTECTED_SITES_BUCKET, SITES_BUCKET } from '../_shared/sites.ts';
import { HttpError } from '../_shared/request.ts';
import { storeMadeResume } from './pageResume.ts';
import { sellerConnected, storeSite, type Deps } from './pages.ts';
import { asksForPassword, protectsAPage } from './protection.ts';

/** A row of published_pages: what the site shows, as it was published. */
export interface PageSnapshot {
  portfolio_id: string;
  owner_id: string;
  slug: string;
  template_id: string;
  data: unknown;
  look: unknown;
  badge: boolean;
  customized_look: boolean;
  subscribe_form: boolean;
}

/** The snapshot of a published site's pages; undefined when it is not published. */
export async function pageSnapshot(deps: Deps, portfolioId: string): Promise<PageSnapshot | undefined> {
  const { data, error } = await deps.admin
    .from('published_pages')
    .select('portfolio_id, owner_id, slug, template_id, data, look, badge, customized_look, subscribe_form')
    .eq('portfolio_id', portfolioId)
    .maybeSingle<PageSnapshot>();
  if (error) throw new HttpError(503, 'Your page could not be read. Try again.');
  return data ?? undefined;
}

/** Renders and stores every page of the site again (the caller holds the page's lease). */
export async function storeSiteAgain(deps: Deps, page: PageSnapshot, { blog }: { blog: boolean }): Promise<void> {
  const features = {
    plan: null,
    badge: page.badge,
    customizedLook: page.customized_look,
    subscribeForm: page.subscribe_form,
    // Sells as it was published (under a plan: the form's flag says so) while its Razorpay account is still connected.
    sells: page.subscribe_form && (await sellerConnected(deps, page.owner_id)),
  };
  // The copies the page links are in its folder already (per bucket, by name).
  const urls: Record<string, string> = {};
  // A page behind its password stays behind it: rendered again into the private bucket, noindex.
  const behindPassword = asksForPassword(page.data);
  const bucket = behindPassword ? PROTECTED_SITES_BUCKET : SITES_BUCKET;
  // A page behind the password keeps the files only it shows in the private bucket.
  const buckets = bucket === SITES_BUCKET && protectsAPage(page.data) ? [SITES_BUCKET, PROTECTED_SITES_BUCKET] : [bucket];
  for (const from of buckets)
    for (const file of await listFiles(deps.admin, from, pageFilesFolder(page.slug), 2)) {
      const [bucket, name, ...more] = file.path.slice(pageFilesFolder(page.slug).length + 1).split('/');
      // The page's own files (fonts, icons, share card) sit beside the buckets' folders.
      if (name && !more.length) urls[`storage:${bucket}/${page.owner_id}/${page.portfolio_id}/${name}`] ??= `/p/${file.path}`;
    }
  const source = { portfolioId: page.portfolio_id, templateId: page.template_id, data: page.data, look: page.look };
  // The made résumé is made again too: it carries the look the page shows.
  const resume = await storeMadeResume(deps, page.slug, source, features, bucket);
  await storeSite(deps, source, page.slug, features, urls, { bucket, indexable: !behindPassword, resumeUrl: resume?.url, blog });
}
