// A signed-in user's portfolios are edited local first: every change lands in this device's copy at
// once (localStorage, synchronous, so a closed tab or a crash loses nothing), marked dirty until the
// account has accepted it. Opening a portfolio compares the copies with the account's row. A copy
// holds the portfolio as on screen, files chosen here and not uploaded yet as `device:` references.
import { coercePortfolio, isDeviceRef, newId, type Portfolio, type Section } from '@folioforge/templates';
import type { PortfolioRow, PortfolioTemplateId, SavedPortfolio } from './portfolioApi';
import { isPortfolioTemplateId } from '../templates/templateCatalog';
import { accountFilesKey, draftFileId } from './fileStore';

// Each editor session (one opening of the portfolio in one tab) writes its own copy, under its own
// key, and says which tab it is in: two tabs never write over each other's copy, and an opening can
// tell this tab's unsaved work from another tab's.
const PREFIX = 'folioforge.editor.portfolio.v3';
/** One copy per portfolio, its writer unknown (before copies were kept per session): read once as another tab's. */
const V2_PREFIX = 'folioforge.editor.portfolio.v2';
/** Copies written before the portfolio model (flat values, chosen files listed apart): read once and upgraded. */
const LEGACY_PREFIX = 'folioforge.editor.portfolio.v1';
/** This tab's id, in sessionStorage: the same across the tab's reloads, its own in every other tab. */
const TAB_KEY = 'folioforge.editor.tab';
/** The tab and session of a copy kept before sessions were told apart. */
const EARLIER = 'earlier';

/** Who writes a copy: the tab, and the editor session in it (its copy's key). */
export interface CopyWriter {
  tab: string;
  session: string;
}

export interface AccountCopy extends CopyWriter {
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

const copiesPrefix = (userId: string, portfolioId: string) => `${PREFIX}.${userId}.${portfolioId}.`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

let tabWithoutStorage: string | undefined;

/** This tab's id (made on first use). Without sessionStorage, one per page load. */
export function thisTab(): string {
  try {
    let tab = window.sessionStorage.getItem(TAB_KEY);
    if (!tab) {
      tab = newId();
      window.sessionStorage.setItem(TAB_KEY, tab);
    }
    return tab;
  } catch {
    return (tabWithoutStorage ??= newId());
  }
}

/** A new editor session in this tab: it writes a copy of its own. */
export const newCopyWriter = (): CopyWriter => ({ tab: thisTab(), session: newId() });

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
    tab: typeof parsed.tab === 'string' ? parsed.tab : EARLIER,
    session: typeof parsed.session === 'string' ? parsed.session : EARLIER,
    templateId: parsed.templateId,
    title: typeof parsed.title === 'string' ? parsed.title : '',
    baseVersion: parsed.baseVersion,
    data: coercePortfolio(parsed.templateId, data),
    dirty: parsed.dirty === true,
    updatedAt: typeof parsed.updatedAt === 'number' ? parsed.updatedAt : 0,
  };
}

function readOne(target: Storage, key: string, userId: string, portfolioId: string, legacy: boolean): AccountCopy | undefined {
  try {
    const raw = target.getItem(key);
    return raw ? parseCopy(raw, userId, portfolioId, legacy) : undefined;
  } catch {
    return undefined;
  }
}

/** The copy kept before copies were per session (v2, or v1 before the model), moved to a key of its own once. */
function upgradeEarlierCopy(target: Storage, userId: string, portfolioId: string): void {
  for (const [prefix, legacy] of [
    [V2_PREFIX, false],
    [LEGACY_PREFIX, true],
  ] as const) {
    const key = `${prefix}.${userId}.${portfolioId}`;
    if (target.getItem(key) === null) continue;
    const copy = readOne(target, key, userId, portfolioId, legacy);
    if (copy) writeAccountCopy(userId, portfolioId, { ...copy, tab: EARLIER, session: EARLIER });
    target.removeItem(key);
  }
}

/** Every copy of a portfolio on this device, newest first (one per editor session that has not been settled). */
export function readAccountCopies(userId: string, portfolioId: string): AccountCopy[] {
  const target = storage();
  if (!target) return [];
  try {
    upgradeEarlierCopy(target, userId, portfolioId);
    const prefix = copiesPrefix(userId, portfolioId);
    const keys = Array.from({ length: target.length }, (_, index) => target.key(index)).filter(
      (key): key is string => key?.startsWith(prefix) === true,
    );
    return keys
      .map((key) => readOne(target, key, userId, portfolioId, false))
      .filter((copy): copy is AccountCopy => copy !== undefined)
      .sort((a, b) => b.updatedAt - a.updatedAt);
  } catch {
    return [];
  }
}

