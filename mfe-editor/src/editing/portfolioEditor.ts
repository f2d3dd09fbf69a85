// The portfolio being edited: one store that the form, the preview and the saving all read, outside
// React state so that a key press re-renders only what shows that field (the preview's part), not the
// form around it. Every change goes through here, so undo and redo see them all.
import { createStore, type StoreApi } from 'zustand';
import { HOME_PAGE_ID, fileSlotsOf, fileValuesOf, replaceFileValue, type FileSlot, type Portfolio } from '@folioforge/templates';
import type { PortfolioTemplateId } from '../templates/templateCatalog';
import { EditHistory, type HistoryStep } from './editHistory';
import { changedPaths, itemPath, pageOfSection, placeOf, profilePath, readField, writeField, type FieldPath } from './portfolioEdits';

/** `pageId` while the portfolio still has that page, else the home page (a page removed, or an add undone). */
const keptPage = (portfolio: Portfolio, pageId: string): string =>
  pageId === HOME_PAGE_ID || portfolio.pages?.some((page) => page.id === pageId) ? pageId : HOME_PAGE_ID;

/** The page a focus target is on (a field's path, or a section's or item's control key), if it names a section. */
function pageOfTarget(portfolio: Portfolio, target: string | undefined): string | undefined {
  if (!target) return undefined;
  // A page's own setting: page.<key>.<page id>.
  const [scope, , settingsOf] = target.split('.');
  if (scope === 'page' && settingsOf) return portfolio.pages?.some((page) => page.id === settingsOf) ? settingsOf : undefined;
  const sectionId = placeOf(target).sectionId ?? /^(?:section-[a-z]+|add-item|item-[a-z]+):([^:]+)/.exec(target)?.[1];
  return sectionId ? pageOfSection(portfolio, sectionId) : undefined;
}

const slotPath = (slot: FileSlot): FieldPath =>
  slot.scope === 'profile' ? profilePath(slot.key) : itemPath(slot.sectionId, slot.itemId, slot.key);

/**
 * `target` with the pictures and resumes `current` has in the same places: undo and redo take back
 * text and parts, never a file (a replaced file is removed from storage once the change is saved).
 */
function keepFiles(current: Portfolio, target: Portfolio): Portfolio {
  const now = new Map(fileSlotsOf(current).map(({ slot, value }) => [slotPath(slot), value]));
  return fileSlotsOf(target).reduce((result, { slot, value }) => {
    const path = slotPath(slot);
    const kept = now.get(path);
    return kept !== undefined && kept !== value ? writeField(result, path, kept) : result;
  }, target);
}

/** A file on its way: a photo is prepared (resized, re-encoded) first; `saving` says what that saved ("4.8 MB → 310 KB"). */
export type UploadState =
  | { kind: 'preparing'; fileName: string; fraction: number }
  | { kind: 'prepared'; fileName: string; saving: string }
  | { kind: 'uploading'; fileName: string; fraction: number; saving?: string }
  | { kind: 'failed'; message: string }
  | { kind: 'stored'; fileName: string; saving?: string };

export interface EditorState {
  /** The template the portfolio is shown with (switching keeps the content). */
  templateId: PortfolioTemplateId;
  /** The whole site: the home page and every other page (what is saved). */
  portfolio: Portfolio;
  /** The page whose sections the form edits and the preview shows (HOME_PAGE_ID or a page's id). */
  pageId: string;
  canUndo: boolean;
  canRedo: boolean;
  /** Per field, the times its value was set from outside its input (undo, redo, a reset): the input is drawn again. */
  revisions: Readonly<Record<FieldPath, number>>;
  /** Where focus should go (a field's path, or a control's `data-focus` key), after undo, redo or a change of parts. */
  focusRequest: { target: string; serial: number } | null;
  /** The section and item being edited: the preview keeps them in view. */
  active: { sectionId?: string; itemId?: string; serial: number } | null;
  /** Said politely to screen readers after a change of parts ("Moved Project 4 to position 1 of 4"). */
  announcement: string;
  /** Where each file reference is shown from: object URLs of files on this device, signed URLs of stored ones. */
  urls: Readonly<Record<string, string>>;
  /** The names of files chosen, per reference. */
  fileNames: Readonly<Record<string, string>>;
  /** Uploads under way or refused, per field. */
  uploads: Readonly<Record<FieldPath, UploadState>>;
}

