// The résumé a page offers: the PDF its owner uploaded, else the one made from the portfolio when
// its host made one (the publish function stores it beside the page; the editor makes it as you type).
import { createContext, useContext, type ReactNode } from 'react';
import { useAssetUrl } from './assets';

/** The address of the résumé made from the portfolio, when the host made one. */
const MadeResumeContext = createContext<string | undefined>(undefined);

export function MadeResumeProvider({ url, children }: { url: string | undefined; children: ReactNode }) {
  return <MadeResumeContext.Provider value={url}>{children}</MadeResumeContext.Provider>;
}

/** True when the profile's résumé is the owner's own file (not empty, not a bundled sample). */
export const isUploadedResume = (resume: string): boolean => resume.trim() !== '' && !resume.trim().startsWith('sample:');

/** Where the page's résumé link points: the upload, else the made one, else (a preview) the sample. */
export function useResumeUrl(resume: string): string | undefined {
  const made = useContext(MadeResumeContext);
  const resolved = useAssetUrl(resume);
  if (isUploadedResume(resume)) return resolved;
  return made ?? resolved;
}

/** The made résumé's address (none outside a host that made one). */
export const useMadeResumeUrl = (): string | undefined => useContext(MadeResumeContext);
