// A published page's customized look (Pro and Premium): an accent colour and a font, by name. The
// database accepts only these names (portfolios_look_shape); the renderer turns them into CSS that
// decorates without touching text contrast: accents colour rules, underlines and focus rings, and
// the fonts are ones a device already has (nothing is downloaded).

export const ACCENTS = {
  teal: { label: 'Teal', hex: '#0b6e5f' },
  indigo: { label: 'Indigo', hex: '#3b4bc8' },
  crimson: { label: 'Crimson', hex: '#b3261e' },
  plum: { label: 'Plum', hex: '#7a3b8f' },
  forest: { label: 'Forest', hex: '#2e6b30' },
  slate: { label: 'Slate', hex: '#36454f' },
} as const;
export type AccentName = keyof typeof ACCENTS;

export const FONTS = {
  system: { label: 'System sans-serif', stack: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  serif: { label: 'Serif', stack: 'Georgia, Cambria, "Times New Roman", serif' },
  rounded: { label: 'Rounded', stack: 'ui-rounded, "SF Pro Rounded", "Segoe UI", system-ui, sans-serif' },
  mono: { label: 'Monospace', stack: 'ui-monospace, "SF Mono", Menlo, Consolas, monospace' },
} as const;
export type FontName = keyof typeof FONTS;

export interface PageLook {
  accent?: AccentName;
  font?: FontName;
}

const isAccent = (value: unknown): value is AccentName => typeof value === 'string' && Object.hasOwn(ACCENTS, value);
const isFont = (value: unknown): value is FontName => typeof value === 'string' && Object.hasOwn(FONTS, value);

/** The look a stored value names; anything else is the template's own look. */
export function toPageLook(value: unknown): PageLook {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return { ...(isAccent(stored.accent) ? { accent: stored.accent } : {}), ...(isFont(stored.font) ? { font: stored.font } : {}) };
}

/** The look's accent as #rrggbb, or FolioForge's own teal without one (the brand kit's colour). */
export function accentHex(look: PageLook): string {
  return ACCENTS[look.accent ?? 'teal'].hex;
}

/** CSS laid over the template's for a look ('' for none). */
export function lookCss(look: PageLook): string {
  const rules: string[] = [];
  if (look.font) rules.push(`body,body :not(code):not(pre):not(kbd){font-family:${FONTS[look.font].stack}!important}`);
  if (look.accent) {
    const hex = ACCENTS[look.accent].hex;
    rules.push(
      `body{border-top:6px solid ${hex}}`,
      `h1,h2,h3{text-decoration:underline;text-decoration-color:${hex};text-decoration-thickness:3px;text-underline-offset:6px}`,
      `a{text-decoration-color:${hex}}`,
      `:focus-visible{outline-color:${hex}!important}`,
    );
  }
  return rules.join('');
}
