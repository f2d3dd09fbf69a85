// A published page's customized look (Pro and Premium): an accent colour and a font, by name. The
// database accepts only these names (portfolios_look_shape); the renderer turns them into CSS that
// each template places where its own accent sits on a light surface (so contrast holds), and a
// self-hosted web font (pageStyle/pageFonts.ts) before a stack the device already has.

export const ACCENTS = {
  teal: { label: 'Teal', hex: '#0b6e5f' },
  indigo: { label: 'Indigo', hex: '#3b4bc8' },
  crimson: { label: 'Crimson', hex: '#b3261e' },
  plum: { label: 'Plum', hex: '#7a3b8f' },
  forest: { label: 'Forest', hex: '#2e6b30' },
  slate: { label: 'Slate', hex: '#36454f' },
} as const;
export type AccentName = keyof typeof ACCENTS;

/** Each look's font: the web font (`family`, self-hosted: pageStyle/pageFonts.ts) and the device's stack behind it. */
export const FONTS = {
  system: { label: 'System sans-serif', family: 'Inter', stack: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  serif: { label: 'Serif', family: 'Source Serif 4', stack: 'Georgia, Cambria, "Times New Roman", serif' },
  rounded: { label: 'Rounded', family: 'Nunito', stack: 'ui-rounded, "SF Pro Rounded", "Segoe UI", system-ui, sans-serif' },
  mono: { label: 'Monospace', family: 'JetBrains Mono', stack: 'ui-monospace, "SF Mono", Menlo, Consolas, monospace' },
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

export interface LookCssOptions {
  /** Where the look applies: the page (`:root`, the default) or the editor preview's element. */
  scope?: string;
  /**
   * Where the look's web font faces are served (pageStyle's `pageFontCss`); without it the look names
   * its font family but declares no faces (the caller adds them).
   */
  fontFaces?: string;
}

/**
 * CSS for a look ('' for none): custom properties every template reads where it places its own accent
 * (`--ff-look-accent`, only where its own colour sits on a light surface, so every combination keeps
 * the template's contrast) and its font (`--ff-look-font`, the web font then the look's stack).
 */
export function lookCss(look: PageLook, { scope = ':root', fontFaces = '' }: LookCssOptions = {}): string {
  const properties: string[] = [];
  if (look.accent) properties.push(`--ff-look-accent:${ACCENTS[look.accent].hex}`);
  if (look.font) properties.push(`--ff-look-font:"${FONTS[look.font].family}", ${FONTS[look.font].stack}`);
  return properties.length ? `${fontFaces}${scope}{${properties.join(';')}}` : '';
}
