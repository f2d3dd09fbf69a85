// What the editor asks the résumé worker and what it answers (both sides are this remote's code;
// the worker is bundled on its own by tooling/resumeEngine.mjs).
import type { PageLook, Portfolio } from '@folioforge/templates';

/** The worker's first message: where each font file is, as this remote's webpack emitted them. */
export interface ResumeWorkerSetup {
  faceUrls: [file: string, url: string][];
}

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
