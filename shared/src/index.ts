// @folioforge/shared: the contracts every app relies on. Import it only by this package name,
// so the federation runtime hands every remote the same instance.
export { type AppKey, APPS, LOCAL_CLOUD_PORT, REMOTE_KEYS, type RemoteKey, REMOTES, SHELL } from './contracts/apps';
export { getRuntimeConfig, loadRuntimeConfig, type RuntimeConfig, runtimeConfigSchema, setRuntimeConfig } from './config/runtimeConfig';
export {
  configureSupabase,
  type FolioForgeClient,
  getSupabase,
  isSupabaseLoaded,
  loadSupabase,
  setSupabase,
  supabaseStorageKey,
} from './supabase/createSupabase';
export { type FunctionFailure, functionFailureOf } from './supabase/functionErrors';
export { type CallWords, FunctionCallError, type FunctionCallFailure, invokeFunction, streamFunction } from './functions/invokeFunction';
export {
  accountFunction,
  type AnswerOf,
  type DeletionField,
  type DomainOffer,
  domainsFunction,
  type FunctionContract,
  paymentsFunction,
  type RegisteredDomain,
  type RequestOf,
} from './functions/contracts';
export { publicPagePath, SLUG_PATTERN, slugFromTitle, slugProblem } from './publishing/slugs';
export { domainProofRecord } from './publishing/domains';
export {
  type AuthState,
  type AuthStatus,
  connectAuthStore,
  restoreStoredSession,
  SESSION_ENDED_NOTICE,
  SIGNED_OUT_ELSEWHERE_NOTICE,
  signOut,
  useAuthStore,
} from './auth/authStore';
export {
  AFTER_LOGIN_PATH,
  type Assurance,
  type AssuranceLevel,
  assuranceOf,
  awaitsSecondFactor,
  LOGIN_PATH,
  type LoginRouteState,
  RequireAuth,
  type RequireAuthProps,
  type ReturnLocation,
  returnLocationAfterLogin,
  sameOriginPath,
} from './auth/session';
export {
  type Currency,
  currencyName,
  formatInr,
  formatMoney,
  PLAN_CURRENCY,
  PLAN_IDS,
  planById,
  type PlanId,
  type PlanPrice,
  PLANS,
  type Price,
  priceFor,
  priceOf,
  type PurchaseItem,
  TEMPLATE_CURRENCY,
  TEMPLATE_PRICES,
  type TemplateId,
} from './catalog/prices';
export {
  BILLING_HISTORY_COLUMNS,
  BILLING_SUBSCRIPTION_COLUMNS,
  type BillingHistoryEntry,
  billingHistoryEntrySchema,
  type BillingState,
  billingStateOf,
  type BillingSubscription,
  billingSubscriptionSchema,
  goesOn,
  GRACE_PERIOD_DAYS,
  holdsUntil,
  planIdSchema,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from './catalog/billing';
export { fetchStorageUse, formatBytes, type StorageUse, storageUseQuery } from './account/storageUse';
export {
  billingHistoryQuery,
  type Entitlements,
  entitlementsQuery,
  fetchBillingHistory,
  fetchEntitlements,
  fetchSubscriptions,
  subscriptionsQuery,
} from './account/billing';
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
} from './account/freeDomain';
export {
  DELETION_CODE_MINUTES,
  DELETION_CODE_PATTERN,
  DELETION_CODE_RESEND_SECONDS,
  DELETION_CODE_TRIES,
  normaliseDeletionCode,
} from './account/yourData';
export { Button, type ButtonProps } from './ui/Button';
export { Alert, type AlertProps } from './ui/Alert';
export { TextAreaField, type TextAreaFieldProps, TextField, type TextFieldProps } from './ui/TextField';
export { UNAVAILABLE_MESSAGE, UnavailableNotice } from './ui/UnavailableNotice';
export { saveDownload } from './ui/saveDownload';
export { isSafeHref, isSafeAssetUrl, telHref, mailtoHref } from './ui/safe/safeUrl';
export { SafeLink, type SafeLinkProps } from './ui/safe/SafeLink';
export {
  type DomFreeSanitizer,
  inertDocumentOf,
  INLINE_RICH_TEXT_TAGS,
  isRichTextHtml,
  plainTextToHtml,
  RICH_TEXT_FORBID_CONTENTS,
  RICH_TEXT_TAGS,
  richTextToPlainText,
  richTextToSafeHtml,
  richTextToSafeInlineHtml,
  SAFE_LINK_ATTRIBUTES,
  sanitizeRichText,
  sanitizeRichTextNodes,
  type SanitizingHost,
} from './ui/safe/sanitizeRichText';
export { RichText, SanitizingHostContext, type RichTextProps } from './ui/safe/RichText';
export { useFocusTrap, focusableIn } from './ui/useFocusTrap';
export { animateScrollToTop, findScrollTarget, scrollToSection, SCROLL_TO_TOP_MS, type ScrollTarget } from './ui/scroll';
export { type FederatedModule, FederatedRegion, type FederatedRegionProps } from './federation/FederatedRegion';
export { ROUTER_FUTURE } from './routerFuture';
export { queryClient } from './serverState/queryClient';
export { billingKeys, domainKeys, portfolioKeys, storageKeys } from './serverState/keys';
export { invalidateBilling, invalidateDomains, invalidatePortfolios } from './serverState/invalidate';
export { ServerStateProvider } from './serverState/ServerStateProvider';
export type { Database, Json } from './supabase/database.types';
export {
  designNavigationState,
  type DesignNavigationState,
  parseDesignNavigationState,
  type SelectedTemplate,
} from './contracts/designNavigation';
export { type CheckoutButtonProps } from './contracts/federatedModules';
export { EMAIL_MAX_LENGTH, emailProblem, textProblem } from './forms/fieldRules';
export { type FieldProblems, FormAnnouncer, useFieldErrors } from './forms/useFieldErrors';
