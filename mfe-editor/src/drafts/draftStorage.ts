// Where drafts live between visits. Text values go to localStorage (small, synchronous, so a reload
// renders the restored values in its very first frame). Chosen files go to IndexedDB as Blobs (see
// fileStore.ts): a Blob needs no base64 (data URLs are a third bigger) and a 5 MB picture would not
// fit localStorage's quota anyway.
import type { TemplateValues } from '@folioforge/templates';

/** /design's drafts: one entry per template id ('1'…'4'), plus which template was open last. */
export const DESIGN_DRAFT_KEY = 'folioforge.editor.design.v1';
/** /portfo's draft: a single entry. */
export const GENERATOR_DRAFT_KEY = 'folioforge.editor.generator.v1';
export const GENERATOR_ENTRY = 'generator';

/** A chosen file kept in IndexedDB; the entry records which fields have one. */
export interface StoredFileMeta {
  name: string;
  type: string;
  size: number;
}

export interface DraftEntry {
  /** Text values; file fields only when they hold something other than the sample (e.g. '' or an http URL). */
  values: TemplateValues;
  /** File fields whose value is a chosen file stored in IndexedDB. */
  files: Record<string, StoredFileMeta>;
  updatedAt: number;
}

export interface DraftDocument {
  version: 1;
  /** The entry edited last (for /design: the template id), so a plain reload reopens it. */
  lastEntryKey: string | null;
  entries: Record<string, DraftEntry>;
}

const emptyDocument = (): DraftDocument => ({ version: 1, lastEntryKey: null, entries: {} });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function onlyStrings(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!isRecord(value)) return result;
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string') result[key] = item;
  return result;
}

function parseEntry(value: unknown): DraftEntry | undefined {
  if (!isRecord(value)) return undefined;
  const files: Record<string, StoredFileMeta> = {};
  if (isRecord(value.files)) {
    for (const [key, meta] of Object.entries(value.files)) {
      if (isRecord(meta) && typeof meta.name === 'string' && typeof meta.type === 'string' && typeof meta.size === 'number') {
        files[key] = { name: meta.name, type: meta.type, size: meta.size };
      }
    }
  }
  return { values: onlyStrings(value.values), files, updatedAt: typeof value.updatedAt === 'number' ? value.updatedAt : 0 };
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings); the editor then works without drafts.
    return undefined;
  }
}

/** The stored document, or an empty one when there is none or it is unreadable (never throws). */
export function readDraftDocument(storageKey: string): DraftDocument {
  const raw = storage()?.getItem(storageKey);
  if (!raw) return emptyDocument();
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || parsed.version !== 1) return emptyDocument();
    const entries: Record<string, DraftEntry> = {};
    if (isRecord(parsed.entries)) {
      for (const [key, entry] of Object.entries(parsed.entries)) {
        const valid = parseEntry(entry);
        if (valid) entries[key] = valid;
      }
    }
    const lastEntryKey = typeof parsed.lastEntryKey === 'string' && parsed.lastEntryKey in entries ? parsed.lastEntryKey : null;
    return { version: 1, lastEntryKey, entries };
  } catch {
    return emptyDocument();
  }
}

/** Saves one entry and marks it as the last one edited. */
export function writeDraftEntry(storageKey: string, entryKey: string, entry: Omit<DraftEntry, 'updatedAt'>): void {
  const target = storage();
  if (!target) return;
  const document = readDraftDocument(storageKey);
  document.entries[entryKey] = { ...entry, updatedAt: Date.now() };
  document.lastEntryKey = entryKey;
  try {
    target.setItem(storageKey, JSON.stringify(document));
  } catch (error) {
    // Quota exceeded: keep editing; the draft simply is not saved this time.
    console.warn('[FolioForge] could not save the draft:', error);
  }
}

export function readDraftEntry(storageKey: string, entryKey: string): DraftEntry | undefined {
  return readDraftDocument(storageKey).entries[entryKey];
}
