// The blog's pages in the look of the site's template: its paper, ink, accent and type, taken from
// each template's own stylesheet (templates/src/<folder>/*.module.scss), and the owner's look (Pro and
// Premium: --ff-look-accent, --ff-look-font, pageStyleCss) laid over them as on the home page.

interface BlogTheme {
  paper: string;
  ink: string;
  muted: string;
  /** Text-safe on the paper (WCAG AA), as the template's own accent. */
  accent: string;
  font: string;
  headingFont: string;
}

const SYSTEM = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

const THEMES: Readonly<Record<string, BlogTheme>> = {
  // Template 1, personal.
  '1': { paper: '#fffaf3', ink: '#1f2430', muted: '#5c6370', accent: '#b35900', font: SYSTEM, headingFont: SYSTEM },
  // Template 2, the bakery shop.
  '2': {
    paper: '#fff7ed',
    ink: '#292524',
    muted: '#57534e',
    accent: '#c2410c',
    font: SYSTEM,
    headingFont: "Georgia, 'Times New Roman', serif",
  },
  // Template 3, professional.
  '3': {
    paper: '#f8f9fc',
    ink: '#1b1b2f',
    muted: '#555a6e',
    accent: '#5f3dc4',
    font: `'Inter', ${SYSTEM}`,
    headingFont: `'Inter', ${SYSTEM}`,
  },
  // Template 4, shop portfolio.
  '4': { paper: '#f8f9fa', ink: '#12332b', muted: '#3f5a52', accent: '#087f5b', font: SYSTEM, headingFont: SYSTEM },
  // The free generator's page.
  generator: { paper: '#ffffff', ink: '#1b1b1b', muted: '#555555', accent: '#0b5d50', font: SYSTEM, headingFont: SYSTEM },
};

/** The blog's stylesheet for a template (the page's reset and the look come before it). */
export function blogCss(templateId: string): string {
  const theme = THEMES[templateId] ?? THEMES.generator!;
  return (
    `:root{--blog-paper:${theme.paper};--blog-ink:${theme.ink};--blog-muted:${theme.muted};` +
    `--blog-accent:var(--ff-look-accent,${theme.accent});--blog-font:var(--ff-look-font,${theme.font});` +
    `--blog-heading:var(--ff-look-font,${theme.headingFont})}` +
    'body{margin:0;background:var(--blog-paper);color:var(--blog-ink);font:1.0625rem/1.65 var(--blog-font)}' +
    'a{color:var(--blog-accent)}a:focus-visible{outline:3px solid var(--blog-accent);outline-offset:2px}' +
    '.blog-skip{position:absolute;left:-999px}.blog-skip:focus{left:12px;top:12px;background:#fff;padding:8px;z-index:2}' +
    '.blog-header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 24px;' +
    'padding:16px clamp(16px,4vw,48px);border-bottom:1px solid color-mix(in srgb,var(--blog-ink) 12%,transparent)}' +
    '.blog-site{font:700 1.25rem/1.2 var(--blog-heading);color:var(--blog-ink);text-decoration:none}' +
    '.blog-nav ul{display:flex;flex-wrap:wrap;gap:4px 20px;margin:0;padding:0;list-style:none}' +
    '.blog-nav a{display:inline-block;padding:10px 0;text-decoration:none;font-weight:600}' +
    '.blog-nav a[aria-current]{text-decoration:underline;text-underline-offset:6px}' +
    'main{max-width:44rem;margin:0 auto;padding:32px clamp(16px,4vw,32px) 64px}' +
    'h1,h2,h3,h4{font-family:var(--blog-heading);line-height:1.25}h1{font-size:clamp(1.9rem,5vw,2.6rem);margin:0 0 12px}' +
    '.blog-list{list-style:none;margin:0;padding:0}.blog-list>li{padding:20px 0;border-bottom:1px solid color-mix(in srgb,var(--blog-ink) 12%,transparent)}' +
    '.blog-list h2{font-size:1.4rem;margin:0 0 6px}.blog-list h2 a{color:var(--blog-ink);text-decoration:none}' +
    '.blog-list h2 a:hover{text-decoration:underline}.blog-list p{margin:6px 0 0}' +
    '.blog-meta{color:var(--blog-muted);font-size:.9375rem;margin:0}' +
    '.blog-tags{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:12px 0 0;padding:0}' +
    '.blog-tags a{display:inline-block;padding:4px 12px;border-radius:999px;border:1px solid currentColor;font-size:.875rem;text-decoration:none}' +
    '.blog-pager{display:flex;justify-content:space-between;gap:16px;margin-top:32px}.blog-pager a{padding:10px 0;font-weight:600}' +
    '.blog-cover{display:block;width:100%;height:auto;border-radius:8px;margin:20px 0}' +
    '.blog-body{overflow-wrap:anywhere}.blog-body blockquote{margin:1.5em 0;padding:0 0 0 1em;border-left:4px solid var(--blog-accent);color:var(--blog-muted)}' +
    '.blog-body pre{overflow:auto;padding:16px;border-radius:6px;background:#1e1e24;color:#f4f4f6;font-size:.9rem;line-height:1.5}' +
    ".blog-body code{font-family:ui-monospace,'JetBrains Mono',Menlo,Consolas,monospace}" +
    '.blog-body :not(pre)>code{padding:.1em .3em;border-radius:4px;background:color-mix(in srgb,var(--blog-ink) 8%,transparent)}' +
    '.blog-footer{max-width:44rem;margin:0 auto;padding:24px clamp(16px,4vw,32px) 48px;color:var(--blog-muted);font-size:.9375rem}'
  );
}
