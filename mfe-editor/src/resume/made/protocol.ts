// What the editor asks the résumé worker and what it answers (both sides are this remote's code).
import type { PageLook, Portfolio } from '@folioforge/templates';

export interface MakeResumeRequest {
  id: number;
  portfolio: Portfolio;
  /** The template the portfolio is shown in: its family's layout is the default. */
  templateId: string;
  /** The page's accent and font as the owner's plan gives them: the résumé carries them over. */
  look?: PageLook;
}

/** The PDF with the name to save it under. */
export interface MadeResumeFile {
  pdf: Uint8Array;
  fileName: string;
}

export type MakeResumeAnswer = ({ id: number; ok: true } & MadeResumeFile) | { id: number; ok: false; message: string };
