// Server-side rendering of a portfolio: the static page publishing stores and an export zips, the
// export's portfolio.json, and the import of a JSON Resume file. Bundled for the publish function by
// tooling/siteRenderer.mjs.
export { renderStaticPage, type StaticPage, type StaticPageOptions } from './renderStaticPage';
export { checkedPortfolio, InvalidPortfolioError, storedFileRefs, type CheckedPortfolio } from './checkedPortfolio';
export { toJsonResume, type JsonResume } from './jsonResume';
export { accentHex, toPageLook } from '../looks';
export { isUploadedResume } from '../common/resumeLink';
export type { StyleRule } from './pageStyles';
// The blog's views as one namespace: the publish function calls blog.postPage, blog.atomFeed …
import * as blog from '../blog';
export { blog };
export { POST_LIMITS, isLive, livePosts, tagSlug, type Post, type PostRow } from '../model';
export { HOME_PAGE_ID, pagePath, publicPages, redirectFolders, sitePages } from '../model/site';
