// The CSS reset every published page starts from (and the editor's preview, scoped to its frame):
// no 8 px white frame around the page, borders inside boxes, pictures that never overflow their
// column, form controls in the page's font, long words that wrap, anchors that land below a sticky
// header, and no motion for visitors who asked for less. Every selector is wrapped in :where(), so
// it weighs nothing: any rule of a template wins over it.

type Rule = readonly [selector: string, declarations: string];

const RULES: readonly Rule[] = [
  ['*,*::before,*::after', 'box-sizing:border-box'],
  ['html', '-webkit-text-size-adjust:100%;text-size-adjust:100%'],
  ['body', 'margin:0;min-height:100vh;line-height:1.5;-webkit-font-smoothing:antialiased'],
  ['img,picture,video,canvas,svg', 'max-width:100%;height:auto'],
  ['input,button,textarea,select', 'font:inherit;color:inherit'],
  ['p,h1,h2,h3,h4,h5,h6,li,dd,figcaption', 'overflow-wrap:break-word'],
  ['[id]', 'scroll-margin-top:4.5rem'],
];

const REDUCED_MOTION =
  'animation-duration:.01ms!important;animation-iteration-count:1!important;transition-duration:.01ms!important;scroll-behavior:auto!important';

/** Each selector of a list, under `scope` (the page's `html`/`body` become the scope itself). */
function scoped(selectors: string, scope: string | undefined): string {
  return selectors
    .split(',')
    .map((selector) => {
      if (!scope) return `:where(${selector})`;
      if (selector === 'html' || selector === 'body') return `:where(${scope})`;
      return `:where(${scope}) :where(${selector})`;
    })
    .join(',');
}

/**
 * The reset as CSS. Without a scope it is a page's own (html, body, everything); with one (e.g.
 * `[data-page-preview]`), it applies inside that element only, as the editor's preview needs.
 */
export function pageResetCss(scope?: string): string {
  const rules = RULES.filter(([selector]) => !(scope && selector === 'html')).map(
    ([selector, body]) => `${scoped(selector, scope)}{${body}}`,
  );
  const motion = `@media (prefers-reduced-motion:reduce){${scoped('*,*::before,*::after', scope)}{${REDUCED_MOTION}}}`;
  return rules.join('') + motion;
}
