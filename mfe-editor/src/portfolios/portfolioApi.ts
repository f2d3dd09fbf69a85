// The `portfolios` table as the editor and My portfolios use it, through the page's one supabase-js
// client. Rows are checked with zod on the way in: the browser trusts nothing it did not make.
import * as z from 'zod/mini';
import type { PostgrestError } from '@supabase/supabase-js';
import { builtOnFirstUse, type FolioForgeClient, type Json } from '@folioforge/shared';
import { coercePortfolio, toPageLook, type PageLook, type Portfolio } from '@folioforge/templates';
import { isPortfolioTemplateId, type PortfolioTemplateId } from '../templates/templateCatalog';

export type { PortfolioTemplateId };

// Built on first use: a visitor who is not signed in reads no row.
const rowSchema = builtOnFirstUse(() =>
  z.object({
    id: z.string(),
    owner_id: z.string(),
    template_id: z.custom<PortfolioTemplateId>(isPortfolioTemplateId),
    title: z.nullable(z.string()),
    data: z.record(z.string(), z.unknown()),
    published: z.boolean(),
    slug: z.optional(z.nullable(z.string())),
    look: z.optional(z.unknown()),
    version: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);

export interface PortfolioRow {
  id: string;
  ownerId: string;
  templateId: PortfolioTemplateId;
  title: string;
  /** The portfolio, in the model's shape (a row from before the model is upgraded as it is read). */
  data: Portfolio;
  published: boolean;
  /** The page's address (/p/<slug>) while published; an unpublished portfolio holds none. */
  slug: string | null;
  /** The page's customized look (Pro and Premium), as stored; read it with toPageLook. */
  look: PageLook;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export const PORTFOLIO_COLUMNS = 'id, owner_id, template_id, title, data, published, slug, look, version, created_at, updated_at';

export function toPortfolioRow(raw: unknown): PortfolioRow {
  const row = rowSchema().parse(raw);
  return {
    id: row.id,
    ownerId: row.owner_id,
    templateId: row.template_id,
    title: row.title ?? '',
    data: coercePortfolio(row.template_id, row.data),
    published: row.published,
    slug: row.slug ?? null,
    look: toPageLook(row.look),
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Why a request failed, in the terms the save state and dialogs speak. */
export type FailureKind = 'offline' | 'conflict' | 'notFound' | 'signedOut' | 'refused';

export class PortfolioRequestError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'PortfolioRequestError';
  }
}

/** supabase-js reports a network failure as a PostgrestError whose message is the fetch TypeError's. */
function isNetworkFailure(error: Pick<PostgrestError, 'message' | 'code'>): boolean {
  return error.code === '' || /Failed to fetch|NetworkError|Load failed|fetch failed|network/i.test(error.message);
}

export function toRequestError(error: Pick<PostgrestError, 'message' | 'code'>, status?: number): PortfolioRequestError {
  if (error.code === 'PT409' || status === 409) return new PortfolioRequestError('conflict', error.message);
  if (error.code === 'PT404' || error.code === 'PGRST116') return new PortfolioRequestError('notFound', 'This portfolio no longer exists.');
  if (error.code === 'PGRST301' || error.code === 'PGRST303' || status === 401)
    return new PortfolioRequestError('signedOut', 'You are signed out. Log in again to save.');
  if (isNetworkFailure(error) || status === 0 || (status !== undefined && status >= 502 && status <= 504))
    return new PortfolioRequestError('offline', 'No connection');
  return new PortfolioRequestError('refused', error.message || 'The server refused the save');
}

/** Throws what a PostgREST answer's error means, or returns its data. */
function unwrap<T>(answer: { data: T | null; error: PostgrestError | null; status: number }): T {
  if (answer.error) throw toRequestError(answer.error, answer.status);
  if (answer.data === null) throw new PortfolioRequestError('notFound', 'This portfolio no longer exists.');
  return answer.data;
}

// Every read names the owner: row-level security also lets anyone read other users' published rows,
// and those are never the signed-in user's to list or open in the editor.
/** Sets the page's look; the database refuses it (403) without a plan that includes it. */
export async function savePageLook(client: FolioForgeClient, userId: string, id: string, look: PageLook): Promise<PortfolioRow> {
  return toPortfolioRow(
    unwrap(
      await client
        .from('portfolios')
        .update({ look: { ...look } })
        .eq('id', id)
        .eq('owner_id', userId)
        .select(PORTFOLIO_COLUMNS)
        .maybeSingle(),
    ),
  );
}

export async function listPortfolios(client: FolioForgeClient, userId: string): Promise<PortfolioRow[]> {
  const rows = unwrap(
    await client.from('portfolios').select(PORTFOLIO_COLUMNS).eq('owner_id', userId).order('updated_at', { ascending: false }),
  );
  return (rows as unknown[]).map(toPortfolioRow);
}

export async function fetchPortfolio(client: FolioForgeClient, userId: string, id: string): Promise<PortfolioRow> {
  return toPortfolioRow(
    unwrap(await client.from('portfolios').select(PORTFOLIO_COLUMNS).eq('id', id).eq('owner_id', userId).maybeSingle()),
  );
}

export interface NewPortfolio {
  templateId: PortfolioTemplateId;
  title: string;
  data: Portfolio;
}

/** What a save sends: the portfolio and the template it is shown with (switching template is a save too). */
export interface SavedPortfolio {
  templateId: PortfolioTemplateId;
  data: Portfolio;
}

export async function createPortfolio(client: FolioForgeClient, portfolio: NewPortfolio): Promise<PortfolioRow> {
  const answer = await client
    .from('portfolios')
    .insert({ template_id: portfolio.templateId, title: portfolio.title, data: portfolio.data as unknown as Json })
    .select(PORTFOLIO_COLUMNS)
    .single();
  return toPortfolioRow(unwrap(answer));
}

const saveArguments = (id: string, expectedVersion: number, saved: SavedPortfolio) => ({
  portfolio_id: id,
  expected_version: expectedVersion,
  new_data: saved.data as unknown as Json,
  new_template_id: saved.templateId,
});

/** The versioned save (the `save_portfolio` SQL function): refused with 'conflict' if the row moved on. */
export async function savePortfolio(
  client: FolioForgeClient,
  id: string,
  expectedVersion: number,
  saved: SavedPortfolio,
): Promise<PortfolioRow> {
  const answer = await client.rpc('save_portfolio', saveArguments(id, expectedVersion, saved)).single();
  return toPortfolioRow(unwrap(answer));
}

export async function renamePortfolio(client: FolioForgeClient, id: string, title: string): Promise<PortfolioRow> {
  return toPortfolioRow(unwrap(await client.from('portfolios').update({ title }).eq('id', id).select(PORTFOLIO_COLUMNS).single()));
}

export const TITLE_MAX_LENGTH = 120;

/**
 * The same save as `savePortfolio`, sent with fetch's keepalive so it completes after the tab has
 * closed (supabase-js cannot set keepalive). Uses the session the shell already holds: a page being
 * hidden has no time to refresh it.
 */
export async function savePortfolioKeepalive(
  config: { supabaseUrl: string; supabaseAnonKey: string },
  accessToken: string | undefined,
  id: string,
  expectedVersion: number,
  saved: SavedPortfolio,
): Promise<PortfolioRow> {
  if (!accessToken) throw new PortfolioRequestError('signedOut', 'You are signed out. Log in again to save.');
  const body = JSON.stringify(saveArguments(id, expectedVersion, saved));
  let response: Response;
  try {
    response = await fetch(`${config.supabaseUrl}/rest/v1/rpc/save_portfolio`, {
      method: 'POST',
      // Browsers cap keepalive bodies at 64 KiB; a bigger one goes as a normal request (this device's copy backs it).
      keepalive: body.length < 60_000,
      headers: {
        apikey: config.supabaseAnonKey,
        Authorization: `Bearer ${accessToken}`,
        'Content-Type': 'application/json',
        Accept: 'application/vnd.pgrst.object+json',
      },
      body,
    });
  } catch {
    throw new PortfolioRequestError('offline', 'No connection');
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = errorBodySchema().safeParse(answer);
    throw toRequestError(error.success ? error.data : { code: '', message: `HTTP ${response.status}`, details: null }, response.status);
  }
  return toPortfolioRow(answer);
}

const errorBodySchema = builtOnFirstUse(() => z.object({ code: z.string(), message: z.string(), details: z.nullable(z.string()) }));
