// A portfolio as a static page, rendered on the server from saved data with the same components as
// the live preview (react-dom/server): what publishing stores for /p/<slug> and what the export
// zips. Values are validated again here and rich text is sanitised again as it renders (RichText
// does it, with the DOM the host provides: a browser's, or jsdom's on a server), so the page never
// carries HTML a browser sent. No script: the page reads the same with JavaScript off.
import { renderToStaticMarkup } from 'react-dom/server';
import { richTextToSafeHtml, SanitizingWindowContext } from '@folioforge/shared';
import { getTemplate } from '../registry';
import { templateValuesSchema } from '../schema';
import type { TemplateDefinition, TemplateValues } from '../types';

export interface StaticPageOptions {
  /** The address the page is published at: its canonical URL and Open Graph URL (none for an export). */
  url?: string;
  /** Only a published page may be indexed; a preview or an export says noindex. */
  indexable: boolean;
  /** The small "Made with FolioForge" badge, unless the owner's plan removes branding. */
  badge: boolean;
  /** Where the badge leads, e.g. https://folioforge.example/home. */
  siteUrl: string;
  /** The template's styles, inlined (a CDN then serves one file per page). */
  css: string;
  /** The share image (Open Graph, Twitter card): an absolute URL. */
  imageUrl?: string;
  /**
   * Where the page finds the row's stored files (`storage:<bucket>/<path>` values): the published
   * copies' addresses, or paths inside an export. A stored file not listed here is left out.
   */
  files?: Readonly<Record<string, string>>;
  /** The DOM to sanitise rich text with where there is no global one (a server's jsdom window). */
  window?: Window;
}

export interface StaticPage {
  html: string;
  title: string;
  description: string;
}

export class InvalidPortfolioError extends Error {
  constructor(readonly issues: readonly string[]) {
    super(`The portfolio cannot be rendered: ${issues.join('; ')}`);
    this.name = 'InvalidPortfolioError';
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

/** Text of a value that may be rich text: sanitised first, then without its tags. */
function plainText(value: string, window: Window | undefined): string {
  const html = richTextToSafeHtml(value, window);
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The page's title: the owner's name where the template has one, else the template's name. */
function titleOf(definition: TemplateDefinition, values: TemplateValues, window: Window | undefined): string {
  const nameKey = definition.detailsKeys?.name;
  const name = nameKey ? plainText(values[nameKey] ?? '', window) : '';
  return (name || definition.name).slice(0, 70);
}

/** The first long text that says something: the search result's and the share card's line. */
function descriptionOf(definition: TemplateDefinition, values: TemplateValues, window: Window | undefined): string {
  for (const field of definition.fields) {
    if (field.kind !== 'longText') continue;
    const text = plainText(values[field.key] ?? '', window);
    if (text) return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
  }
  return `${definition.name}, made with FolioForge.`;
}

const STORED_FILE = /^storage:[a-z-]+\//;

/**
 * The saved values, checked by the template's schema, with stored files swapped for the addresses
 * in `files`. Throws InvalidPortfolioError for an unknown template or values the schema refuses.
 */
export function checkedValues(
  templateId: unknown,
  savedValues: unknown,
  files: Readonly<Record<string, string>> = {},
): { definition: TemplateDefinition; values: TemplateValues } {
  const definition = getTemplate(templateId);
  if (!definition) throw new InvalidPortfolioError([`no template ${String(templateId)}`]);
  if (typeof savedValues !== 'object' || savedValues === null || Array.isArray(savedValues))
    throw new InvalidPortfolioError(['the saved values are not an object']);
  const saved = savedValues as Record<string, unknown>;
  const fileFields = definition.fields.filter((field) => field.kind === 'image' || field.kind === 'pdf');
  // Stored files are not URLs yet: the schema checks the rest, `files` (from the server) decides these.
  const stored = Object.fromEntries(
    fileFields.flatMap((field) => {
      const value = saved[field.key];
      return typeof value === 'string' && STORED_FILE.test(value) ? [[field.key, value]] : [];
    }),
  );
  const parsed = templateValuesSchema(definition).safeParse({
    ...saved,
    ...Object.fromEntries(Object.keys(stored).map((key) => [key, ''])),
  });
  if (!parsed.success) throw new InvalidPortfolioError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const values = { ...parsed.data };
  for (const [key, ref] of Object.entries(stored)) values[key] = files[ref] ?? '';
  return { definition, values };
}

const BADGE_CSS =
  '.ff-badge{position:fixed;right:12px;bottom:12px;z-index:2147483647;padding:6px 10px;border-radius:999px;' +
  'background:#111;color:#fff;font:600 12px/1.2 system-ui,sans-serif;text-decoration:none}' +
  '.ff-badge:focus-visible{outline:3px solid #0f6b5c;outline-offset:2px}';

/**
 * The page for a template id and saved values. Throws InvalidPortfolioError for an unknown template
 * or values the shared schema refuses (a tampered row): nothing half-checked is published.
 */
export function renderStaticPage(templateId: unknown, savedValues: unknown, options: StaticPageOptions): StaticPage {
  const { definition, values } = checkedValues(templateId, savedValues, options.files);
  const { Preview } = definition;
  const body = renderToStaticMarkup(
    <SanitizingWindowContext.Provider value={options.window}>
      <Preview values={values} />
    </SanitizingWindowContext.Provider>,
  );
  const title = titleOf(definition, values, options.window);
  const description = descriptionOf(definition, values, options.window);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    options.url ? `<link rel="canonical" href="${escapeHtml(options.url)}">` : '',
    options.indexable ? '' : meta('name', 'robots', 'noindex'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    options.url ? meta('property', 'og:url', options.url) : '',
    options.imageUrl ? meta('property', 'og:image', options.imageUrl) : '',
    meta('name', 'twitter:card', options.imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    options.imageUrl ? meta('name', 'twitter:image', options.imageUrl) : '',
    `<style>${options.css.replace(/<\/style/gi, '<\\/style')}${options.badge ? BADGE_CSS : ''}</style>`,
  ].filter(Boolean);
  const badge = options.badge ? `<a class="ff-badge" href="${escapeHtml(options.siteUrl)}">Made with FolioForge</a>` : '';
  const html = `<!doctype html><html lang="en"><head>${head.join('')}</head><body>${body}${badge}</body></html>`;
  return { html, title, description };
}
