// The page's reset and its self-hosted fonts, as CSS the renderer and the preview include.
import { firstFace, PAGE_FONTS, pageFontCss, pageFontFamily, pageFontFiles, pageResetCss } from '.';
import { FONTS, type FontName } from '../looks';

const FONT_NAMES = Object.keys(FONTS) as FontName[];

test('every look font has a real web font: regular and bold, Latin and Latin Extended, WOFF2 only', () => {
  expect(Object.keys(PAGE_FONTS).sort()).toEqual([...FONT_NAMES].sort());
  expect(new Set(FONT_NAMES.map((font) => PAGE_FONTS[font].family)).size).toBe(FONT_NAMES.length);
  for (const font of FONT_NAMES) {
    const files = pageFontFiles(font);
    expect(files.map((face) => `${face.subset}/${face.weight}`).sort()).toEqual([
      'latin-ext/400',
      'latin-ext/700',
      'latin/400',
      'latin/700',
    ]);
    for (const face of files) expect(face.fileName).toMatch(/^[a-z0-9-]+-(latin|latin-ext)-(400|700)-normal\.woff2$/);
    expect(new Set(files.map((face) => face.fileName)).size).toBe(4);
    expect(firstFace(font)).toMatchObject({ subset: 'latin', weight: 400 });
  }
});

test('the @font-face rules swap, split by unicode-range, and load from where the page says', () => {
  const css = pageFontCss('serif', (face) => `/p/ada/files/${face.fileName}`);
  const rules = css.match(/@font-face\{[^}]*\}/g) ?? [];
  expect(rules).toHaveLength(4);
  for (const rule of rules) {
    expect(rule).toContain('font-family:"Source Serif 4"');
    expect(rule).toContain('font-display:swap');
    expect(rule).toMatch(/src:url\("\/p\/ada\/files\/source-serif-4-latin(-ext)?-(400|700)-normal\.woff2"\) format\("woff2"\)/);
    expect(rule).toMatch(/unicode-range:U\+/);
  }
  // The Latin face covers ASCII; Latin Extended starts past it, so an English page loads one file per weight.
  expect(rules.find((rule) => rule.includes('latin-400'))).toContain('unicode-range:U+0000-00FF');
  expect(rules.find((rule) => rule.includes('latin-ext-400'))).toContain('unicode-range:U+0100-02BA');
  // By default each face loads from where the bundle put it (the editor's own assets).
  expect(pageFontCss('mono')).toContain('src:url("test-file-stub")');
  expect(pageFontFamily('rounded')).toBe(`"Nunito", ${FONTS.rounded.stack}`);
});

test("a page's reset removes the body's margin and weighs nothing against a template's rules", () => {
  const css = pageResetCss();
  expect(css).toContain(':where(body){margin:0;');
  expect(css).toContain(':where(*),:where(*::before),:where(*::after){box-sizing:border-box}');
  expect(css).toContain(':where(img),:where(picture),:where(video),:where(canvas),:where(svg){max-width:100%;height:auto}');
  expect(css).toMatch(/@media \(prefers-reduced-motion:reduce\)\{[^{]+\{animation-duration:\.01ms!important/);
  // Every selector is inside :where(), so any rule of a template outranks it.
  const selectors = css.replace(/@media[^{]+\{/g, '').match(/(^|\})[^{}]+\{/g) ?? [];
  for (const list of selectors) for (const selector of list.replace(/[{}]/g, '').split(',')) expect(selector).toMatch(/^:where\(.+\)$/);
});

test("the preview's reset stays inside its frame", () => {
  const css = pageResetCss('[data-page-preview]');
  expect(css).not.toContain('html');
  expect(css).not.toMatch(/(^|[},])(:where\(body\)|:where\(\*\))/);
  expect(css).toContain(':where([data-page-preview]){margin:0;');
  expect(css).toContain(':where([data-page-preview]) :where(img)');
});

test('the reset applies in a document: no frame around the page, pictures within their column', () => {
  const style = document.createElement('style');
  style.textContent = pageResetCss();
  document.head.append(style);
  document.body.innerHTML = '<img alt="">';
  expect(getComputedStyle(document.body).margin).toBe('0px');
  expect(getComputedStyle(document.querySelector('img')!).maxWidth).toBe('100%');
  style.remove();
});
