// Pages behind a password (issue 49): what publishing, the sweep and the site-password actions share.
// The owner's wish is in the row (`site.protected`); the password is in public.site_passwords
// (hashed, the service role's alone); a protected page's files go to the private bucket, whose
// <slug>/access names the password's generation (the site's cookies name it: a new password lets
// nobody in on an old cookie).
import { HttpError } from '../_shared/request.ts';
import { PROTECTED_SITES_BUCKET, siteAccessPath } from '../_shared/sites.ts';
import { putSiteFile, type Deps } from './pages.ts';

/** Whether a row's values ask for the whole site behind its password (read from any row, typed or not). */
export function asksForPassword(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const site = (data as { site?: unknown }).site;
  return typeof site === 'object' && site !== null && (site as { protected?: unknown }).protected === true;
}

/** Whether one or more of a row's pages (not its home page) ask for the site's password. */
export function protectsAPage(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const pages = (data as { pages?: unknown }).pages;
  return (
    Array.isArray(pages) &&
    pages.some((page) => typeof page === 'object' && page !== null && (page as { protected?: unknown }).protected === true)
  );
}

/** Whether publishing the row needs the password: the whole site or a page behind it (public.asks_for_password). */
export const needsPassword = (data: unknown): boolean => asksForPassword(data) || protectsAPage(data);

/** The row's values without its protected pages: what the public bucket's files are copied for. */
export function withoutProtectedPages(data: unknown): unknown {
  if (!protectsAPage(data)) return data;
  const row = data as { pages: unknown[] };
  return { ...row, pages: row.pages.filter((page) => (page as { protected?: unknown }).protected !== true) };
}

/** Whether the user's plan now puts pages behind a password (public.plan_protects_pages: Pro, Premium). */
export async function planProtects(deps: Deps, userId: string): Promise<boolean> {
  const { data: plan, error } = await deps.admin.rpc('active_plan', { for_user: userId });
  if (error) throw new HttpError(503, 'Your plan could not be read. Try again.');
  const { data: protects, error: ruleError } = await deps.admin.rpc('plan_protects_pages', { plan });
  if (ruleError) throw new HttpError(503, 'Your plan could not be read. Try again.');
  return protects === true;
}

export interface StoredSitePassword {
  generation: string;
  updated_at: string;
}

/** The portfolio's password as stored (its generation and date, never the hash), or undefined. */
export async function storedPassword(deps: Deps, portfolioId: string): Promise<StoredSitePassword | undefined> {
  const { data, error } = await deps.admin
    .from('site_passwords')
    .select('generation, updated_at')
    .eq('portfolio_id', portfolioId)
    .maybeSingle<StoredSitePassword>();
  if (error) throw new HttpError(503, 'Your page’s password could not be read. Try again.');
  return data ?? undefined;
}

/**
 * Before a row asking for a password is published: its owner's plan must include it and a password
 * must be set (else 403 or 409, and nothing changes). Answers the password's generation.
 */
export async function protectionFor(deps: Deps, userId: string, portfolioId: string): Promise<string> {
  if (!(await planProtects(deps, userId)))
    throw new HttpError(403, 'Pages behind a password come with the Pro and Premium plans. Choose one, or open your page to everyone.');
  const stored = await storedPassword(deps, portfolioId);
  if (!stored) throw new HttpError(409, 'Set your page’s password before you publish it behind one.');
  return stored.generation;
}

/** Names the password's generation beside the protected page (the site's server checks cookies against it). */
export function writeAccess(deps: Deps, slug: string, generation: string): Promise<void> {
  return putSiteFile(deps, siteAccessPath(slug), generation, 'application/octet-stream', undefined, PROTECTED_SITES_BUCKET);
}
