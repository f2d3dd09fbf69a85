import type { Portfolio } from '@folioforge/templates';
import type { FileFieldKind } from '../portfolios/fileRules';
import type { PreparedImage } from '../images/preparedUploads';
import type { PortfolioTemplateId } from '../templates/templateCatalog';

/** What the editor shows: the portfolio and the template it is shown with. */
export interface Shown {
  templateId: PortfolioTemplateId;
  portfolio: Portfolio;
}

/** Typing is saved at most this often on this device: one localStorage write per burst of keys. */
export const DRAFT_SAVE_DELAY_MS = 300;

/** Where the editor's work goes: this device (a visitor's draft), or this device and the account. */
export interface DraftTarget {
  /** Saves what `read` gives, read when the save happens; cheap enough to call on every key. */
  scheduleSave: (read: () => Shown) => void;
  /** Signed in: stores a file in the account (progress 0 … 1) and gives its `storage:` reference. */
  uploadFile?: (kind: FileFieldKind, file: File, onProgress: (fraction: number) => void) => Promise<string>;
  /** Signed in: stores a prepared photo and its copies (progress 0 … 1, `fileName` for messages) and gives the main file's reference. */
  uploadImage?: (prepared: PreparedImage, fileName: string, onProgress: (fraction: number) => void) => Promise<string>;
  /** Signed in: short-lived addresses to show stored files by, per reference. */
  signStoredFiles?: (refs: readonly string[]) => Promise<Record<string, string>>;
}
