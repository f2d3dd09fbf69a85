// A portfolio as a static page, rendered on the server from saved data with the same components as
// the live preview (react-dom/server): what publishing stores for /p/<slug> and what the export
// zips. Values are validated again here and rich text is sanitised again as it renders (RichText
// does it, with the DOM-free sanitiser: a server has no DOM), so the page never carries HTML a
// browser sent. The page reads the same with JavaScript off; a page that sells several products
// names one deferred script of its own, the cart (forms/cart/). Its look is the preview's
// (pageStyle: the reset, the look's web font and accent), and every file it shows besides the
// row's uploads (the look's font faces, sample pictures) is listed in `bundledFiles` for the
// publisher to store beside it.
import { renderToStaticMarkup } from 'react-dom/server';
import { imageSrcset, richTextToSafeHtml, SanitizingHostContext, storedImageFromPath } from '@folioforge/shared';
import { domFreeSanitizer } from '@folioforge/shared/dom-free-sanitizer';
import type { PageLook } from '../looks';
import { AssetUrlsProvider } from '../common/assets';
import { MadeResumeProvider } from '../common/resumeLink';
import { PageImagesContext, type PageImageInfo } from '../common/PageImage';
import { PageMessagesProvider, type PageMessageTarget } from '../forms/PageMessageForm';
import { PageSignUpProvider, type SignUpTarget } from '../forms/SignUpForm';
import { PageOrdersProvider, type PageOrderTarget } from '../forms/OrderForm';
import {
  fileSlotsOf,
  HOME_PAGE_ID,
  pageMeta,
  pagePath,
  portfolioForPage,
  resolvePageLinks,
  SAMPLE_NAMES,
  SECTION_KINDS,
  siteNavigation,
  visibleSections,
  type Portfolio,
  type SampleName,
} from '../model';
import { SiteNavigationContext } from '../common/SiteNavigation';
import { SAMPLE_URLS } from '../assets';
import { firstFace, pageFontFiles, pageStyleCss } from '../pageStyle';
import type { TemplateContent } from '../types';
import { checkedPortfolio, InvalidPortfolioError } from './checkedPortfolio';
import { stylesFor, type StyleRule } from './pageStyles';
import { withStockLeft, type StockHeld } from './stockLeft';
import { escapeHtml } from '@folioforge/shared/escape-html';
import { cartScriptFile } from '../forms/cart/cartFile';

export interface StaticPageOptions {
  /** The address the page is published at: its canonical URL and Open Graph URL (none for an export). */
  url?: string;
  /** Only a published page may be indexed; a preview or an export says noindex. */
  indexable: boolean;
  /** The small "Made with FolioForge" badge, unless the owner's plan removes branding. */
  badge: boolean;
  /** Where the badge leads, e.g. https://folioforge.example/home. */
  siteUrl: string;
  /** The templates' stylesheet, split into rules: the page inlines the ones that can match it. */
  styles: readonly StyleRule[];
  /** The share image (Open Graph, Twitter card): an absolute URL. */
  imageUrl?: string;
  /**
   * Where the page finds the row's stored files (`storage:<bucket>/<path>` references): the published
   * copies' addresses, or paths inside an export. A stored file not listed here is left out.
   */
  files?: Readonly<Record<string, string>>;
  /**
   * The sign-up form for the page's visitors (customer accounts): where it posts (the subscribe
   * function) and which page it names. Only for a published page whose owner's plan includes it; the
   * template draws it inside its page (SignUpBox).
   */
  subscribe?: SignUpTarget;
  /** The owner's customized look (Pro and Premium), laid over the template's styles. */
  look?: PageLook;
  /**
   * Where the page's own files are served, e.g. `/p/<slug>/files/` (an export: `files/`). With it,
   * the look's font faces and the sample pictures become files of the page (`bundledFiles`); without
   * it (a page only read for its title) they stay inline.
   */
  filesBase?: string;
  /** Where the page's forms send visitors' messages (a published page), or 'off' (an export). */
  messages?: PageMessageTarget;
  /**
   * Where the page's order form posts (a published page whose owner sells: the publish function
   * decides), 'ask' (products say "Ask about this"), or 'off' (an export); none: a preview.
   */
  orders?: PageOrderTarget;
  /** What orders hold of each product's stock (the publish function reads it): a product with none left says "Sold out". */
  stockHeld?: StockHeld;
  /** The monogram icons, by address (`<link rel="icon">`, `apple-touch-icon`). */
  icons?: { svg: string; png: string };
  /** The site's Atom feed (its blog), linked from the page for feed readers. */
  feedUrl?: string;
  /**
   * Which page of the site this is (HOME_PAGE_ID when missing), and how its links are written: with
   * `index.html` for an export opened from file://; "Blog" in the navigation when the site has live posts.
   */
  sitePage?: { id: string; indexFile?: boolean; blog?: boolean };
  /** The résumé made from the portfolio, by address: the page's résumé links offer it when no PDF was uploaded. */
  resumeUrl?: string;
}

