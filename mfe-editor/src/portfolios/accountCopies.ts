// A signed-in user's portfolios are edited local first: every change lands in this device's copy at
// once (localStorage, synchronous, so a closed tab or a crash loses nothing), marked dirty until the
// account has accepted it. Opening a portfolio compares this copy with the account's row. The copy
// holds the portfolio as on screen, files chosen here and not uploaded yet as `device:` references.
import { coercePortfolio, isDeviceRef, type Portfolio } from '@folioforge/templates';
import type { PortfolioRow, PortfolioTemplateId, SavedPortfolio } from './portfolioApi';
import { isPortfolioTemplateId } from '../templates/templateCatalog';
import { accountFilesKey, draftFileId } from './fileStore';

const PREFIX = 'folioforge.editor.portfolio.v2';
/** Copies written before the portfolio model (flat values, chosen files listed apart): read once and upgraded. */
const LEGACY_PREFIX = 'folioforge.editor.portfolio.v1';

export interface AccountCopy {
  templateId: PortfolioTemplateId;
  title: string;
  /** What the account held when this copy was last in step with it. */
  baseVersion: number;
  /** The portfolio as on screen. */
  data: Portfolio;
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

/** Same portfolio and template, whatever else: what decides whether there is anything to save. */
export function sameSaved(a: SavedPortfolio | null, b: SavedPortfolio | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.templateId === b.templateId && (a.data === b.data || JSON.stringify(a.data) === JSON.stringify(b.data));
}

function parseCopy(raw: string, userId: string, portfolioId: string, legacy: boolean): AccountCopy | undefined {
  const parsed: unknown = JSON.parse(raw);
  if (!isRecord(parsed) || typeof parsed.baseVersion !== 'number' || !isPortfolioTemplateId(parsed.templateId)) return undefined;
  let data: unknown = parsed.data;
  if (legacy && isRecord(data)) {
    // Files chosen on this device were listed apart and kept in IndexedDB under the field's key.
    const values: Record<string, unknown> = { ...data };
    if (isRecord(parsed.files))
      for (const fieldKey of Object.keys(parsed.files))
        values[fieldKey] = `device:${draftFileId(accountFilesKey(userId), portfolioId, fieldKey)}`;
    data = values;
  }
  return {
    templateId: parsed.templateId,
    title: typeof parsed.title === 'string' ? parsed.title : '',
    baseVersion: parsed.baseVersion,
    data: coercePortfolio(parsed.templateId, data),
    dirty: parsed.dirty === true,
    updatedAt: typeof parsed.updatedAt === 'number' ? parsed.updatedAt : 0,
  };
}

export function readAccountCopy(userId: string, portfolioId: string): AccountCopy | undefined {
  const target = storage();
  try {
    const raw = target?.getItem(keyOf(userId, portfolioId));
    if (raw) return parseCopy(raw, userId, portfolioId, false);
    const legacyKey = `${LEGACY_PREFIX}.${userId}.${portfolioId}`;
    const legacy = target?.getItem(legacyKey);
    if (!legacy) return undefined;
    const copy = parseCopy(legacy, userId, portfolioId, true);
    if (copy) writeAccountCopy(userId, portfolioId, copy);
    target?.removeItem(legacyKey);
    return copy;
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

/** The account accepted `saved` as `version`: the copy is in step unless it changed meanwhile. */
export function markCopySaved(userId: string, portfolioId: string, version: number, saved: SavedPortfolio): void {
  const copy = readAccountCopy(userId, portfolioId);
  if (!copy) return;
  writeAccountCopy(userId, portfolioId, { ...copy, baseVersion: version, dirty: !sameSaved(toSaved(copy), saved) });
}

export function removeAccountCopy(userId: string, portfolioId: string): void {
  storage()?.removeItem(keyOf(userId, portfolioId));
}

/** What the account keeps of a portfolio on screen: files not uploaded yet are not in it (yet). */
export function toSaved({ templateId, data }: { templateId: PortfolioTemplateId; data: Portfolio }): SavedPortfolio {
  const hasDeviceFiles = JSON.stringify(data).includes('"device:');
  if (!hasDeviceFiles) return { templateId, data };
  const strip = (value: string) => (isDeviceRef(value) ? '' : value);
  return {
    templateId,
    data: {
      ...data,
      profile: { ...data.profile, photo: strip(data.profile.photo), resume: strip(data.profile.resume) },
      sections: data.sections.map((section) =>
        section.items.some((item) => Object.values(item).some(isDeviceRef))
          ? ({
              ...section,
              items: section.items.map((item) => Object.fromEntries(Object.entries(item).map(([key, value]) => [key, strip(value)]))),
            } as typeof section)
          : section,
      ),
    },
  };
}

export interface OpenedPortfolio {
  /** The template and portfolio to open with (the row's, or this device's unsaved copy). */
  templateId: PortfolioTemplateId;
  data: Portfolio;
  /** The version those were made from: saves go against it. */
  baseVersion: number;
  /** What the account holds for baseVersion, when known (a save of the same is skipped). */
  saved: SavedPortfolio | null;
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
    return { templateId: copy.templateId, data: copy.data, baseVersion: copy.baseVersion, saved: null, unsaved: copy.dirty, offline: true };
  }
  const fromRow: SavedPortfolio = { templateId: row.templateId, data: row.data };
  const opened = { ...fromRow, baseVersion: row.version, saved: fromRow, unsaved: false, offline: false };
  if (!copy) return opened;
  // Files chosen here and not uploaded yet count as unsaved: they are only in this copy.
  const unsaved = copy.dirty && !sameSaved(copy, fromRow);
  if (!unsaved) return opened;
  const saved = copy.baseVersion === row.version ? fromRow : null;
  return { templateId: copy.templateId, data: copy.data, baseVersion: copy.baseVersion, saved, unsaved: true, offline: false };
}
