// How the résumé PDF made from a portfolio looks (templates/src/resume): its layout, its paper and
// the sections it shows besides the four a résumé always has. Optional on the portfolio: a row saved
// before it reads as the defaults (the layout of the template's family, A4).
import { z } from 'zod';
import { builtOnFirstUse } from './builtOnFirstUse';
import { ID_PATTERN } from './ids';
import type { SectionKind } from './kinds';

/**
 * The layouts, one per family of templates: `classic` (personal: one column, a serif, centred
 * name), `modern` (professional: a band in the accent colour, sans-serif), `sidebar` (the shops: a
 * side column with contact and skills).
 */
export const RESUME_LAYOUTS = ['classic', 'modern', 'sidebar'] as const;
export type ResumeLayout = (typeof RESUME_LAYOUTS)[number];

export const RESUME_PAPERS = ['a4', 'letter'] as const;
export type ResumePaper = (typeof RESUME_PAPERS)[number];

export interface ResumeSettings {
  layout: ResumeLayout;
  paper: ResumePaper;
  /** Ids of sections the user ticked besides those of RESUME_SECTION_KINDS, of any kind. */
  extraSections: string[];
}

/** The kinds of section every résumé shows (when the page shows them). */
export const RESUME_SECTION_KINDS: readonly SectionKind[] = ['experience', 'education', 'skills', 'projects'];

export const RESUME_LIMITS = { extraSections: 20 } as const;

/** The layout of each template's family, by template id (templates/src/<family>/template.json). */
const LAYOUT_OF_TEMPLATE: Readonly<Record<number, ResumeLayout>> = { 1: 'classic', 2: 'sidebar', 3: 'modern', 4: 'sidebar' };

export const resumeSettingsSchema = builtOnFirstUse(() =>
  z.object({
    layout: z.enum(RESUME_LAYOUTS, { error: `must be one of the layouts: ${RESUME_LAYOUTS.join(', ')}` }),
    paper: z.enum(RESUME_PAPERS, { error: 'must be a4 or letter' }).default('a4'),
    extraSections: z
      .array(z.string({ error: 'must be a section id' }).regex(ID_PATTERN, { message: 'must be a section id' }))
      .max(RESUME_LIMITS.extraSections, { error: `at most ${RESUME_LIMITS.extraSections} sections` })
      .default([]),
  }),
);

/** The résumé settings a portfolio has, or the defaults of its template's family. */
export function resumeSettingsOf(portfolio: { resume?: ResumeSettings }, templateId?: number): ResumeSettings {
  const stored = portfolio.resume;
  return {
    layout: stored?.layout ?? LAYOUT_OF_TEMPLATE[templateId ?? 0] ?? 'classic',
    paper: stored?.paper ?? 'a4',
    extraSections: stored?.extraSections ?? [],
  };
}

/** Stored résumé settings as the editor opens them: every value of the right type kept, the rest dropped. */
export function coerceResumeSettings(value: unknown): ResumeSettings | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const stored = value as { layout?: unknown; paper?: unknown; extraSections?: unknown };
  const layout = RESUME_LAYOUTS.find((name) => name === stored.layout);
  if (!layout) return undefined;
  const paper = RESUME_PAPERS.find((name) => name === stored.paper) ?? 'a4';
  const extraSections = Array.isArray(stored.extraSections)
    ? stored.extraSections.filter((id): id is string => typeof id === 'string')
    : [];
  return { layout, paper, extraSections };
}
