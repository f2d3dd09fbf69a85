// Self-hosted web fonts for a page's look (looks.ts names them): one real typeface per look, from
// @fontsource, WOFF2 only, the two weights the templates need (400, and 700 for everything bolder:
// a 600 or 800 rule resolves to the 700 face by the CSS font-matching rules), Latin and Latin
// Extended split by unicode-range so a page downloads the second only when its text needs it, and
// `font-display: swap` so text shows at once in the fallback while the face loads.
//
// Each face is imported as a file: the apps' webpack gives its URL (the editor's preview loads it
// from the app's own assets), the publish function's renderer bundle a data: URL, whose bytes the
// function stores in the page's files (`<slug>/files/<fileName>`) and refers to by `pageFontCss`'s
// `urlFor`. No page ever loads a font from another host.
import interLatin400 from '@fontsource/inter/files/inter-latin-400-normal.woff2';
import interLatin700 from '@fontsource/inter/files/inter-latin-700-normal.woff2';
import interLatinExt400 from '@fontsource/inter/files/inter-latin-ext-400-normal.woff2';
import interLatinExt700 from '@fontsource/inter/files/inter-latin-ext-700-normal.woff2';
import monoLatin400 from '@fontsource/jetbrains-mono/files/jetbrains-mono-latin-400-normal.woff2';
import monoLatin700 from '@fontsource/jetbrains-mono/files/jetbrains-mono-latin-700-normal.woff2';
import monoLatinExt400 from '@fontsource/jetbrains-mono/files/jetbrains-mono-latin-ext-400-normal.woff2';
import monoLatinExt700 from '@fontsource/jetbrains-mono/files/jetbrains-mono-latin-ext-700-normal.woff2';
import nunitoLatin400 from '@fontsource/nunito/files/nunito-latin-400-normal.woff2';
import nunitoLatin700 from '@fontsource/nunito/files/nunito-latin-700-normal.woff2';
import nunitoLatinExt400 from '@fontsource/nunito/files/nunito-latin-ext-400-normal.woff2';
import nunitoLatinExt700 from '@fontsource/nunito/files/nunito-latin-ext-700-normal.woff2';
import serifLatin400 from '@fontsource/source-serif-4/files/source-serif-4-latin-400-normal.woff2';
import serifLatin700 from '@fontsource/source-serif-4/files/source-serif-4-latin-700-normal.woff2';
import serifLatinExt400 from '@fontsource/source-serif-4/files/source-serif-4-latin-ext-400-normal.woff2';
import serifLatinExt700 from '@fontsource/source-serif-4/files/source-serif-4-latin-ext-700-normal.woff2';
import { FONTS, type FontName } from '../looks';

export type FontWeight = 400 | 700;
export type FontSubset = 'latin' | 'latin-ext';

/** The characters each subset covers (Google Fonts' ranges, as @fontsource declares them). */
export const SUBSET_RANGES: Readonly<Record<FontSubset, string>> = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  'latin-ext':
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
};

export interface PageFontFace {
  weight: FontWeight;
  subset: FontSubset;
  /** Its name among a published page's files, e.g. `inter-latin-400-normal.woff2`. */
  fileName: string;
  /** Where the bundle put it: a URL in the apps, a data: URL in the publish function's renderer. */
  source: string;
}

export interface PageFont {
  /** The family name the CSS declares. */
  family: string;
  /** The look's own stack (looks.ts), behind the web font while it loads or for uncovered characters. */
  fallback: string;
  faces: readonly PageFontFace[];
}

function faces(prefix: string, sources: [string, string, string, string]): PageFontFace[] {
  const [latin400, latin700, latinExt400, latinExt700] = sources;
  const face = (subset: FontSubset, weight: FontWeight, source: string): PageFontFace => ({
    weight,
    subset,
    fileName: `${prefix}-${subset}-${weight}-normal.woff2`,
    source,
  });
  return [
    face('latin', 400, latin400),
    face('latin', 700, latin700),
    face('latin-ext', 400, latinExt400),
    face('latin-ext', 700, latinExt700),
  ];
}

/** The web font of each look's font name. */
export const PAGE_FONTS: Readonly<Record<FontName, PageFont>> = {
  system: {
    family: FONTS.system.family,
    fallback: FONTS.system.stack,
    faces: faces('inter', [interLatin400, interLatin700, interLatinExt400, interLatinExt700]),
  },
  serif: {
    family: FONTS.serif.family,
    fallback: FONTS.serif.stack,
    faces: faces('source-serif-4', [serifLatin400, serifLatin700, serifLatinExt400, serifLatinExt700]),
  },
  rounded: {
    family: FONTS.rounded.family,
    fallback: FONTS.rounded.stack,
    faces: faces('nunito', [nunitoLatin400, nunitoLatin700, nunitoLatinExt400, nunitoLatinExt700]),
  },
  mono: {
    family: FONTS.mono.family,
    fallback: FONTS.mono.stack,
    faces: faces('jetbrains-mono', [monoLatin400, monoLatin700, monoLatinExt400, monoLatinExt700]),
  },
};

/** `font-family` for a look's font: the web font, then the look's own stack. */
export function pageFontFamily(font: FontName): string {
  return `"${PAGE_FONTS[font].family}", ${PAGE_FONTS[font].fallback}`;
}

/**
 * The `@font-face` rules of a look's font. `urlFor` says where each face is served: on a published
 * page `/p/<slug>/files/<fileName>` (the zip: `files/<fileName>`); by default where the bundle put it.
 */
export function pageFontCss(font: FontName, urlFor: (face: PageFontFace) => string = (face) => face.source): string {
  const { family, faces: all } = PAGE_FONTS[font];
  return all
    .map(
      (face) =>
        `@font-face{font-family:"${family}";font-style:normal;font-weight:${face.weight};font-display:swap;` +
        `src:url(${JSON.stringify(urlFor(face))}) format("woff2");unicode-range:${SUBSET_RANGES[face.subset]}}`,
    )
    .join('');
}

/** The face every page of this font needs first (Latin, regular): the one worth a `<link rel="preload">`. */
export function firstFace(font: FontName): PageFontFace {
  return PAGE_FONTS[font].faces.find((face) => face.subset === 'latin' && face.weight === 400)!;
}

/** The files a published page of this font carries. */
export function pageFontFiles(font: FontName): readonly PageFontFace[] {
  return PAGE_FONTS[font].faces;
}
