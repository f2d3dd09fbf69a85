// @folioforge/shared: the contracts every app relies on. Import it only by this package name,
// so the federation runtime hands every remote the same instance.
export * from './contracts/apps';
export * from './config/runtimeConfig';
export * from './supabase/createSupabase';
export * from './supabase/functionErrors';
export * from './publishing/slugs';
export { domainProofRecord } from './publishing/domains';
export * from './auth/authStore';
export * from './auth/session';
export * from './catalog/prices';
export * from './account/storageUse';
export * from './ui/Button';
export * from './ui/Alert';
export * from './ui/TextField';
export * from './ui/UnavailableNotice';
export { isSafeHref, isSafeAssetUrl, telHref, mailtoHref } from './ui/safe/safeUrl';
export { SafeLink, type SafeLinkProps } from './ui/safe/SafeLink';
export * from './ui/safe/sanitizeRichText';
export { RichText, SanitizingHostContext, type RichTextProps } from './ui/safe/RichText';
export { useFocusTrap, focusableIn } from './ui/useFocusTrap';
export { animateScrollToTop, findScrollTarget, scrollToSection, SCROLL_TO_TOP_MS, type ScrollTarget } from './ui/scroll';
export * from './federation/FederatedRegion';
export * from './routerFuture';
export * from './serverState/queryClient';
export * from './serverState/ServerStateProvider';
export type { Database, Json } from './supabase/database.types';
export * from './contracts/designNavigation';
export * from './contracts/federatedModules';
