// What the sandbox's registries say about a name: whether it can be registered and at what price.
// Real availability depends on each registry's test system; the sandbox's rules are fixed so tests
// can name a taken or premium domain (see local-cloud/README.md).

interface TldPrice {
  /** First year, US dollars in cents. */
  registration: number;
  renewal: number;
}

/** The endings the sandbox sells, with made-up but realistic yearly prices. */
const SANDBOX_TLD_PRICES: Readonly<Record<string, TldPrice>> = {
  com: { registration: 1099, renewal: 1299 },
  net: { registration: 1299, renewal: 1499 },
  org: { registration: 999, renewal: 1399 },
  me: { registration: 399, renewal: 1999 },
  site: { registration: 199, renewal: 3499 },
  online: { registration: 199, renewal: 3999 },
  dev: { registration: 1299, renewal: 1499 },
  io: { registration: 3999, renewal: 5999 },
};

/** Second-level names registered elsewhere in every ending (the sandbox's "rest of the internet"). */
const REGISTERED_ELSEWHERE = new Set(['example', 'google', 'folioforge', 'namecom', 'taken']);

/** Registries price short names as premium. */
const PREMIUM_MAX_LENGTH = 3;
const PREMIUM_PRICE: TldPrice = { registration: 250_000, renewal: 250_000 };

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

type NameVerdict =
  | { kind: 'invalid' }
  | { kind: 'unsupported'; sld: string; tld: string }
  | { kind: 'registered'; sld: string; tld: string }
  | { kind: 'available'; sld: string; tld: string; premium: boolean; price: TldPrice };

/** The registries' view of `domainName` (lowercase, punycode), without this account's own domains. */
export function judgeName(domainName: string): NameVerdict {
  const labels = domainName.split('.');
  if (labels.length !== 2 || domainName.length > 253 || !labels.every((label) => LABEL.test(label))) return { kind: 'invalid' };
  const [sld, tld] = labels as [string, string];
  const price = SANDBOX_TLD_PRICES[tld];
  if (!price) return { kind: 'unsupported', sld, tld };
  if (REGISTERED_ELSEWHERE.has(sld) || sld.startsWith('taken-')) return { kind: 'registered', sld, tld };
  const premium = sld.length <= PREMIUM_MAX_LENGTH;
  return { kind: 'available', sld, tld, premium, price: premium ? PREMIUM_PRICE : price };
}

export const dollars = (cents: number) => Math.round(cents) / 100;
export const cents = (dollarsAmount: number) => Math.round(dollarsAmount * 100);
