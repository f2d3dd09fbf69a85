// What a visitor made on this device before logging in, offered into their account once: each draft
// is either carried in as a new portfolio or declined, and either way not offered again to that user
// unless it changes afterwards.
import type { QueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createPortfolio, type PortfolioRow } from '../portfolios/portfolioApi';
import { toSaved } from '../portfolios/accountCopies';
import { adoptRow } from '../portfolios/savedRows';
import { startingPortfolio, templateName } from '../templates/templateCatalog';
import { readDeviceDrafts, type DeviceDraft } from './deviceDrafts';

const HANDLED_PREFIX = 'folioforge.editor.carried.v2';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function handled(userId: string): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(`${HANDLED_PREFIX}.${userId}`) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((pair): pair is [string, number] => typeof pair[1] === 'number'));
  } catch {
    return {};
  }
}

/** This draft, as it is now, was carried in or declined: not offered again. */
export function markDraftHandled(userId: string, draft: DeviceDraft): void {
  const next = { ...handled(userId), [draft.id]: draft.updatedAt };
  try {
    storage()?.setItem(`${HANDLED_PREFIX}.${userId}`, JSON.stringify(next));
  } catch {
    // Without storage the offer simply shows again next time.
  }
}

/** A draft that holds only what its template starts with is not worth offering. */
const isUntouched = (draft: DeviceDraft) => JSON.stringify(draft.portfolio) === JSON.stringify(startingPortfolio(draft.templateId));

export interface DraftOffer {
  draft: DeviceDraft;
  /** What the visitor would call it: the template's name. */
  name: string;
}

/** Drafts on this device the user has not been offered yet, newest first. */
export function draftsToOffer(userId: string): DraftOffer[] {
  const done = handled(userId);
  return Object.values(readDeviceDrafts().drafts)
    .filter((draft) => !isUntouched(draft) && done[draft.id] !== draft.updatedAt)
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .map((draft) => ({ draft, name: templateName(draft.templateId) }));
}

/**
 * Makes the draft a new portfolio in the account. Its chosen files stay on this device as `device:`
 * references in this device's copy, and go up when the portfolio is opened in the editor; the draft
 * itself stays, for when the visitor is signed out again.
 */
export async function carryDraftIntoAccount(
  client: SupabaseClient,
  queryClient: QueryClient,
  userId: string,
  offer: DraftOffer,
): Promise<PortfolioRow> {
  const shown = { templateId: offer.draft.templateId, data: offer.draft.portfolio };
  const row = await createPortfolio(client, { ...toSaved(shown), title: offer.name });
  markDraftHandled(userId, offer.draft);
  adoptRow(queryClient, userId, row, shown);
  return row;
}
