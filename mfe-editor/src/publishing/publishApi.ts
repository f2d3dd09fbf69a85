// The browser side of the publish function (supabase/functions/publish): invokeFunction with the
// function's contract (_shared/contracts/publish.ts, through @folioforge/shared/functions), through the page's
// one Supabase client so the owner's access token goes with every call. Answers are checked against
// the contract: the page trusts nothing it did not make.
import {
  FunctionCallError,
  getSupabase,
  invokeFunction,
  streamFunction,
  type BrandKit,
  type PublishedPage,
  type SitePasswordState,
} from '@folioforge/shared';

/**
 * The function's contract, loaded with the first call: the editor's first screen has no use for its
 * schemas until the owner publishes, exports or deletes.
 */
const publishFunction = async () => (await import('@folioforge/shared/functions')).publishFunction;

export type { BrandKit, PublishedPage, SitePasswordState };

/** A refusal (address taken, template not bought …) or failure, in words fit to show. */
export class PublishError extends Error {
  override name = 'PublishError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Runs a call of the function, its failure as a PublishError. */
async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof FunctionCallError) throw new PublishError(error.message, error.status);
    throw error;
  }
}

/** Publishes the portfolio as saved in the account at /p/<slug> (or updates the page). */
export function publishPortfolio(portfolioId: string, slug: string): Promise<PublishedPage> {
  return calling(async () =>
    invokeFunction(await publishFunction(), { action: 'publish', portfolioId, slug }, { refused: 'The page could not be published.' }),
  );
}

/** Takes the page down; answers the address it had, free again for anyone. */
export async function unpublishPortfolio(portfolioId: string): Promise<string | null> {
  const answer = await calling(async () =>
    invokeFunction(await publishFunction(), { action: 'unpublish', portfolioId }, { refused: 'The page could not be taken down.' }),
  );
  return answer.freedSlug;
}

/** Deletes the portfolio (its page first, if it has one), its files with it. */
export async function deletePortfolio(portfolioId: string): Promise<void> {
  await calling(async () =>
    invokeFunction(await publishFunction(), { action: 'delete', portfolioId }, { refused: 'The portfolio could not be deleted.' }),
  );
}

/** A download the function streams, with the name the server gave it. */
async function download(
  action: 'export' | 'export-data',
  portfolioId: string,
  fallbackName: string,
  type: string,
): Promise<{ file: Blob; fileName: string }> {
  const response = await calling(async () =>
    streamFunction(await publishFunction(), { action, portfolioId }, { refused: 'The download could not be made.' }),
  );
  const named = /filename="([A-Za-z0-9._-]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { file: new Blob([await response.arrayBuffer()], { type }), fileName: named ?? fallbackName };
}

/**
 * The portfolio as a static site in a zip. Refused (a PublishError with status 403) for a template the
 * owner may not publish: a paid template needs its purchase or a plan, as publishing it does.
 */
export function exportPortfolio(portfolioId: string): Promise<{ file: Blob; fileName: string }> {
  return download('export', portfolioId, 'portfolio-site.zip', 'application/zip');
}

/** The portfolio's own data, portfolio.json (JSON Resume): always its owner's to download. */
export function exportPortfolioData(portfolioId: string): Promise<{ file: Blob; fileName: string }> {
  return download('export-data', portfolioId, 'portfolio.json', 'application/json');
}

/**
 * Until when an address someone gave up is held for them (an ISO time), or null when it is not held
 * against the signed-in user. The database says when, never whose it was.
 */
export async function addressHeldUntil(candidate: string): Promise<string | null> {
  const { data, error } = await getSupabase().rpc('address_held_until', { candidate });
  if (error) throw new PublishError('The address could not be checked. Try again.');
  return typeof data === 'string' ? data : null;
}

/** Whether an address could be this portfolio's: well formed, not reserved, nobody else's, not held for another. */
export async function isSlugAvailable(candidate: string, portfolioId: string): Promise<boolean> {
  const { data, error } = await getSupabase().rpc('slug_available', { candidate, for_portfolio: portfolioId });
  if (error) throw new PublishError('The address could not be checked. Try again.');
  return data === true;
}

/** What the user's plan adds to their page, from the database's entitlements. */
export interface PlanFeatures {
  /** Customized website (Pro and Premium): accent colour and font. */
  customizedLook: boolean;
  /** Professional logo and social media logo files (Premium). */
  brandKit: boolean;
}

export async function fetchPlanFeatures(): Promise<PlanFeatures> {
  const { data, error } = await getSupabase().from('entitlements').select('customized_look, brand_kit').maybeSingle();
  if (error) throw new PublishError('Your plan could not be read. Try again.');
  return { customizedLook: data?.customized_look === true, brandKit: data?.brand_kit === true };
}

/** Whether a page published now would sell: a plan and a connected Razorpay account (publish's featuresFor). */
export async function fetchPageSells(): Promise<boolean> {
  const supabase = getSupabase();
  const [plan, seller] = await Promise.all([supabase.from('entitlements').select('plan').maybeSingle(), supabase.rpc('my_seller_account')]);
  if (plan.error || seller.error) throw new PublishError('Whether your page sells could not be read. Try again.');
  return Boolean(plan.data?.plan) && (seller.data ?? []).length > 0;
}

/** Whether the site has a password (never the password) and whether the owner's plan includes one. */
export function fetchSitePassword(portfolioId: string): Promise<SitePasswordState> {
  return calling(async () =>
    invokeFunction(
      await publishFunction(),
      { action: 'site-password', portfolioId },
      { refused: 'Your page’s password could not be read.' },
    ),
  );
}

/** Sets or changes the site's password (kept hashed by the server), or removes it (null). */
export function saveSitePassword(portfolioId: string, password: string | null): Promise<SitePasswordState> {
  return calling(async () =>
    invokeFunction(
      await publishFunction(),
      { action: 'set-site-password', portfolioId, password },
      { refused: password === null ? 'The password could not be removed.' : 'The password could not be saved.' },
    ),
  );
}

/** Premium's monogram logo and share images, drawn by the server from the saved portfolio. */
export function fetchBrandKit(portfolioId: string): Promise<BrandKit> {
  return calling(async () =>
    invokeFunction(await publishFunction(), { action: 'brand-kit', portfolioId }, { refused: 'The logo could not be made.' }),
  );
}
