// Server-side rendering of a portfolio: the static page publishing stores and an export zips, the
// export's portfolio.json, and the import of a JSON Resume file. Bundled for the publish function by
// tooling/siteRenderer.mjs.
export { renderStaticPage, type StaticPage, type StaticPageOptions } from './renderStaticPage';
export { checkedPortfolio, InvalidPortfolioError, storedFileRefs, type CheckedPortfolio } from './checkedPortfolio';
export { toJsonResume, type JsonResume } from './jsonResume';
export { accentHex, toPageLook } from '../looks';
export { isUploadedResume } from '../common/resumeLink';
export type { StyleRule } from './pageStyles';
