// What a page's look is made of besides the template's own styles: the reset and the web fonts.
export { pageResetCss } from './pageReset';
export { pageStyleCss, type PageStyleOptions } from './pageStyleCss';
export {
  firstFace,
  PAGE_FONTS,
  pageFontCss,
  pageFontFamily,
  pageFontFiles,
  SUBSET_RANGES,
  type FontSubset,
  type FontWeight,
  type PageFont,
  type PageFontFace,
} from './pageFonts';
