// A portfolio as a static page, rendered on the server from saved data with the same components as
// the live preview (react-dom/server): what publishing stores for /p/<slug> and what the export
// zips. Values are validated again here and rich text is sanitised again as it renders (RichText
// does it, with the DOM-free sanitiser: a server has no DOM), so the page never carries HTML a
// browser sent. No script: the page reads the same with JavaScript off.
import { renderToStaticMarkup } from 'react-dom/server';
import { richTextToSafeHtml, SanitizingHostContext, SIGN_UP_NOTES } from '@folioforge/shared';
import { domFreeSanitizer } from '@folioforge/shared/dom-free-sanitizer';
import { lookCss, type PageLook } from '../looks';
import { AssetUrlsProvider } from '../common/assets';
import { SECTION_KINDS, visibleSections, type Portfolio } from '../model';
import type { TemplateContent } from '../types';
import { checkedPortfolio } from './checkedPortfolio';

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
   * Where the page finds the row's stored files (`storage:<bucket>/<path>` references): the published
   * copies' addresses, or paths inside an export. A stored file not listed here is left out.
   */
  files?: Readonly<Record<string, string>>;
  /**
   * The sign-up form for the page's visitors (customer accounts): where it posts (the subscribe
   * function) and which page it names. Only for a published page whose owner's plan includes it.
   */
  subscribe?: { action: string; portfolioId: string; slug: string };
  /** The owner's customized look (Pro and Premium), laid over the template's styles. */
  look?: PageLook;
}

export interface StaticPage {
  html: string;
  title: string;
  description: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

/** Text of a value that may be rich text: sanitised first, then without its tags. */
function plainText(value: string): string {
  const html = richTextToSafeHtml(value, domFreeSanitizer);
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

/** The page's title: the owner's name, else its first product's, else the template's name. */
function titleOf(template: TemplateContent, portfolio: Portfolio): string {
  const product = visibleSections(portfolio).find((section) => section.kind === 'products')?.items[0];
  const name = plainText(portfolio.profile.name) || plainText(product && 'name' in product ? product.name : '');
  return (name || template.name).slice(0, 70);
}

/** The first text that says something: the search result's and the share card's line. */
function descriptionOf(template: TemplateContent, portfolio: Portfolio): string {
  const candidates = [
    portfolio.profile.headline,
    portfolio.profile.about,
    ...visibleSections(portfolio).flatMap((section) => [
      section.body,
      ...section.items.flatMap((item) =>
        SECTION_KINDS[section.kind].fields
          .filter((field) => field.kind === 'longText')
          .map((field) => (item as unknown as Record<string, string>)[field.key] ?? ''),
      ),
    ]),
  ];
  for (const candidate of candidates) {
    const text = plainText(candidate);
    if (text) return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
  }
  return `${template.name}, made with FolioForge.`;
}

const SUBSCRIBE_CSS =
  '.ff-subscribe{max-width:40rem;margin:32px auto;padding:24px;border-top:1px solid #d5dedb;font:16px/1.5 system-ui,sans-serif;color:#1c2321}' +
  '.ff-subscribe h2{margin:0 0 8px;font-size:1.25rem}.ff-subscribe form{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}' +
  '.ff-subscribe label{display:flex;flex-direction:column;gap:4px;font-weight:600;flex:1 1 12rem}' +
  '.ff-subscribe input{font:inherit;padding:8px;border:1px solid #5a6663;border-radius:6px;font-weight:400}' +
  '.ff-subscribe button{font:inherit;font-weight:600;padding:9px 16px;border:0;border-radius:6px;background:#0a4c41;color:#fff;cursor:pointer}' +
  '.ff-subscribe :focus-visible{outline:3px solid #1a73e8;outline-offset:2px}' +
  '.ff-note{display:none;margin:0 0 12px;font-weight:600}.ff-note:target{display:block}';

/** What the page says when the subscribe function sends a visitor back to it (#<id>, shown by CSS :target). */
const SIGN_UP_NOTE_TEXT: Record<string, string> = {
  [SIGN_UP_NOTES.pending]: 'Almost done: we sent you an email. Open the link in it to confirm your address.',
  [SIGN_UP_NOTES.confirmed]: 'Thank you! Your address is confirmed: you are on the list.',
  [SIGN_UP_NOTES.failed]: 'That did not work. Check the email address and try again.',
  [SIGN_UP_NOTES.expired]: 'That link has expired or was used already. Sign up again below.',
  'subscribe-busy': 'Too many sign-ups just now. Please try again in a while.',
};

/** A small form that posts without script; the function sends the visitor back to one of the notes. */
function subscribeForm({ action, portfolioId, slug }: NonNullable<StaticPageOptions['subscribe']>): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return [
    '<aside class="ff-subscribe" aria-labelledby="ff-subscribe-title">',
    '<h2 id="ff-subscribe-title">Stay in touch</h2>',
    ...Object.entries(SIGN_UP_NOTE_TEXT).map(([id, text]) => `<p id="${id}" class="ff-note" tabindex="-1">${text}</p>`),
    `<form method="post" action="${escapeHtml(action)}">`,
    hidden('portfolio', portfolioId),
    hidden('slug', slug),
    '<label>Email<input type="email" name="email" required maxlength="254" autocomplete="email"></label>',
    '<label>Name (optional)<input type="text" name="name" maxlength="120" autocomplete="name"></label>',
    '<button type="submit">Sign up</button>',
    '</form></aside>',
  ].join('');
}

const BADGE_CSS =
  '.ff-badge{position:fixed;right:12px;bottom:12px;z-index:2147483647;padding:6px 10px;border-radius:999px;' +
  'background:#111;color:#fff;font:600 12px/1.2 system-ui,sans-serif;text-decoration:none}' +
  '.ff-badge:focus-visible{outline:3px solid #0f6b5c;outline-offset:2px}';

/**
 * The page for a template id and saved data. Throws InvalidPortfolioError for an unknown template or
 * data the shared schema refuses (a tampered row): nothing half-checked is published.
 */
export function renderStaticPage(templateId: unknown, savedData: unknown, options: StaticPageOptions): StaticPage {
  const { template, portfolio } = checkedPortfolio(templateId, savedData);
  const { Page } = template;
  const body = renderToStaticMarkup(
    <SanitizingHostContext.Provider value={domFreeSanitizer}>
      <AssetUrlsProvider urls={options.files ?? {}}>
        <Page portfolio={portfolio} />
      </AssetUrlsProvider>
    </SanitizingHostContext.Provider>,
  );
  const title = titleOf(template, portfolio);
  const description = descriptionOf(template, portfolio);
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
    `<style>${options.css.replace(/<\/style/gi, '<\\/style')}${options.badge ? BADGE_CSS : ''}${options.subscribe ? SUBSCRIBE_CSS : ''}${lookCss(options.look ?? {})}</style>`,
  ].filter(Boolean);
  const badge = options.badge ? `<a class="ff-badge" href="${escapeHtml(options.siteUrl)}">Made with FolioForge</a>` : '';
  const signUp = options.subscribe ? subscribeForm(options.subscribe) : '';
  const html = `<!doctype html><html lang="en"><head>${head.join('')}</head><body>${body}${signUp}${badge}</body></html>`;
  return { html, title, description };
}