export interface ChangeDetails {
  /** Said to screen readers, e.g. "Added Project 3". */
  label: string;
  /** Where focus goes after the change (and after redoing it). */
  focus?: string;
  /** Where focus goes when the change is undone. */
  undoFocus?: string;
}

export class PortfolioEditor {
  readonly store: StoreApi<EditorState>;
  private readonly history = new EditHistory();
  private serial = 0;

  constructor(initial: { templateId: PortfolioTemplateId; portfolio: Portfolio }) {
    this.store = createStore<EditorState>()(() => ({
      templateId: initial.templateId,
      portfolio: initial.portfolio,
      pageId: HOME_PAGE_ID,
      canUndo: false,
      canRedo: false,
      revisions: {},
      focusRequest: null,
      active: null,
      announcement: '',
      urls: {},
      fileNames: {},
      uploads: {},
    }));
  }

  get portfolio(): Portfolio {
    return this.store.getState().portfolio;
  }

  private next(): number {
    this.serial += 1;
    return this.serial;
  }

  private history_(): Pick<EditorState, 'canUndo' | 'canRedo'> {
    return { canUndo: this.history.canUndo, canRedo: this.history.canRedo };
  }

  /** Typing in one field (its input keeps its own text: nothing on the form's side redraws). */
  readonly setField = (path: FieldPath, value: string): void => {
    const before = this.portfolio;
    if (readField(before, path) === value) return;
    const after = writeField(before, path, value);
    this.history.recordTyping(path, before, after);
    this.store.setState({ portfolio: after, ...this.history_() });
  };

  /**
   * Typing in a field that is not text (a product's amount, its stock): `after` is the portfolio with
   * the typed value. Undone with the typing around it, as a text field's keys are.
   */
  readonly setValue = (path: FieldPath, after: Portfolio): void => {
    const before = this.portfolio;
    if (after === before) return;
    this.history.recordTyping(path, before, after);
    this.store.setState({ portfolio: after, ...this.history_() });
  };

  /** A change of the portfolio's parts (add, remove, hide, duplicate, move): one undoable step. */
  readonly change = (after: Portfolio, details: ChangeDetails): void => {
    const before = this.portfolio;
    if (after === before) return;
    this.history.recordChange(before, after, { label: details.label, focus: { undo: details.undoFocus, redo: details.focus } });
    this.store.setState({
      portfolio: after,
      pageId: keptPage(after, this.store.getState().pageId),
      ...this.history_(),
      announcement: details.label,
      focusRequest: details.focus ? { target: details.focus, serial: this.next() } : this.store.getState().focusRequest,
    });
  };

  readonly undo = (): void => {
    const step = this.history.undo();
    if (step) this.applyStep(step, step.before, 'undo');
  };

  readonly redo = (): void => {
    const step = this.history.redo();
    if (step) this.applyStep(step, step.after, 'redo');
  };

  /** Puts a step's portfolio on screen: fields whose text it changes are drawn again, focus goes where it belongs. */
  private applyStep(step: HistoryStep, stepPortfolio: Portfolio, direction: 'undo' | 'redo'): void {
    const current = this.portfolio;
    const to = keepFiles(current, stepPortfolio);
    const changed = changedPaths(current, to);
    const revisions = { ...this.store.getState().revisions };
    for (const path of changed) revisions[path] = (revisions[path] ?? 0) + 1;
    const target = step.path ?? step.focus?.[direction] ?? changed[0];
    // The form goes to the page the step changed, so what comes back is in view.
    const pageId = pageOfTarget(to, target) ?? keptPage(to, this.store.getState().pageId);
    this.store.setState({
      ...(step.template ? { templateId: step.template[direction === 'undo' ? 'before' : 'after'] } : {}),
      portfolio: to,
      pageId,
      revisions,
      ...this.history_(),
      announcement: step.label ? `${direction === 'undo' ? 'Undone' : 'Redone'}: ${step.label}` : '',
      focusRequest: target ? { target, serial: this.next() } : this.store.getState().focusRequest,
    });
  }

