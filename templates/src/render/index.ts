// Server-side rendering of a portfolio: the static page publishing stores and an export zips, and the
// export's portfolio.json. Bundled for the publish function by tooling/siteRenderer.mjs.
export { checkedValues, InvalidPortfolioError, renderStaticPage, type StaticPage, type StaticPageOptions } from './renderStaticPage';
export { toJsonResume, type JsonResume } from './jsonResume';
export { accentHex, toPageLook } from '../looks';
