// Undo and redo over the whole portfolio: every step keeps the portfolio before and after (they share
// all unchanged parts, so a step costs little). Typing in one field is one step until the visitor
// pauses or moves to another field, as a text editor groups typing; adding, removing, hiding,
// duplicating or moving a section or an item is one step, and so are replacing everything (a reset)
// and switching the template.
import type { Portfolio } from '@folioforge/templates';
import type { PortfolioTemplateId } from '../templates/templateCatalog';
import type { FieldPath } from './portfolioEdits';

/** Keys typed in one field closer together than this are one step. */
export const GROUP_TYPING_MS = 1000;
/** Oldest steps are forgotten beyond this. */
export const HISTORY_LIMIT = 200;

export interface HistoryStep {
  before: Portfolio;
  after: Portfolio;
  /** The field typed in; null for a change of the portfolio's parts (or of everything). */
  path: FieldPath | null;
  /** A switch of the template the portfolio is shown with: the one before and after. */
  template?: { before: PortfolioTemplateId; after: PortfolioTemplateId };
  /** Where the caret goes when the step is undone or redone (a structural step's place), if anywhere. */
  focus?: { undo?: FieldPath; redo?: FieldPath };
  /** Said to screen readers when the step is undone or redone, e.g. "Removed Project 3". */
  label?: string;
  at: number;
}

export class EditHistory {
  private steps: HistoryStep[] = [];
  /** steps[0 … done) are applied; the rest can be redone. */
  private done = 0;

  get canUndo(): boolean {
    return this.done > 0;
  }

  get canRedo(): boolean {
    return this.done < this.steps.length;
  }

  /** Typing in one field. */
  recordTyping(path: FieldPath, before: Portfolio, after: Portfolio, now = Date.now()): void {
    const last = this.steps[this.done - 1];
    if (last && !this.canRedo && last.path === path && now - last.at < GROUP_TYPING_MS) {
      last.after = after;
      last.at = now;
      return;
    }
    this.push({ before, after, path, at: now });
  }

  /** A change of the portfolio's parts, or of everything: one step. */
  recordChange(
    before: Portfolio,
    after: Portfolio,
    details: Pick<HistoryStep, 'focus' | 'label' | 'template'> = {},
    now = Date.now(),
  ): void {
    this.push({ before, after, path: null, ...details, at: now });
  }

  undo(): HistoryStep | undefined {
    if (!this.canUndo) return undefined;
    this.done -= 1;
    return this.steps[this.done];
  }

  redo(): HistoryStep | undefined {
    if (!this.canRedo) return undefined;
    this.done += 1;
    return this.steps[this.done - 1];
  }

  /** Rewrites every kept portfolio (a file's reference changed once its upload finished). */
  rewrite(change: (portfolio: Portfolio) => Portfolio): void {
    for (const step of this.steps) {
      step.before = change(step.before);
      step.after = change(step.after);
    }
  }

  clear(): void {
    this.steps = [];
    this.done = 0;
  }

  private push(step: HistoryStep): void {
    this.steps.length = this.done;
    this.steps.push(step);
    if (this.steps.length > HISTORY_LIMIT) this.steps.shift();
    this.done = this.steps.length;
  }
}