  /** Everything at once (a reset, another version loaded): one step, or history starts over. */
  readonly replaceAll = (
    portfolio: Portfolio,
    { undoable = true, label = 'Replaced everything' }: { undoable?: boolean; label?: string } = {},
  ): void => {
    const before = this.portfolio;
    if (undoable) this.history.recordChange(before, portfolio, { label });
    else this.history.clear();
    const revisions = { ...this.store.getState().revisions };
    for (const path of changedPaths(before, portfolio)) revisions[path] = (revisions[path] ?? 0) + 1;
    this.store.setState({
      portfolio,
      pageId: keptPage(portfolio, this.store.getState().pageId),
      revisions,
      uploads: {},
      ...this.history_(),
      announcement: undoable ? label : '',
    });
  };

  /** Shows the same portfolio with another template: a step of undo, unless it comes with another version loaded. */
  readonly setTemplate = (
    templateId: PortfolioTemplateId,
    { undoable = true, label = 'Switched template' }: { undoable?: boolean; label?: string } = {},
  ): void => {
    const before = this.store.getState().templateId;
    if (templateId === before) return;
    if (undoable) this.history.recordChange(this.portfolio, this.portfolio, { label, template: { before, after: templateId } });
    this.store.setState({ templateId, ...this.history_(), announcement: undoable ? label : this.store.getState().announcement });
  };

  /** The form and the preview go to page `pageId` (the home page when the site has no such page). */
  readonly showPage = (pageId: string): void => {
    const next = keptPage(this.portfolio, pageId);
    if (next === this.store.getState().pageId) return;
    this.store.setState({ pageId: next, active: null });
  };

  /** The visitor is in this field (or control): the preview keeps its place in view. */
  readonly setActive = (path: FieldPath): void => {
    const place = placeOf(path);
    const current = this.store.getState().active;
    if (current && current.sectionId === place.sectionId && current.itemId === place.itemId) return;
    this.store.setState({ active: place.sectionId ? { ...place, serial: this.next() } : null });
  };

  /** A picture or resume chosen or removed: not a step of undo (files are not taken back). */
  readonly setFile = (path: FieldPath, value: string): void => {
    // Every kept version shows the file now chosen in that place: a redo (of an added item, say) never brings back an older one.
    const hasSlot = (portfolio: Portfolio) => fileSlotsOf(portfolio).some(({ slot }) => slotPath(slot) === path);
    this.history.rewrite((portfolio) =>
      hasSlot(portfolio) && readField(portfolio, path) !== value ? writeField(portfolio, path, value) : portfolio,
    );
    this.store.setState((state) => ({ portfolio: writeField(state.portfolio, path, value) }));
  };

  /** A file's reference changed wherever it is used (an upload finished, or went back). */
  readonly replaceFile = (from: string, to: string): void => {
    this.history.rewrite((portfolio) => replaceFileValue(portfolio, from, to));
    this.store.setState((state) => ({ portfolio: replaceFileValue(state.portfolio, from, to) }));
  };

  readonly showFiles = (urls: Readonly<Record<string, string>>): void => {
    this.store.setState((state) => ({ urls: { ...state.urls, ...urls } }));
  };

  readonly nameFile = (ref: string, name: string): void => {
    this.store.setState((state) => ({ fileNames: { ...state.fileNames, [ref]: name } }));
  };

  readonly setUpload = (path: FieldPath, upload: UploadState | undefined): void => {
    this.store.setState((state) => {
      const uploads = { ...state.uploads };
      if (upload) uploads[path] = upload;
      else delete uploads[path];
      return { uploads };
    });
  };

  /** Every file the portfolio names now. */
  filesInUse(): Set<string> {
    return new Set(fileValuesOf(this.portfolio));
  }
}
