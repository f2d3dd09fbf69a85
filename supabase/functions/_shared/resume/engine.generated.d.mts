// Types of engine.generated.mjs, the bundle tooling/resumeEngine.mjs builds from templates/src/resume
// (only what a function uses of it). The portfolio is the model's (templates/src/model/portfolio.ts),
// checked by checkPortfolio before it gets here.

export interface ResumeFace {
  id: string;
  family: string;
  weight: number;
  file: string;
  ranges: readonly (readonly [number, number])[];
}

export interface ResumeResources {
  font(face: ResumeFace): Promise<Uint8Array>;
  image?(ref: string): Promise<Uint8Array | null>;
}

export type ResumeLayout = 'classic' | 'modern' | 'sidebar';

export interface ResumeSettings {
  layout: ResumeLayout;
  paper: 'a4' | 'letter';
  extraSections: string[];
}

export interface ResumeOptions extends ResumeSettings {
  look?: { accent?: 'teal' | 'indigo' | 'crimson' | 'plum' | 'forest' | 'slate'; font?: 'system' | 'serif' | 'rounded' | 'mono' };
}

/** An item: its id and a text per field of its kind (a product also its sale, which a résumé leaves out). */
export type ResumeItem = { id: string; [field: string]: unknown };

export interface ResumePortfolio {
  schemaVersion: number;
  profile: { [key in 'name' | 'email' | 'headline' | 'about' | 'address' | 'phone' | 'website' | 'photo' | 'resume']: string };
  socials: { id: string; network: string; url: string }[];
  sections: { id: string; kind: string; title: string; hidden: boolean; body: string; items: ResumeItem[] }[];
  page?: { title?: string; description?: string; language?: string };
  resume?: ResumeSettings;
}

export declare function makeResumePdf(portfolio: ResumePortfolio, options: ResumeOptions, resources: ResumeResources): Promise<Uint8Array>;
export declare function resumeFileName(portfolio: Pick<ResumePortfolio, 'profile'>): string;
export declare function resumeSettingsOf(portfolio: { resume?: ResumeSettings }, templateId?: number): ResumeSettings;
export declare const FACES: readonly ResumeFace[];
/** A 30-item portfolio, for tests and the bench. */
export declare const RESUME_FIXTURE: ResumePortfolio;
/** Every face's file, from the bundle itself. */
export declare const bundledResources: ResumeResources;
