// A visitor's portfolios on this device (signed out): kept in localStorage (small, synchronous, so a
// reload draws the restored portfolio in its first frame), their chosen files in IndexedDB as
// `device:` references. One list for /design and /portfo: a draft has an id and the template it is
// shown with. What was kept before the portfolio model (one entry per template on /design, one on
// /portfo, flat values) is upgraded once, in code, as the database's rows were in SQL.
import { coercePortfolio, type Portfolio } from '@folioforge/templates';
import { draftFileId } from '../portfolios/fileStore';
import { isPortfolioTemplateId, type PortfolioTemplateId } from '../templates/templateCatalog';

export const DRAFTS_KEY = 'folioforge.editor.drafts.v2';
/** Before the model: /design's entries per template id and /portfo's one entry. */
export const LEGACY_DESIGN_KEY = 'folioforge.editor.design.v1';
export const LEGACY_GENERATOR_KEY = 'folioforge.editor.generator.v1';

export interface DeviceDraft {
  id: string;
  templateId: PortfolioTemplateId;
  portfolio: Portfolio;
  updatedAt: number;
}

interface DraftsDocument {
  version: 2;
  /** The draft edited last: a plain reload of /design reopens it. */
  last: string | null;
  drafts: Record<string, DeviceDraft>;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings); the editor then works without drafts.
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A bundled sample picture was not stored by the old drafts (its address changed with each build): the template's own comes back. */
const LEGACY_SAMPLE_FILES: Partial<Record<string, Record<string, string>>> = {
  '1': { image: 'sample:portraitAarav', resume: 'sample:resume' },
  '3': { image: 'sample:portraitMeera' },
  '4': { temp4image: 'sample:productMug' },
};

/** An old entry (flat values, chosen files listed apart) as a draft in the model. */
function upgradeEntry(storageKey: string, entryKey: string, templateId: PortfolioTemplateId, entry: Record<string, unknown>): DeviceDraft {
  const values: Record<string, unknown> = { ...LEGACY_SAMPLE_FILES[templateId], ...(isRecord(entry.values) ? entry.values : {}) };
  for (const [key, value] of Object.entries(values)) if (typeof value === 'string' && /^(blob|data):/i.test(value)) delete values[key];
  if (isRecord(entry.files))
    for (const fieldKey of Object.keys(entry.files)) values[fieldKey] = `device:${draftFileId(storageKey, entryKey, fieldKey)}`;
  return {
    id: templateId === 'generator' ? 'generator' : `design-${entryKey}`,
    templateId,
    portfolio: coercePortfolio(templateId, values),
    updatedAt: typeof entry.updatedAt === 'number' ? entry.updatedAt : 0,
  };
}

/** What was kept before the model, as drafts (read once; the old keys are removed once the list is written). */
function legacyDrafts(target: Storage): DraftsDocument | undefined {
  const read = (key: string): Record<string, unknown> | undefined => {
    try {
      const parsed: unknown = JSON.parse(target.getItem(key) ?? 'null');
      return isRecord(parsed) && isRecord(parsed.entries) ? parsed : undefined;
    } catch {
      return undefined;
    }
  };
  const design = read(LEGACY_DESIGN_KEY);
  const generator = read(LEGACY_GENERATOR_KEY);
  if (!design && !generator) return undefined;
  const drafts: Record<string, DeviceDraft> = {};
  for (const [entryKey, entry] of Object.entries(isRecord(design?.entries) ? design.entries : {})) {
    if (!isPortfolioTemplateId(entryKey) || entryKey === 'generator' || !isRecord(entry)) continue;
    const draft = upgradeEntry(LEGACY_DESIGN_KEY, entryKey, entryKey, entry);
    drafts[draft.id] = draft;
  }
  const generatorEntry = isRecord(generator?.entries) ? generator.entries.generator : undefined;
  if (isRecord(generatorEntry)) drafts.generator = upgradeEntry(LEGACY_GENERATOR_KEY, 'generator', 'generator', generatorEntry);
  const lastKey = typeof design?.lastEntryKey === 'string' ? `design-${design.lastEntryKey}` : null;
  return { version: 2, last: lastKey && lastKey in drafts ? lastKey : null, drafts };
}

