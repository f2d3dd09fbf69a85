// @folioforge/shared: the contracts every app relies on. Import it only by this package name,
// so the federation runtime hands every remote the same instance.
export { APPS, LOCAL_CLOUD_PORT, REMOTE_KEYS, type RemoteKey, REMOTES } from './contracts/apps';
export { getRuntimeConfig, loadRuntimeConfig, type RuntimeConfig, setRuntimeConfig } from './config/runtimeConfig';
export {
  configureSupabase,
  type FolioForgeClient,
  getSupabase,
  isSupabaseLoaded,
  loadSupabase,
  REALTIME_OPTIONS,
  setSupabase,
  supabaseStorageKey,
} from './supabase/createSupabase';
export { type FunctionFailure, functionFailureOf } from './supabase/functionErrors';
export { FunctionCallError, invokeFunction, streamFunction } from './functions/invokeFunction';
// The contracts themselves are '@folioforge/shared/functions': building their schemas at every page's
// start cost ~37 ms of script on a desktop (four times that on a phone) before any screen needed one.
export type {
  AnswerOf,
  BrandKit,
  DeletionField,
  DomainOffer,
  FunctionContract,
  PublishedPage,
  RegisteredDomain,
  SitePasswordState,
  RequestOf,
} from './functions/contracts';
export { ADDRESS_HOLD_DAYS, publicPagePath, slugFromTitle, slugProblem } from '../../supabase/functions/_shared/slugs';
export { SITE_ACCESS_HOURS, SITE_PASSWORD_LIMITS } from '../../supabase/functions/_shared/sitePasswordRules.mjs';
// How an uploaded photo and its narrower copies are named in Storage: the publish function's contract,
// so the editor stores what it will read and the page renderer names what it finds.
export {
  fitWithin,
  IMAGE_MAIN_BUDGET_BYTES,
  imageMimeType,
  imageSrcset,
  storedImageFor,
  storedImageFromPath,
  variantSizes,
  type ImageFormat,
  type ImageSize,
  type StoredImage,
} from '../../supabase/functions/_shared/imageVariants';
export {
  PAGE_MESSAGE_FIELDS,
  PAGE_MESSAGE_LIMITS,
  PAGE_MESSAGE_NOTES,
  type PageMessageAnswer,
  type PageMessageBody,
} from './publishing/pageMessages';
export { optionField, ORDER_FIELDS, ORDER_LIMITS, quantityField } from './publishing/orderFields';
export { domainProofRecord } from './publishing/domains';
export {
  contactFieldProblems,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  SIGN_UP_NOTES,
  type ContactField,
  type ContactRequest,
} from './publishing/pageContracts';
export { withoutControlCharacters } from './publishing/typedText';
// For schemas and other costly values a screen's start does not need.
export { builtOnFirstUse } from '../../supabase/functions/_shared/builtOnFirstUse';
export {
  connectAuthStore,
  restoreStoredSession,
  SESSION_ENDED_NOTICE,
  SIGNED_OUT_ELSEWHERE_NOTICE,
  signOut,
  useAuthStore,
} from './auth/authStore';
export {
  type Assurance,
  assuranceOf,
  awaitsSecondFactor,
  LOGIN_PATH,
  type LoginRouteState,
  RequireAuth,
  type ReturnLocation,
  returnLocationAfterLogin,
  sameOriginPath,
} from './auth/session';
// Prices, billing rows, the free domain's and the deletion code's rules are the functions' own
// (supabase/functions/_shared): one copy, charged and enforced by the server, shown by the screens.
export {
  currencyName,
  formatInr,
  formatMoney,
  PLAN_CURRENCY,
  PLAN_IDS,
  planById,
  type PlanId,
  type PlanPrice,
  PLANS,
  priceFor,
  priceOf,
  type PurchaseItem,
  TEMPLATE_CURRENCY,
  TEMPLATE_PRICES,
  type TemplateId,
} from '../../supabase/functions/_shared/prices';
export { type BillingState, billingStateOf, GRACE_PERIOD_DAYS, holdsUntil } from '../../supabase/functions/_shared/billing';
// The rows' schemas load with the screen's first read of a row (account/billing.ts): zod, which they
// are written in, is not part of a page's start.
export type { BillingHistoryEntry, BillingSubscription } from '../../supabase/functions/_shared/billingRows';
export {
  billedToOf,
  describePayment,
  periodOf,
  RECEIPT_SELLER,
  receiptFacts,
  type ReceiptFact,
} from '../../supabase/functions/_shared/receipt';
export { formatBytes, storageUseQuery } from './account/storageUse';
export { accountDeletedFrom, accountDeletedMessage, accountDeletedState, type AccountDeleted } from './account/accountDeleted';
export { dateFormatter } from './dates';
export { billingHistoryQuery, type Entitlements, entitlementsQuery, subscriptionsQuery } from './account/billing';
export {
  domainCandidates,
  domainNameProblem,
  FREE_DOMAIN_ENDINGS,
  FREE_DOMAIN_MAX_PRICE_USD,
  REGISTRAR_NAME,
  RENEWAL_GRACE_DAYS,
  RENEWAL_OPENS_DAYS_BEFORE,
  renewalClosesAt,
  renewalOpensAt,
} from '../../supabase/functions/_shared/freeDomain';
export {
  DELETION_CODE_MINUTES,
  DELETION_CODE_PATTERN,
  DELETION_CODE_RESEND_SECONDS,
  DELETION_CODE_TRIES,
  normaliseDeletionCode,
} from '../../supabase/functions/_shared/yourData';
export { Button } from './ui/Button';
export { Alert } from './ui/Alert';
export { TextAreaField, TextField } from './ui/TextField';
export { UnavailableNotice } from './ui/UnavailableNotice';
export { saveDownload } from './ui/saveDownload';
export { isPageHref, isSafeHref, isSafeAssetUrl, isSafeOrPageHref, telHref, mailtoHref, PAGE_HREF_PREFIX } from './ui/safe/safeUrl';
export { SafeLink } from './ui/safe/SafeLink';
export {
  type DomFreeSanitizer,
  inertDocumentOf,
  isRichTextHtml,
  plainTextToHtml,
  postBodyToSafeHtml,
  RICH_TEXT_FORBID_CONTENTS,
  POST_RICH_TEXT_TAGS,
  RICH_TEXT_TAGS,
  richTextToPlainText,
  richTextToSafeHtml,
  richTextToSafeInlineHtml,
  SAFE_LINK_ATTRIBUTES,
  sanitizePostHtml,
  sanitizeRichText,
  sanitizeRichTextNodes,
  type RichTextBlocks,
  type SanitizingHost,
} from './ui/safe/sanitizeRichText';
export { RichText, SanitizingHostContext } from './ui/safe/RichText';
export { useFocusTrap } from './ui/useFocusTrap';
export { animateScrollToTop, findScrollBox, findScrollTarget, scrollElementTo, scrollToSection } from './ui/scroll';
export { type FederatedModule, FederatedRegion, forgetLoadedRegionsForTests, preloadRegion } from './federation/FederatedRegion';
export { ROUTER_FUTURE } from './routerFuture';
export { queryClient } from './serverState/queryClient';
export { billingKeys, domainKeys, portfolioKeys, sellingKeys, storageKeys } from './serverState/keys';
export { invalidateBilling, invalidateDomains, invalidatePortfolios } from './serverState/invalidate';
export { ServerStateProvider } from './serverState/ServerStateProvider';
export { LIVE_TABLES, type LiveTable, realtimeTopics } from './realtime/topics';
export {
  type ChannelHandlers,
  type EditorPresence,
  eqFilter,
  inFilter,
  joinEditors,
  type LiveChange,
  type LiveEvent,
  useWatchedTables,
  type WatchedTable,
  watchTables,
} from './realtime/liveChannel';
export type { Database, Json } from './supabase/database.types';
export {
  DETAILS_FIELDS,
  type DetailsValues,
  designNavigationState,
  EMPTY_DETAILS,
  parseDesignNavigationState,
} from './contracts/designNavigation';
export { type CheckoutButtonProps } from './contracts/federatedModules';
export { FEDERATED_WIDGETS } from './contracts/federatedWidgets.mjs';
export { emailProblem, textProblem } from './forms/fieldRules';
export { type FieldProblems, FormAnnouncer, useFieldErrors } from './forms/useFieldErrors';
