// A signed-in user's portfolios are edited local first: every change lands in this device's copy at
// once (localStorage, synchronous, so a closed tab or a crash loses nothing), marked dirty until the
// account has accepted it. Opening a portfolio compares this copy with the account's row.
import type { TemplateValues } from '@folioforge/templates';
import type { PortfolioRow, PortfolioTemplateId } from '../portfolios/portfolioApi';
import { isPortfolioTemplateId } from '../templates/templateCatalog';
import { sameData } from './cloudSaver';
import type { StoredFileMeta } from './draftStorage';

const PREFIX = 'folioforge.editor.portfolio.v1';

export interface AccountCopy {
  templateId: PortfolioTemplateId;
  title: string;
  /** What the account held when this copy was last in step with it. */
  baseVersion: number;
  /** The values as saved (the `data` of the row), files only as the references the row holds. */
  data: TemplateValues;
  /** Files chosen on this device and not (yet) in the account: kept in IndexedDB beside the copy. */
  files: Record<string, StoredFileMeta>;
  /** True while the account has not accepted `data`. */
  dirty: boolean;
  updatedAt: number;
}

const keyOf = (userId: string, portfolioId: string) => `${PREFIX}.${userId}.${portfolioId}`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function strings(value: unknown): TemplateValues {
  const result: TemplateValues = {};
  if (isRecord(value)) for (const [key, item] of Object.entries(value)) if (typeof item === 'string') result[key] = item;
  return result;
}

export function readAccountCopy(userId: string, portfolioId: string): AccountCopy | undefined {
  const raw = storage()?.getItem(keyOf(userId, portfolioId));
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || typeof parsed.baseVersion !== 'number' || !isPortfolioTemplateId(parsed.templateId)) return undefined;
    const files: Record<string, StoredFileMeta> = {};
    if (isRecord(parsed.files)) {
      for (const [key, meta] of Object.entries(parsed.files)) {
        if (isRecord(meta) && typeof meta.name === 'string' && typeof meta.type === 'string' && typeof meta.size === 'number') {
          files[key] = { name: meta.name, type: meta.type, size: meta.size };
        }
      }
    }
    return {
      templateId: parsed.templateId,
      title: typeof parsed.title === 'string' ? parsed.title : '',
      baseVersion: parsed.baseVersion,
      data: strings(parsed.data),
      files,
      dirty: parsed.dirty === true,
      updatedAt: typeof parsed.updatedAt === 'number' ? parsed.updatedAt : 0,
    };
  } catch {
    return undefined;
  }
}

export function writeAccountCopy(userId: string, portfolioId: string, copy: Omit<AccountCopy, 'updatedAt'>): void {
  try {
    storage()?.setItem(keyOf(userId, portfolioId), JSON.stringify({ ...copy, updatedAt: Date.now() }));
  } catch (error) {
    console.warn('[FolioForge] could not keep the portfolio on this device:', error);
  }
}

/** The account accepted `data` as `version`: the copy is in step unless it changed meanwhile. */
export function markCopySaved(userId: string, portfolioId: string, version: number, data: TemplateValues): void {
  const copy = readAccountCopy(userId, portfolioId);
  if (!copy) return;
  writeAccountCopy(userId, portfolioId, { ...copy, baseVersion: version, dirty: !sameData(copy.data, data) });
}

export function removeAccountCopy(userId: string, portfolioId: string): void {
  storage()?.removeItem(keyOf(userId, portfolioId));
}

export interface OpenedPortfolio {
  /** Values to open with (the row's data, or this device's unsaved copy). */
  data: TemplateValues;
  files: Record<string, StoredFileMeta>;
  /** The version those values were made from: saves go against it. */
  baseVersion: number;
  /** The account's data for baseVersion, when known (a save of the same data is skipped). */
  savedData: TemplateValues | null;
  /** There are changes the account has not accepted yet: save them at once. */
  unsaved: boolean;
  /** The account could not be reached: this device's copy opened. */
  offline: boolean;
}

/**
 * What opens, given this device's copy and the account's row (undefined when unreachable). Unsaved
 * changes on this device win over an unchanged row; against a newer row they open as they are and
 * their save is refused as stale, so the visitor chooses (load the newer one, or keep theirs as new).
 */
export function chooseOpening(copy: AccountCopy | undefined, row: PortfolioRow | undefined): OpenedPortfolio | undefined {
  if (!row) {
    if (!copy) return undefined;
    return { data: copy.data, files: copy.files, baseVersion: copy.baseVersion, savedData: null, unsaved: copy.dirty, offline: true };
  }
  const fromRow = { data: row.data, files: {}, baseVersion: row.version, savedData: row.data, unsaved: false, offline: false };
  if (!copy) return fromRow;
  const unsaved = copy.dirty && !sameData(copy.data, row.data);
  if (!unsaved) return { ...fromRow, files: copy.baseVersion === row.version ? copy.files : {} };
  const savedData = copy.baseVersion === row.version ? row.data : null;
  return { data: copy.data, files: copy.files, baseVersion: copy.baseVersion, savedData, unsaved: true, offline: false };
}
