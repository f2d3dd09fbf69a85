// Types of siteRenderer.generated.mjs, the bundle tooling/siteRenderer.mjs builds from
// templates/src/render (see there for the documentation of each export).
export interface StaticPageOptions {
  url?: string;
  indexable: boolean;
  badge: boolean;
  siteUrl: string;
  css: string;
  imageUrl?: string;
  files?: Readonly<Record<string, string>>;
  subscribe?: { action: string; portfolioId: string; slug: string };
  look?: { accent?: string; font?: string };
}

export interface StaticPage {
  html: string;
  title: string;
  description: string;
}

export interface CheckedPortfolio {
  definition: { readonly id: number; readonly name: string; readonly fields: readonly { key: string; kind: string }[] };
  values: Record<string, string>;
}

export declare class InvalidPortfolioError extends Error {
  readonly issues: readonly string[];
}

export declare function renderStaticPage(templateId: unknown, savedValues: unknown, options: StaticPageOptions): StaticPage;
export declare function checkedValues(
  templateId: unknown,
  savedValues: unknown,
  files?: Readonly<Record<string, string>>,
): CheckedPortfolio;
export declare function toJsonResume(definition: CheckedPortfolio['definition'], values: Record<string, string>, pageUrl?: string): unknown;
export declare function accentHex(look: { accent?: string; font?: string }): string;
export declare function toPageLook(value: unknown): { accent?: string; font?: string };
/** The templates' styles, inlined into every page. */
export declare const SITE_CSS: string;