/** A file the page refers to that is no upload of the owner's: the publisher stores it at `filesBase + name`. */
export interface BundledFile {
  name: string;
  /** Its bytes, as the renderer's bundle holds them (a data: URL). */
  source: string;
}

/** A narrower copy of a stored photo that the page's `srcset` names: the publisher stores it at `filesBase + name`. */
export interface StoredVariant {
  ref: string;
  bucket: string;
  path: string;
  name: string;
}

export interface StaticPage {
  html: string;
  title: string;
  description: string;
  /** The page's language (`<html lang>`). */
  language: string;
  bundledFiles: BundledFile[];
  storedVariants: StoredVariant[];
}

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

/**
 * The page's title: its own, else the owner's name, else its first product's, else the template's
 * name; a page besides home says its name first ("Projects · Ada Lovelace").
 */
function titleOf(template: TemplateContent, portfolio: Portfolio, pageTitle?: string): string {
  const own = portfolio.page?.title ? pageMeta(portfolio).title : '';
  if (own) return own;
  if (pageTitle) return `${pageTitle} · ${titleOf(template, portfolio)}`.slice(0, 70);
  const product = visibleSections(portfolio).find((section) => section.kind === 'products')?.items[0];
  const name = plainText(portfolio.profile.name) || plainText(product && 'name' in product ? product.name : '');
  return (name || template.name).slice(0, 70);
}