export function readAccountCopy(userId: string, portfolioId: string, session: string): AccountCopy | undefined {
  const target = storage();
  return target ? readOne(target, copiesPrefix(userId, portfolioId) + session, userId, portfolioId, false) : undefined;
}

export function writeAccountCopy(userId: string, portfolioId: string, copy: Omit<AccountCopy, 'updatedAt'>): void {
  try {
    storage()?.setItem(copiesPrefix(userId, portfolioId) + copy.session, JSON.stringify({ ...copy, updatedAt: Date.now() }));
  } catch (error) {
    console.warn('[FolioForge] could not keep the portfolio on this device:', error);
  }
}

/** The account accepted `saved` as `version`: the session's copy is in step unless it changed meanwhile. */
export function markCopySaved(userId: string, portfolioId: string, session: string, version: number, saved: SavedPortfolio): void {
  const copy = readAccountCopy(userId, portfolioId, session);
  if (!copy) return;
  writeAccountCopy(userId, portfolioId, { ...copy, baseVersion: version, dirty: !sameSaved(toSaved(copy), saved) });
}

/** Removes one session's copy, or (no session) every copy of the portfolio on this device. */
export function removeAccountCopy(userId: string, portfolioId: string, session?: string): void {
  const target = storage();
  if (!target) return;
  if (session !== undefined) {
    target.removeItem(copiesPrefix(userId, portfolioId) + session);
    return;
  }
  for (const copy of readAccountCopies(userId, portfolioId)) target.removeItem(copiesPrefix(userId, portfolioId) + copy.session);
}

/** What the account keeps of a portfolio on screen: files not uploaded yet are not in it (yet). */
export function toSaved({ templateId, data }: { templateId: PortfolioTemplateId; data: Portfolio }): SavedPortfolio {
  const hasDeviceFiles = JSON.stringify(data).includes('"device:');
  if (!hasDeviceFiles) return { templateId, data };
  const strip = <T>(value: T) => (typeof value === 'string' && isDeviceRef(value) ? '' : value);
  const stripSections = (sections: Section[]) =>
    sections.map((section) =>
      section.items.some((item) => Object.values(item).some(isDeviceRef))
        ? ({
            ...section,
            items: section.items.map((item) => Object.fromEntries(Object.entries(item).map(([key, value]) => [key, strip(value)]))),
          } as typeof section)
        : section,
    );
  return {
    templateId,
    data: {
      ...data,
      profile: { ...data.profile, photo: strip(data.profile.photo), resume: strip(data.profile.resume) },
      sections: stripSections(data.sections),
      // Every page's pictures, not only the home page's.
      ...(data.pages ? { pages: data.pages.map((page) => ({ ...page, sections: stripSections(page.sections) })) } : {}),
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

export interface Opening {
  opened: OpenedPortfolio;
  /** The copy that opened, if one did (the new session takes it over). */
  from?: AccountCopy;
  /** Unsaved work on this device that did not open (another tab's, or made on an older version): offered, never loaded silently. */
  offered: AccountCopy[];
}

/** The copy holds changes the row does not (files chosen here and not uploaded yet count: they are only in the copy). */
const unsavedOver = (copy: AccountCopy, row: SavedPortfolio) => copy.dirty && !sameSaved(copy, row);

/**
 * What opens in `tab`, given this device's copies and the account's row (undefined when unreachable).
 * The newest saved version opens, unless this tab holds unsaved changes on top of that same version
 * (a reload before the save went out): those open and are saved at once. Any other unsaved copy,
 * another tab's or one made on an older version, is offered beside it. Offline, this tab's newest
 * copy opens (else the device's newest).
 */
export function chooseOpening(copies: readonly AccountCopy[], row: PortfolioRow | undefined, tab: string): Opening | undefined {
  const newestFirst = [...copies].sort((a, b) => b.updatedAt - a.updatedAt);
  if (!row) {
    const copy = newestFirst.find((candidate) => candidate.tab === tab) ?? newestFirst[0];
    if (!copy) return undefined;
    return {
      opened: {
        templateId: copy.templateId,
        data: copy.data,
        baseVersion: copy.baseVersion,
        saved: null,
        unsaved: copy.dirty,
        offline: true,
      },
      from: copy,
      offered: [],
    };
  }
  const fromRow: SavedPortfolio = { templateId: row.templateId, data: row.data };
  const unsaved = newestFirst.filter((copy) => unsavedOver(copy, fromRow));
  const mine = unsaved.find((copy) => copy.tab === tab && copy.baseVersion === row.version);
  const offered = unsaved.filter((copy) => copy !== mine);
  if (!mine) return { opened: { ...fromRow, baseVersion: row.version, saved: fromRow, unsaved: false, offline: false }, offered };
  return {
    opened: { templateId: mine.templateId, data: mine.data, baseVersion: row.version, saved: fromRow, unsaved: true, offline: false },
    from: mine,
    offered,
  };
}
