// A published page's address, one rule for the editor's form (shared/src re-exports this file) and
// for the publish function; the database checks the same pattern and keeps the reserved words.

/** Lowercase letters, digits and dashes, 3–40 long, starting and ending with a letter or digit. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/;

/** Why a typed address cannot be one, or undefined when its form is fine (the database still decides). */
export function slugProblem(candidate: string): string | undefined {
  if (candidate.length < 3) return 'Use at least 3 characters.';
  if (candidate.length > 40) return 'Use at most 40 characters.';
  if (/[^a-z0-9-]/.test(candidate)) return 'Use only lowercase letters, digits and dashes.';
  if (!SLUG_PATTERN.test(candidate)) return 'Start and end with a letter or a digit.';
  return undefined;
}

/** An address suggested from a title: "Ada's Studio!" → "adas-studio". */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}

/**
 * Days a freed address (unpublished, moved, deleted, its account deleted) stays held for its former
 * owner, who may take it back; nobody else may take it meanwhile. The database keeps the same number
 * (public.address_hold_days(); a unit test compares them).
 */
export const ADDRESS_HOLD_DAYS = 30;

/** Where a published page lives on the site: /p/<slug>, its files under /p/<slug>/files/. */
export const publicPagePath = (slug: string) => `/p/${slug}`;
