// The free domain every plan includes, one rule for the domains function, /account and the pages that
// explain it (shared/src re-exports this file). Domains are registered at Name.com through its Core
// API (https://docs.name.com); FolioForge pays the registrar, the owner pays nothing for one domain-year
// per plan year. Dependency-free: the screens load it through @folioforge/shared.

export const REGISTRAR_NAME = 'Name.com';

/** The endings searched when a name is typed without one, cheapest-to-renew first. */
export const FREE_DOMAIN_ENDINGS = ['com', 'net', 'org', 'me', 'site', 'online'] as const;

/** A name is free when both its first year and a renewal cost FolioForge at most this (US dollars). */
export const FREE_DOMAIN_MAX_PRICE_USD = 20;

/** A registered domain may be renewed from this many days before it expires … */
export const RENEWAL_OPENS_DAYS_BEFORE = 30;
/** … until this many days after (the registrar's grace period; later the name may be lost). */
export const RENEWAL_GRACE_DAYS = 30;

/** One label of a host name: letters, digits and inner dashes, at most 63 (RFC 1035, lowercase). */
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** Why `name` cannot be registered as typed, or undefined when its form is fine. */
export function domainNameProblem(name: string): string | undefined {
  const labels = name.split('.');
  if (labels.length !== 2) return 'Enter a name and an ending, like janedoe.com.';
  const [second, ending] = labels as [string, string];
  if (!second) return 'Enter the name before the dot.';
  if (!(FREE_DOMAIN_ENDINGS as readonly string[]).includes(ending))
    return `Free domains end in ${FREE_DOMAIN_ENDINGS.map((candidate) => `.${candidate}`).join(', ')}.`;
  if (second.length > 63) return 'Use at most 63 characters before the dot.';
  if (!LABEL.test(second)) return 'Use only letters a–z, digits and dashes, not at the start or end.';
  // Dashes in the third and fourth place mark a reserved label (RFC 5891): `xn--` is a name in another
  // script, which can read as a look-alike of a known one (xn--pple-43d.com shows as "аpple.com").
  if (second.slice(2, 4) === '--') return 'Names with two dashes after the first two characters (like xn--) are not offered.';
  return undefined;
}

/**
 * The names to check for what someone typed: "Jane Doe" → janedoe.com, janedoe.net …; "janedoe.org"
 * → janedoe.org first, then the other endings. A problem when nothing usable was typed.
 */
export function domainCandidates(query: string): { names: string[] } | { problem: string } {
  const cleaned = query
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/^www\./, '');
  const [rawName = '', rawEnding] = cleaned.split(/\.(?=[^.]*$)/);
  const name = rawName.replace(/[\s_]+/g, '');
  if (!name) return { problem: 'Type the name you would like, like janedoe.' };
  if (name.includes('.')) return { problem: 'Use one name and an ending, like janedoe.com (no sub-domains).' };
  const ending = rawEnding ?? '';
  if (ending && !(FREE_DOMAIN_ENDINGS as readonly string[]).includes(ending))
    return { problem: `Free domains end in ${FREE_DOMAIN_ENDINGS.map((candidate) => `.${candidate}`).join(', ')}.` };
  const endings = ending ? [ending, ...FREE_DOMAIN_ENDINGS.filter((candidate) => candidate !== ending)] : [...FREE_DOMAIN_ENDINGS];
  const names = endings.map((candidate) => `${name}.${candidate}`);
  const problem = domainNameProblem(names[0]!);
  return problem ? { problem } : { names };
}

/** The first day a renewal is taken for a domain expiring at `expiresAt`. */
export function renewalOpensAt(expiresAt: Date): Date {
  return new Date(expiresAt.getTime() - RENEWAL_OPENS_DAYS_BEFORE * 86_400_000);
}

/** The last moment a renewal is taken (the end of the grace period). */
export function renewalClosesAt(expiresAt: Date): Date {
  return new Date(expiresAt.getTime() + RENEWAL_GRACE_DAYS * 86_400_000);
}