function parseDocument(raw: string | null | undefined): DraftsDocument | undefined {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || parsed.version !== 2 || !isRecord(parsed.drafts)) return undefined;
    const drafts: Record<string, DeviceDraft> = {};
    for (const [id, draft] of Object.entries(parsed.drafts)) {
      if (!isRecord(draft) || !isPortfolioTemplateId(draft.templateId)) continue;
      drafts[id] = {
        id,
        templateId: draft.templateId,
        portfolio: coercePortfolio(draft.templateId, draft.portfolio),
        updatedAt: typeof draft.updatedAt === 'number' ? draft.updatedAt : 0,
      };
    }
    const last = typeof parsed.last === 'string' && parsed.last in drafts ? parsed.last : null;
    return { version: 2, last, drafts };
  } catch {
    return undefined;
  }
}

/** The drafts on this device (an empty list when there are none or they are unreadable; never throws). */
export function readDeviceDrafts(): DraftsDocument {
  const target = storage();
  if (!target) return { version: 2, last: null, drafts: {} };
  const current = parseDocument(target.getItem(DRAFTS_KEY));
  if (current) return current;
  const upgraded = legacyDrafts(target);
  if (!upgraded) return { version: 2, last: null, drafts: {} };
  try {
    target.setItem(DRAFTS_KEY, JSON.stringify(upgraded));
    target.removeItem(LEGACY_DESIGN_KEY);
    target.removeItem(LEGACY_GENERATOR_KEY);
  } catch {
    // Read again next time.
  }
  return upgraded;
}

/**
 * The stored list for a write: the other drafts are kept as stored, unchecked (each is checked when
 * read), since typing writes every few hundred milliseconds. An unreadable or old list is read in full.
 */
function documentToWrite(target: Storage): { version: 2; last: unknown; drafts: Record<string, unknown> } {
  try {
    const parsed: unknown = JSON.parse(target.getItem(DRAFTS_KEY) ?? 'null');
    if (isRecord(parsed) && parsed.version === 2 && isRecord(parsed.drafts))
      return { version: 2, last: parsed.last, drafts: parsed.drafts };
  } catch {
    // Unreadable: read as a reader would (the old keys, or nothing).
  }
  return readDeviceDrafts();
}

/** Saves one draft and makes it the one a reload reopens. */
export function writeDeviceDraft(draft: Omit<DeviceDraft, 'updatedAt'>): void {
  const target = storage();
  if (!target) return;
  const document = documentToWrite(target);
  document.drafts[draft.id] = { ...draft, updatedAt: Date.now() };
  if (draft.templateId !== 'generator') document.last = draft.id;
  try {
    target.setItem(DRAFTS_KEY, JSON.stringify(document));
  } catch (error) {
    // Quota exceeded: keep editing; the draft simply is not saved this time.
    console.warn('[FolioForge] could not save the draft:', error);
  }
}

export const readDeviceDraft = (id: string): DeviceDraft | undefined => readDeviceDrafts().drafts[id];

/** The newest draft shown with a template (or the generator), if any. */
export function newestDeviceDraft(accepts: (templateId: PortfolioTemplateId) => boolean): DeviceDraft | undefined {
  return Object.values(readDeviceDrafts().drafts)
    .filter((draft) => accepts(draft.templateId))
    .sort((a, b) => b.updatedAt - a.updatedAt)[0];
}

/** The draft /design reopens after a plain reload. */
export function lastDesignDraft(): DeviceDraft | undefined {
  const document = readDeviceDrafts();
  return document.last ? document.drafts[document.last] : undefined;
}
