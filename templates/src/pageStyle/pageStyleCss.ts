// Everything a page's look adds to the template's own styles, written once for the editor's preview
// and the published page (and the export): the reset, the look's web font faces (only the chosen
// font's, WOFF2, `font-display: swap`) and the look's custom properties.
import { lookCss, type PageLook } from '../looks';
import { pageFontCss, type PageFontFace } from './pageFonts';
import { pageResetCss } from './pageReset';

export interface PageStyleOptions {
  /** The preview's element (e.g. `[data-page-preview]`); a page's own document without one. */
  scope?: string;
  /** Where each font face is served; by default where the bundle put it (the apps' asset URL). */
  fontUrl?: (face: PageFontFace) => string;
}

/** The reset, the look's font faces and its custom properties, as one stylesheet. */
export function pageStyleCss(look: PageLook, { scope, fontUrl }: PageStyleOptions = {}): string {
  const fontFaces = look.font ? pageFontCss(look.font, fontUrl) : '';
  return pageResetCss(scope) + lookCss(look, { scope: scope ?? ':root', fontFaces });
}
