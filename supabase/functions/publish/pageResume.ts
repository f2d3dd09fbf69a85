// The résumé a page offers when its owner uploaded none: made from the saved row at every publish
// (and for every export) with the same code as the editor's viewer (templates/src/resume), stored as
// a file of the page, linked by the templates' résumé links (the renderer's `resumeUrl`).
import { FILE_CACHE_SECONDS, pageFilesFolder, SITES_BUCKET } from '../_shared/sites.ts';
import { publicPagePath } from '../_shared/slugs.ts';
import {
  bundledResources,
  makeResumePdf,
  resumeFileName,
  resumeSettingsOf,
  type ResumeOptions,
} from '../_shared/resume/engine.generated.mjs';
import { checkedPortfolio, isUploadedResume, toPageLook } from './siteRenderer.generated.mjs';
import { putSiteFile, renderRefused, type Deps, type PageFeatures, type PageSource } from './pages.ts';

export interface MadeResume {
  /** Its file name among the page's files, e.g. `Ada-Lovelace-resume.pdf` (letters of any script kept). */
  name: string;
  pdf: Uint8Array;
}

/** A name the storage keys and every URL take as it is: anything but ASCII letters, digits, `-` and `.` goes. */
const storedName = (name: string) => {
  const ascii = name
    .replace(/[^A-Za-z0-9.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+/, '');
  return ascii === '' || ascii.startsWith('.') || ascii === 'resume.pdf' || !ascii.endsWith('.pdf') ? 'resume.pdf' : ascii;
};

/** The made résumé of a row, or undefined when its owner uploaded one (that one is the page's). */
export async function madeResumeOf(templateId: unknown, data: unknown, look: ResumeOptions['look']): Promise<MadeResume | undefined> {
  // The schema's check first (422 for a tampered row), as the page's render does.
  const { portfolio } = checkedPortfolio(templateId, data);
  if (isUploadedResume(portfolio.profile.resume)) return undefined;
  const settings = resumeSettingsOf(portfolio, Number(templateId));
  const pdf = await makeResumePdf(portfolio, { ...settings, look }, bundledResources);
  return { name: storedName(resumeFileName(portfolio)), pdf };
}

/** Makes and stores the page's résumé (none when one was uploaded); answers where it is. */
export async function storeMadeResume(
  deps: Deps,
  slug: string,
  source: PageSource,
  features: PageFeatures,
  bucket = SITES_BUCKET,
): Promise<{ path: string; url: string } | undefined> {
  // The look is the plan's, as the page's (pages.ts renderPage).
  const look = features.customizedLook ? toPageLook(source.look) : undefined;
  let made: MadeResume | undefined;
  try {
    made = await madeResumeOf(source.templateId, source.data, look);
  } catch (error) {
    renderRefused(error);
  }
  if (!made) return undefined;
  const path = `${pageFilesFolder(slug)}/${made.name}`;
  await putSiteFile(deps, path, made.pdf, 'application/pdf', FILE_CACHE_SECONDS, bucket);
  return { path, url: `${publicPagePath(slug)}/files/${made.name}` };
}
