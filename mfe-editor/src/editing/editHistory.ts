// Undo and redo across a form's fields. Typing in one field is one step until the visitor pauses or
// moves to another field (as a text editor groups typing); replacing every value (a reset) is one step.
import type { TemplateValues } from '@folioforge/templates';

/** Keys typed in one field closer together than this are one step. */
export const GROUP_TYPING_MS = 1000;
/** Oldest steps are forgotten beyond this. */
export const HISTORY_LIMIT = 200;

export interface HistoryStep {
  /** The values the step changed, before and after (only those keys). */
  before: TemplateValues;
  after: TemplateValues;
  /** The field typed in, or null for a change of every value at once. */
  fieldKey: string | null;
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

  /** One field changed from `before` to `after`. */
  recordField(fieldKey: string, before: string, after: string, now = Date.now()): void {
    const last = this.steps[this.done - 1];
    if (last && !this.canRedo && last.fieldKey === fieldKey && now - last.at < GROUP_TYPING_MS) {
      last.after = { [fieldKey]: after };
      last.at = now;
      return;
    }
    this.push({ before: { [fieldKey]: before }, after: { [fieldKey]: after }, fieldKey, at: now });
  }

  /** Several values changed at once (a reset): one step. */
  recordAll(before: TemplateValues, after: TemplateValues, now = Date.now()): void {
    this.push({ before, after, fieldKey: null, at: now });
  }

  /** The step to take back, or undefined when there is none. */
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