/** Its own description, else the first text that says something: the search result's and the share card's line. */
function descriptionOf(template: TemplateContent, portfolio: Portfolio): string {
  const own = portfolio.page?.description ? pageMeta(portfolio).description : '';
  if (own) return own;
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

const BADGE_CSS =
  '.ff-badge{position:fixed;right:12px;bottom:12px;z-index:2147483647;padding:6px 10px;border-radius:999px;' +
  'background:#111;color:#fff;font:600 12px/1.2 system-ui,sans-serif;text-decoration:none}' +
  '.ff-badge:focus-visible{outline:3px solid #0f6b5c;outline-offset:2px}';

/**
 * The page for a template id and saved data. Throws InvalidPortfolioError for an unknown template or
 * data the shared schema refuses (a tampered row): nothing half-checked is published.
 */
export function renderStaticPage(templateId: unknown, savedData: unknown, options: StaticPageOptions): StaticPage {
  const { template, portfolio: checked } = checkedPortfolio(templateId, savedData);
  const site = withStockLeft(checked, options.stockHeld);
  const { Page } = template;
  const pageId = options.sitePage?.id ?? HOME_PAGE_ID;
  const from = pagePath(site, pageId);
  if (from === undefined) throw new InvalidPortfolioError([`there is no page ${pageId}`]);
  const links = { from, indexFile: options.sitePage?.indexFile, blog: options.sitePage?.blog };
  const navigation = { links: siteNavigation(site, { ...links, current: pageId }) };
  const portfolio = portfolioForPage(site, pageId);
  const pageTitle = site.pages?.find((page) => page.id === pageId)?.title;
  const base = options.filesBase;
  const look = options.look ?? {};
  const samples = base !== undefined ? sampleFiles(portfolio) : [];
  const fonts = base !== undefined && look.font ? pageFontFiles(look.font) : [];
  const urls: Record<string, string> = { ...options.files };
  for (const sample of samples) urls[sample.ref] = `${base}${sample.name}`;
  const { images, storedVariants } = storedImages(portfolio, urls, base ?? '');
  const markup = renderToStaticMarkup(
    <SanitizingHostContext.Provider value={domFreeSanitizer}>
      <AssetUrlsProvider urls={urls}>
        <PageImagesContext.Provider value={images}>
          <PageMessagesProvider target={options.messages}>
            <PageOrdersProvider target={options.orders ?? 'off'}>
              <PageSignUpProvider target={options.subscribe}>
                <SiteNavigationContext.Provider value={navigation}>
                  <MadeResumeProvider url={options.resumeUrl}>
                    <Page portfolio={portfolio} />
                  </MadeResumeProvider>
                </SiteNavigationContext.Provider>
              </PageSignUpProvider>
            </PageOrdersProvider>
          </PageMessagesProvider>
        </PageImagesContext.Provider>
      </AssetUrlsProvider>
    </SanitizingHostContext.Provider>,
  );
  // Links between pages name a page's id; the published page carries its address (never `page:`).
  const body = resolvePageLinks(markup, site, links);
  const title = titleOf(template, portfolio, pageTitle);
  const description = descriptionOf(template, portfolio);
  const { language } = pageMeta(portfolio);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const link = (attributes: Record<string, string>) =>
    `<link ${Object.entries(attributes)
      .map(([key, value]) => (value === '' ? key : `${key}="${escapeHtml(value)}"`))
      .join(' ')}>`;
  const fontUrl = (face: { fileName: string; source: string }) => (base !== undefined ? `${base}${face.fileName}` : face.source);
  const pageCss = pageStyleCss(look, { fontUrl });
  // The cart (issue 48) only on a published page whose one order form takes several products: one
  // file of the page's own, deferred; the page works the same before and without it.
  const cart =
    typeof options.orders === 'object' && base !== undefined && body.includes('data-order-form=') && !body.includes('data-order-single=')
      ? cartScriptFile()
      : undefined;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    options.url ? `<link rel="canonical" href="${escapeHtml(options.url)}">` : '',
    options.indexable ? '' : meta('name', 'robots', 'noindex'),
    options.icons ? link({ rel: 'icon', type: 'image/svg+xml', href: options.icons.svg }) : '',
    options.icons ? link({ rel: 'apple-touch-icon', href: options.icons.png }) : '',
    options.feedUrl ? link({ rel: 'alternate', type: 'application/atom+xml', title, href: options.feedUrl }) : '',
    look.font && base !== undefined
      ? link({ rel: 'preload', as: 'font', type: 'font/woff2', href: fontUrl(firstFace(look.font)), crossorigin: '' })
      : '',
    firstPicturePreload(body),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    options.url ? meta('property', 'og:url', options.url) : '',
    options.imageUrl ? meta('property', 'og:image', options.imageUrl) : '',
    options.imageUrl ? meta('property', 'og:image:width', '1200') + meta('property', 'og:image:height', '630') : '',
    meta('name', 'twitter:card', options.imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    options.imageUrl ? meta('name', 'twitter:image', options.imageUrl) : '',
    cart ? `<script src="${escapeHtml(`${base}${cart.name}`)}" defer></script>` : '',
    `<style>${pageCss}${stylesFor(options.styles, body)}${options.badge ? BADGE_CSS : ''}`.replace(/<\/style/gi, '<\\/style') + '</style>',
  ].filter(Boolean);
  const badge = options.badge ? `<a class="ff-badge" href="${escapeHtml(options.siteUrl)}">Made with FolioForge</a>` : '';
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><head>${head.join('')}</head><body>${body}${badge}</body></html>`;
  const bundledFiles = [
    ...samples.map(({ name, source }) => ({ name, source })),
    ...fonts.map((face) => ({ name: face.fileName, source: face.source })),
    ...(cart ? [cart] : []),
  ];
  return { html, title, description, language, bundledFiles, storedVariants };
}

const EXTENSIONS: Readonly<Record<string, string>> = { 'image/svg+xml': 'svg', 'application/pdf': 'pdf', 'image/png': 'png' };

/** The sample files the page shows, as files of the page (`sample-<name>.<ext>`). */
function sampleFiles(portfolio: Portfolio): { ref: string; name: string; source: string }[] {
  const names = new Set(
    fileSlotsOf(portfolio)
      .map(({ value }) => value.trim())
      .filter((value) => value.startsWith('sample:') && (SAMPLE_NAMES as readonly string[]).includes(value.slice('sample:'.length)))
      .map((value) => value.slice('sample:'.length) as SampleName),
  );
  return [...names].map((name) => {
    const source = SAMPLE_URLS[name];
    const mime = /^data:([^;,]+)/.exec(source)?.[1] ?? '';
    const extension = EXTENSIONS[mime] ?? (name === 'resume' ? 'pdf' : 'svg');
    return { ref: `sample:${name}`, name: `sample-${name.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)}.${extension}`, source };
  });
}

/**
 * What the page knows of its stored photos named by the imageVariants contract: their size, and the
 * `srcset` of the copies beside them (served from the same folder as the photo, so each copy's file
 * name is its path under `filesBase`).
 */
function storedImages(
  portfolio: Portfolio,
  urls: Readonly<Record<string, string>>,
  filesBase: string,
): { images: Record<string, PageImageInfo>; storedVariants: StoredVariant[] } {
  const images: Record<string, PageImageInfo> = {};
  const storedVariants: StoredVariant[] = [];
  for (const { value, kind } of fileSlotsOf(portfolio)) {
    const url = urls[value];
    if (kind !== 'image' || !url || images[value] || !value.startsWith('storage:portfolio-images/')) continue;
    const path = value.slice('storage:portfolio-images/'.length);
    const image = storedImageFromPath(path);
    if (!image) continue;
    const folder = url.slice(0, url.lastIndexOf('/') + 1);
    const nameOf = (filePath: string) => filePath.slice(filePath.lastIndexOf('/') + 1);
    images[value] = {
      width: image.width,
      height: image.height,
      ...(image.variants.length ? { srcset: imageSrcset(image, (filePath) => `${folder}${nameOf(filePath)}`) } : {}),
    };
    const folderUnderBase = filesBase && folder.startsWith(filesBase) ? folder.slice(filesBase.length) : '';
    for (const variant of image.variants)
      storedVariants.push({
        ref: value,
        bucket: 'portfolio-images',
        path: variant.path,
        name: `${folderUnderBase}${nameOf(variant.path)}`,
      });
  }
  return { images, storedVariants };
}

/** A preload of the page's first top-of-page picture, so the largest paint does not wait for the CSS. */
function firstPicturePreload(body: string): string {
  const tag = /<img\b[^>]*\bdata-priority="true"[^>]*>/.exec(body)?.[0];
  if (!tag) return '';
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const src = attribute('src');
  if (!src || src.startsWith('data:')) return '';
  const srcset = attribute('srcSet') ?? attribute('srcset');
  const sizes = attribute('sizes');
  // The values are already escaped in the markup: they are copied as they stand.
  return `<link rel="preload" as="image" href="${src}"${srcset ? ` imagesrcset="${srcset}"` : ''}${sizes ? ` imagesizes="${sizes}"` : ''} fetchpriority="high">`;
}
