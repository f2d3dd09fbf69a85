// A site's blog, rendered on the server: what the publish function's blog actions write beside the
// home page (bundled with the page renderer, tooling/siteRenderer.mjs).
import { richTextToPlainText } from '@folioforge/shared';
import { checkPost, HOME_PAGE_ID, pageMeta, postFromRow, sitePages, type Post, type PostRow } from '../model';
import { checkedPortfolio } from '../render/checkedPortfolio';
import type { BlogSite } from './blogPages';

export {
  atomFeed,
  blogIndexPage,
  blogIndexPages,
  blogPath,
  FEED_ENTRIES,
  FEED_PATH,
  FEED_TYPE,
  fileOf,
  pageCount,
  postDate,
  postDescription,
  postPage,
  postPath,
  readingMinutes,
  tagPages,
  tagPath,
  tagSlugsOf,
  type BlogFile,
  type BlogSite,
  type PostCover,
  type PostSummary,
} from './blogPages';

/**
 * The blog's frame from the site's saved row: its name, author and language, checked as the home page
 * is, and the navigation of its pages (those its pages' own navigation shows), unless `where` gives one.
 */
export function blogSiteFor(
  templateId: unknown,
  data: unknown,
  where: Pick<BlogSite, 'homePath' | 'origin' | 'look' | 'badgeUrl' | 'navigation' | 'fileTree' | 'feedId'>,
): BlogSite {
  const { template, portfolio } = checkedPortfolio(templateId, data);
  const { title, language } = pageMeta(portfolio);
  const author = richTextToPlainText(portfolio.profile.name).replace(/\s+/g, ' ').trim();
  // Only the ids and addresses: a post's links to the site's pages (`page:<id>`) are resolved with them.
  const pages = (portfolio.pages ?? []).map(({ id, slug }) => ({ id, slug }));
  const navigation = sitePages(portfolio)
    .filter((page) => page.inNavigation && page.id !== HOME_PAGE_ID)
    .map((page) => ({ label: page.title, path: `${page.slug}/` }));
  return { templateId: String(templateId), name: title || author || template.name, author, language, pages, navigation, ...where };
}

/** The rows that pass the post schema (a row written past it, by hand, is left off, never rendered half-checked). */
export function checkedPosts(rows: readonly PostRow[]): Post[] {
  return rows.flatMap((row) => {
    const checked = checkPost(postFromRow(row));
    return checked.ok ? [checked.post] : [];
  });
}
