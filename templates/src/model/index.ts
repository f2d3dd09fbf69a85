// The portfolio model, its checks and its upgrades: what every template, the editor and the publish
// function share.
export { FIELD_MAX_LENGTH, isFileKind, maxLengthOf, type FieldKind, type FieldSpec } from './fields';
export {
  PROFILE_FIELDS,
  SECTION_KINDS,
  SECTION_KIND_NAMES,
  isSectionKind,
  kindSpec,
  type ItemKey,
  type ProfileKey,
  type SectionKind,
  type SectionKindSpec,
} from './kinds';
export {
  SCHEMA_VERSION,
  fieldText,
  visibleSections,
  type AnyItem,
  type ItemOf,
  type Portfolio,
  type Profile,
  type Section,
  type SectionOf,
  type SocialLink,
} from './portfolio';
export { ID_PATTERN, newId } from './ids';
export { siteProtectionSchema, type SiteProtection } from './siteProtection';
export { PAGE_LANGUAGES, PAGE_LIMITS, isPageLanguage, pageMeta, pageSettingsSchema, type PageSettings } from './pageSettings';
export {
  SAMPLE_NAMES,
  STORAGE_BUCKETS,
  fileSlotsOf,
  homeFileSlotsOf,
  fileValuesOf,
  isDeviceRef,
  isFileValue,
  isStorageRef,
  replaceFileValue,
  sampleRef,
  type FileSlot,
  type SampleName,
} from './files';
export {
  RESUME_LAYOUTS,
  RESUME_LIMITS,
  RESUME_PAPERS,
  RESUME_SECTION_KINDS,
  resumeSettingsOf,
  resumeSettingsSchema,
  type ResumeLayout,
  type ResumePaper,
  type ResumeSettings,
} from './resumeSettings';
export { LIMITS, checkPortfolio, preparePortfolioCheck, problemsOf, type PortfolioCheck } from './schema';
export { isLegacyData, splitSkills, toModelData, upgradeLegacy, type LegacyValues } from './legacy';
export { coercePortfolio } from './coerce';
export { applyDetails, sectionsWithNewIds, starterPortfolio, withNewIds, type Account } from './starter';
export {
  REPLACE_PREFIX,
  SAMPLE_LIMITS,
  isSampleField,
  markedAsSample,
  sampleFieldsOf,
  textFieldsOf,
  withoutSampleMark,
  type FieldPath,
  type TextField,
} from './sample';
export { importJsonResume, MAX_IMPORT_BYTES, type ImportResult } from './importJsonResume';
export {
  DEFAULT_SHIPPING,
  DEFAULT_SHOP,
  DEFAULT_SHOP_CURRENCY,
  PRICE_NOT_AN_AMOUNT,
  PRODUCT_LIMITS,
  SHOP_CURRENCIES,
  amountText,
  currencyExponent,
  formatMoney,
  isShopCurrency,
  productOffer,
  readPrice,
  shopOf,
  withProductAmount,
  withProductAmounts,
  type OfferOption,
  type PriceReading,
  type ProductOffer,
  type ProductOption,
  type ProductSale,
  type ShopCurrency,
  type ShopSettings,
  type ShopShipping,
} from './products';
export {
  POSTS_PER_PAGE,
  POST_LIMITS,
  RESERVED_POST_SLUGS,
  checkPost,
  isLive,
  livePosts,
  postFromRow,
  postSchema,
  tagSlug,
  type Post,
  type PostCheck,
  type PostRow,
  type PostStatus,
} from './posts';
export {
  BLOG_PAGE_ID,
  HOME_PAGE_ID,
  RESERVED_PAGE_SLUGS,
  SITE_LIMITS,
  newSitePage,
  pageHref,
  pageIdOfHref,
  pagePath,
  portfolioForPage,
  publicPages,
  redirectFolders,
  redirectTarget,
  relativeHref,
  resolvePageLinks,
  resolvedHref,
  siteNavigation,
  sitePages,
  slugFromTitle,
  slugProblem,
  withPageSlug,
  type LinkOptions,
  type NavigationLink,
  type NavigationOptions,
  type SitePage,
  type SitePageView,
  type SiteRedirect,
} from './site';
