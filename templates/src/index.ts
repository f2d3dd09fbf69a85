// @folioforge/templates: the portfolio model (model/: its parts, schema, upgrades and starts) and the
// templates that show it, one folder per template (template.json with its id and price, definition.ts
// with its sample and page), with the registry generated from those folders. Templates are reached
// through the registry. Collection screenshots are not here: mfe-templates owns them, so the editor
// never bundles them. Import it only by this package name: it is a federation singleton, like
// @folioforge/shared.
export type { TemplatePageProps, TemplateContent, TemplateDefinition } from './types';
export { TEMPLATES, getTemplate } from './registry';
// A site's blog posts (model/posts.ts): the editor's Blog screen checks them with the one schema.
export { checkPost, livePosts, POST_LIMITS, postFromRow, tagSlug, type Post, type PostRow } from './model';
// Products for sale and the shop (model/products.ts).
export {
  amountText,
  formatMoney,
  isShopCurrency,
  PRODUCT_LIMITS,
  productOffer,
  readPrice,
  SHOP_CURRENCIES,
  shopOf,
  type ProductOption,
  type ProductSale,
  type ShopCurrency,
  type ShopSettings,
} from './model';
export {
  applyDetails,
  checkPortfolio,
  coercePortfolio,
  FIELD_MAX_LENGTH,
  fieldText,
  fileSlotsOf,
  homeFileSlotsOf,
  fileValuesOf,
  importJsonResume,
  isDeviceRef,
  isFileKind,
  isFileValue,
  isLegacyData,
  isSampleField,
  isSectionKind,
  isStorageRef,
  kindSpec,
  LIMITS,
  MAX_IMPORT_BYTES,
  markedAsSample,
  maxLengthOf,
  newId,
  PAGE_LANGUAGES,
  PAGE_LIMITS,
  isPageLanguage,
  pageMeta,
  pageSettingsSchema,
  preparePortfolioCheck,
  PROFILE_FIELDS,
  REPLACE_PREFIX,
  replaceFileValue,
  sampleFieldsOf,
  sampleRef,
  SCHEMA_VERSION,
  SECTION_KINDS,
  SECTION_KIND_NAMES,
  starterPortfolio,
  toModelData,
  upgradeLegacy,
  visibleSections,
  sectionsWithNewIds,
  withNewIds,
  withoutSampleMark,
  BLOG_PAGE_ID,
  HOME_PAGE_ID,
  SITE_LIMITS,
  newSitePage,
  pageLinkChoices,
  portfolioForPage,
  siteNavigation,
  sitePages,
  slugFromTitle,
  slugProblem,
  withPageSlug,
  type PageLinkChoice,
  type SitePage,
  type SitePageView,
  type Account,
  type AnyItem,
  type FileSlot,
  type ImportResult,
  type LegacyValues,
  type PageSettings,
  type SectionKindSpec,
  type FieldKind,
  type FieldSpec,
  type ItemOf,
  type Portfolio,
  type Profile,
  type ProfileKey,
  type Section,
  type SectionKind,
  type SectionOf,
  type SocialLink,
  type TextField,
} from './model';
export { AssetUrlsProvider, resolveAsset, useAssetUrl } from './common/assets';
export { SiteNavigationContext, type SiteNavigationValue } from './common/SiteNavigation';
export { PageOrdersProvider, type PageOrderTarget } from './forms/OrderForm';
export { MadeResumeProvider, isUploadedResume, useResumeUrl } from './common/resumeLink';
export {
  RESUME_LAYOUTS,
  RESUME_PAPERS,
  RESUME_SECTION_KINDS,
  resumeSettingsOf,
  type ResumeLayout,
  type ResumePaper,
  type ResumeSettings,
} from './model';
export { SocialLinks, KNOWN_NETWORKS, iconFor } from './common/SocialLinks';
export { SAMPLE_RESUME_URL, SAMPLE_URLS } from './assets';
export { GeneratorPage, ShowsPlaceholders, type GeneratorPageProps, type ResumeSource, type ResumeView } from './generator/GeneratorPage';
export { generatorDefinition } from './generator/definition';
export { ACCENTS, FONTS, lookCss, toPageLook, type AccentName, type FontName, type PageLook } from './looks';
