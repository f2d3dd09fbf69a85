// The browser side of the publish function (supabase/functions/publish), through the page's one
// Supabase client so the owner's access token goes with every call. Requests and answers are the
// function's own schemas (_shared/pageContracts.ts, through @folioforge/shared): the page trusts
// nothing it did not make.
import {
  brandKitAnswer,
  deletedAnswer,
  functionFailureOf,
  getSupabase,
  publishedPageAnswer,
  unpublishedAnswer,
  type BrandKit,
  type PublishedPage,
  type PublishRequest,
} from '@folioforge/shared';

const PUBLISH_FUNCTION = 'publish';

export type { BrandKit, PublishedPage };

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

async function invokePublish(body: PublishRequest, fallback: string) {
  const { data, error, response } = await getSupabase().functions.invoke<unknown>(PUBLISH_FUNCTION, { body });
  if (!error) return { data, response };
  const failure = await functionFailureOf(error);
  if (failure.status === undefined) throw new PublishError('Could not reach FolioForge. Check your connection and try again.');
  throw new PublishError(failure.message ?? fallback, failure.status);
}

function unexpected(): never {
  throw new PublishError('FolioForge sent an unexpected answer. Try again.');
}

/** Publishes the portfolio as saved in the account at /p/<slug> (or updates the page). */
export async function publishPortfolio(portfolioId: string, slug: string): Promise<PublishedPage> {
  const { data } = await invokePublish({ action: 'publish', portfolioId, slug }, 'The page could not be published.');
  const parsed = publishedPageAnswer.safeParse(data);
  return parsed.success ? parsed.data : unexpected();
}

/** Takes the page down; answers the address it had, free again for anyone. */
export async function unpublishPortfolio(portfolioId: string): Promise<string | null> {
  const { data } = await invokePublish({ action: 'unpublish', portfolioId }, 'The page could not be taken down.');
  const parsed = unpublishedAnswer.safeParse(data);
  return parsed.success ? parsed.data.freedSlug : unexpected();
}

/** Deletes the portfolio (its page first, if it has one), its files with it. */
export async function deletePortfolio(portfolioId: string): Promise<void> {
  const { data } = await invokePublish({ action: 'delete', portfolioId }, 'The portfolio could not be deleted.');
  if (!deletedAnswer.safeParse(data).success) unexpected();
}

/** The portfolio as a static site in a zip, with the name the server gave it. */
export async function exportPortfolio(portfolioId: string): Promise<{ zip: Blob; fileName: string }> {
  const { data, response } = await invokePublish({ action: 'export', portfolioId }, 'The download could not be made.');
  if (!(data instanceof Blob)) unexpected();
  const named = /filename="([A-Za-z0-9._-]+)"/.exec(response?.headers.get('content-disposition') ?? '')?.[1];
  return { zip: new Blob([data], { type: 'application/zip' }), fileName: named ?? 'portfolio-site.zip' };
}

/** Whether an address could be this portfolio's: well formed, not reserved, nobody else's. */
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

/** Premium's monogram logo and share images, drawn by the server from the saved portfolio. */
export async function fetchBrandKit(portfolioId: string): Promise<BrandKit> {
  const { data } = await invokePublish({ action: 'brand-kit', portfolioId }, 'The logo could not be made.');
  const parsed = brandKitAnswer.safeParse(data);
  return parsed.success ? parsed.data : unexpected();
}
