// Types of siteRenderer.generated.mjs, the bundle scripts/lib/siteRenderer.mjs builds from
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

/** A portfolio in the model (templates/src/model), as the renderer checked it. */
export interface Portfolio {
  schemaVersion: number;
  profile: Record<string, string>;
  socials: readonly { id: string; network: string; url: string }[];
  sections: readonly { id: string; kind: string; title: string; hidden: boolean; body: string; items: readonly Record<string, string>[] }[];
}

export interface CheckedPortfolio {
  template: { readonly name: string };
  portfolio: Portfolio;
}

export declare class InvalidPortfolioError extends Error {
  readonly issues: readonly string[];
}

export declare function renderStaticPage(templateId: unknown, savedData: unknown, options: StaticPageOptions): StaticPage;
export declare function checkedPortfolio(templateId: unknown, savedData: unknown): CheckedPortfolio;
export declare function storedFileRefs(templateId: unknown, savedData: unknown): string[];
export declare function shareImageRef(portfolio: Portfolio): string | undefined;
export declare function toJsonResume(portfolio: Portfolio, pageUrl?: string, files?: Readonly<Record<string, string>>): unknown;
export declare function accentHex(look: { accent?: string; font?: string }): string;
export declare function toPageLook(value: unknown): { accent?: string; font?: string };
/** The templates' styles, inlined into every page. */
export declare const SITE_CSS: string;
