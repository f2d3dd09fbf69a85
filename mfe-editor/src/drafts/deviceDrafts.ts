// What a visitor made on this device before logging in, offered into their account once: each draft
// (a /design template, the /portfo generator) is either carried in as a new portfolio or declined,
// and either way not offered again to that user unless it changes afterwards.
import type { TemplateField, TemplateValues } from '@folioforge/templates';
import type { SupabaseClient } from '@supabase/supabase-js';
import { GENERATOR_EMPTY_VALUES, GENERATOR_FIELDS } from '@folioforge/templates';
import { templateDefinition, toTemplateId } from '../templates/templateCatalog';
import { createPortfolio, type PortfolioRow, type PortfolioTemplateId } from '../portfolios/portfolioApi';
import { writeAccountCopy } from './accountCopies';
import { sameData } from './cloudSaver';
import { DESIGN_DRAFT_KEY, GENERATOR_DRAFT_KEY, GENERATOR_ENTRY, readDraftDocument, type DraftEntry } from './draftStorage';
import { draftEntryFromValues } from './draftValues';
import { accountFilesKey, draftFileId, draftFileStore } from './fileStore';

const HANDLED_PREFIX = 'folioforge.editor.carried.v1';

export interface DeviceDraft {
  /** `<document key>/<entry key>`: names the draft in the handled list. */
  key: string;
  storageKey: string;
  entryKey: string;
  templateId: PortfolioTemplateId;
  /** What the visitor would call it: the template's name. */
  name: string;
  entry: DraftEntry;
}

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
  const next = { ...handled(userId), [draft.key]: draft.entry.updatedAt };
  try {
    storage()?.setItem(`${HANDLED_PREFIX}.${userId}`, JSON.stringify(next));
  } catch {
    // Without storage the offer simply shows again next time.
  }
}

/** A draft that holds only what the screen opens with (the sample, or nothing) is not worth offering. */
function isUntouched(fields: readonly TemplateField[], startValues: TemplateValues, entry: DraftEntry): boolean {
  if (Object.keys(entry.files).length > 0) return false;
  return sameData(draftEntryFromValues(fields, startValues, startValues, {}).values, entry.values);
}

/** Drafts on this device the user has not been offered yet, newest first. */
export function draftsToOffer(userId: string): DeviceDraft[] {
  const done = handled(userId);
  const drafts: DeviceDraft[] = [];
  const design = readDraftDocument(DESIGN_DRAFT_KEY);
  for (const [entryKey, entry] of Object.entries(design.entries)) {
    const templateId = toTemplateId(entryKey);
    if (!templateId) continue;
    const definition = templateDefinition(templateId);
    if (isUntouched(definition.fields, definition.sampleValues, entry)) continue;
    drafts.push({
      key: `${DESIGN_DRAFT_KEY}/${entryKey}`,
      storageKey: DESIGN_DRAFT_KEY,
      entryKey,
      templateId: String(templateId) as PortfolioTemplateId,
      name: definition.name,
      entry,
    });
  }
  const generator = readDraftDocument(GENERATOR_DRAFT_KEY).entries[GENERATOR_ENTRY];
  if (generator && !isUntouched(GENERATOR_FIELDS, GENERATOR_EMPTY_VALUES, generator)) {
    drafts.push({
      key: `${GENERATOR_DRAFT_KEY}/${GENERATOR_ENTRY}`,
      storageKey: GENERATOR_DRAFT_KEY,
      entryKey: GENERATOR_ENTRY,
      templateId: 'generator',
      name: 'Portfolio Generator',
      entry: generator,
    });
  }
  return drafts.filter((draft) => done[draft.key] !== draft.entry.updatedAt).sort((a, b) => b.entry.updatedAt - a.entry.updatedAt);
}

/**
 * Makes the draft a new portfolio in the account. Its chosen files come along on this device (they
 * are in this browser only); the draft itself stays, for when the visitor is signed out again.
 */
export async function carryDraftIntoAccount(client: SupabaseClient, userId: string, draft: DeviceDraft): Promise<PortfolioRow> {
  const row = await createPortfolio(client, { templateId: draft.templateId, title: draft.name, data: draft.entry.values });
  markDraftHandled(userId, draft);
  for (const fieldKey of Object.keys(draft.entry.files)) {
    const file = await draftFileStore()
      .get(draftFileId(draft.storageKey, draft.entryKey, fieldKey))
      .catch(() => undefined);
    if (file) await draftFileStore().put(draftFileId(accountFilesKey(userId), row.id, fieldKey), file);
  }
  writeAccountCopy(userId, row.id, {
    templateId: row.templateId,
    title: row.title,
    baseVersion: row.version,
    data: row.data,
    files: draft.entry.files,
    dirty: false,
  });
  return row;
}
