import { gzipSync } from 'node:zlib';
import { describe, expect, test } from '@jest/globals';
import { XSS_PAYLOADS } from '@folioforge/shared/testing/xss-payloads';
import { TEMPLATES } from '../registry';
import { withWebFiles, everyKindPortfolio } from '../testing/portfolioShown';
import { LEGACY_ROWS } from '../testing/legacyRows';
import type { Portfolio } from '../model';
import { renderStaticPage, type StaticPageOptions } from './renderStaticPage';
import { InvalidPortfolioError, storedFileRefs } from './checkedPortfolio';

const OPTIONS: StaticPageOptions = {
  url: 'https://folioforge.example/p/ada',
  indexable: true,
  badge: false,
  siteUrl: 'https://folioforge.example/home',
  styles: [{ within: [], selectors: null, body: 'body{margin:0}' }],
  imageUrl: 'https://cdn.example.com/share/ada.png',
};

/** The rendered page as a document, to ask it what a browser would see. */
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const first = TEMPLATES[0]!;
const ada = (): Portfolio => withWebFiles(first.sample);

describe.each(TEMPLATES.map((definition) => [definition.id, definition] as const))('template %i', (id, definition) => {
  test('the page holds the sample, its own title, description, canonical URL and share card', () => {
    const page = renderStaticPage(id, withWebFiles(definition.sample), OPTIONS);
    const doc = parse(page.html);
    expect(doc.title).toBe(page.title);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(page.description);
    expect(page.description.length).toBeGreaterThan(0);
    expect(page.description.length).toBeLessThanOrEqual(160);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(OPTIONS.url);
    expect(doc.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(OPTIONS.url);
    expect(doc.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(OPTIONS.imageUrl);
    expect(doc.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary_large_image');
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
    for (const section of definition.sample.sections)
      for (const item of section.items) if ('name' in item && item.name) expect(doc.body.textContent).toContain(item.name);
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    // The budget for HTML and CSS before images is 30 KB gzipped; the markup alone stays well under it.
    expect(gzipSync(page.html).length).toBeLessThan(15 * 1024);
  });

  test('a plan that removes branding leaves "Made with FolioForge" off the whole page; without one, the badge alone says it', () => {
    const branded = parse(renderStaticPage(id, withWebFiles(definition.sample), { ...OPTIONS, badge: true }).html);
    expect(branded.body.textContent?.match(/Made with FolioForge/g)).toHaveLength(1);
    expect(branded.querySelector('a.ff-badge')?.textContent).toBe('Made with FolioForge');
    const paid = parse(renderStaticPage(id, withWebFiles(definition.sample), { ...OPTIONS, badge: false }).html);
    expect(paid.body.textContent).not.toMatch(/FolioForge/);
  });

  test('a product with only a price makes a card with its price; a second contact section adds no second message form', () => {
    const portfolio = withWebFiles(definition.sample);
    const priceOnly = {
      id: 'price-only',
      name: '',
      price: '',
      description: '',
      image: '',
      url: '',
      sale: { price: 9900, stock: null, options: [] },
    };
    const named = { id: 'named', name: 'Tea bowl', price: '₹450', description: '', image: '', url: '' };
    const contact = (id: string) =>
      ({ id, kind: 'contact', title: `Contact ${id}`, hidden: false, body: 'Write to us.', items: [] }) as Portfolio['sections'][number];
    portfolio.sections = [
      ...portfolio.sections,
      { id: 'shop', kind: 'products', title: 'Shop', hidden: false, body: '', items: [priceOnly, named] },
      contact('first-contact'),
      contact('second-contact'),
    ];
    const doc = parse(
      renderStaticPage(id, portfolio, { ...OPTIONS, messages: { action: 'https://x.example/m', portfolioId: 'p', slug: 's' } }).html,
    );
    expect(doc.querySelector('[data-item-id="price-only"]')?.textContent).toContain('₹99.00');
    expect(doc.querySelector('[data-item-id="named"]')?.textContent).toContain('Tea bowl');
    // Every heading says something.
    for (const heading of doc.querySelectorAll('h1, h2, h3')) expect(heading.textContent?.trim()).not.toBe('');
    expect(doc.querySelectorAll('form[action="https://x.example/m"]')).toHaveLength(1);
  });

  test("the sign-up box is part of the template's page, above its footer", () => {
    const subscribe = { action: 'https://project.example/functions/v1/subscribe', portfolioId: 'p-1', slug: 'ada' };
    const doc = parse(renderStaticPage(id, withWebFiles(definition.sample), { ...OPTIONS, subscribe }).html);
    const signUp = doc.querySelector('.ff-subscribe')!;
    expect(signUp.closest('main')).not.toBeNull();
    const footer = doc.querySelector('footer');
    if (footer) expect(signUp.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('a section of every kind is on the page, in order', () => {
    const portfolio = everyKindPortfolio();
    const doc = parse(renderStaticPage(id, portfolio, OPTIONS).html);
    expect(Array.from(doc.querySelectorAll('[data-section-id]')).map((element) => element.getAttribute('data-section-id'))).toEqual(
      portfolio.sections.map((section) => section.id),
    );
  });
});

test.each(LEGACY_ROWS.filter((row) => !row.data.project1url?.startsWith('javascript')).map((row) => [row.name, row] as const))(
  'a row saved before the model still renders: %s',
  (_name, row) => {
    const page = renderStaticPage(row.templateId, row.data, OPTIONS);
    for (const value of [row.data.name, row.data.temp2name, row.data.temp4heading].filter(Boolean))
      expect(parse(page.html).body.textContent).toContain(value);
  },
);

test('a page that is not published says noindex; the badge shows only when asked, and leads home', () => {
  const preview = parse(renderStaticPage(first.id, ada(), { ...OPTIONS, indexable: false, badge: true }).html);
  expect(preview.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  const badge = preview.querySelector('a.ff-badge');
  expect(badge?.textContent).toBe('Made with FolioForge');
  expect(badge?.getAttribute('href')).toBe(OPTIONS.siteUrl);
  expect(parse(renderStaticPage(first.id, ada(), OPTIONS).html).querySelector('a.ff-badge')).toBeNull();
});

// Every template draws its rich text through the one shared sanitiser (its payload set: sanitizeRichText.test.ts);
// a template drawing a field its own way would show here. (The browser's side, pasting: saves.test.ts.)
test.each(TEMPLATES.map((definition) => [definition.id] as const))(
  'template %i: the XSS payload set in every rich text field stays inert',
  (id) => {
    const payload = `<p>Intro <strong>kept</strong></p>${XSS_PAYLOADS.join('')}`;
    const portfolio = withWebFiles(TEMPLATES.find((definition) => definition.id === id)!.sample);
    portfolio.profile.about = payload;
    portfolio.profile.headline = payload;
    for (const section of portfolio.sections) {
      section.body = payload;
      for (const item of section.items as unknown as Record<string, unknown>[])
        for (const key of ['description', 'summary']) if (typeof item[key] === 'string') item[key] = payload;
    }
    const doc = parse(renderStaticPage(id, portfolio, OPTIONS).html);
    expect(doc.querySelectorAll('[data-rich-text] strong').length).toBeGreaterThan(1);
    expect(doc.querySelectorAll('script, iframe, object, embed, [onload], [onerror], [style]')).toHaveLength(0);
    expect(doc.querySelectorAll('[data-rich-text] svg, [data-rich-text] img, [data-rich-text] math, [data-rich-text] form')).toHaveLength(
      0,
    );
    for (const link of Array.from(doc.querySelectorAll('[data-rich-text] a[href]')))
      expect(link.getAttribute('href')).toMatch(/^(https?:|mailto:|tel:)/i);
  },
);

test("the free generator's rich text stays inert with the XSS payload set", () => {
  const payload = `<p>Intro <strong>kept</strong></p>${XSS_PAYLOADS.join('')}`;
  const doc = parse(renderStaticPage('generator', { name: 'Grace Hopper', about: payload, experience: payload }, OPTIONS).html);
  expect(doc.querySelectorAll('[data-rich-text] strong').length).toBeGreaterThan(0);
  expect(
    doc.querySelectorAll('script, iframe, object, embed, [onload], [onerror], [style], [data-rich-text] img, [data-rich-text] svg'),
  ).toHaveLength(0);
});

test('script in saved rich text stays inert: no script, no handler, no javascript: link', () => {
  const payloads = [
    '<p>Hi<script>alert(1)</script></p>',
    '<p><img src=x onerror="alert(2)">there</p>',
    '<p><a href="javascript:alert(3)">click</a> <svg onload="alert(4)"></svg></p>',
    '<p><a href="data:text/html,<script>alert(5)</script>">data</a></p>',
  ].join('');
  const portfolio = ada();
  portfolio.profile.about = payloads;
  portfolio.sections[0]!.body = payloads;
  const doc = parse(renderStaticPage(first.id, portfolio, OPTIONS).html);
  expect(doc.querySelectorAll('script, iframe, object, [onload], [onerror]')).toHaveLength(0);
  expect(doc.querySelectorAll('[data-rich-text] svg, [data-rich-text] img')).toHaveLength(0);
  for (const link of Array.from(doc.querySelectorAll('a[href]'))) expect(link.getAttribute('href')).not.toMatch(/^(javascript|data):/i);
  expect(doc.body.textContent).toContain('click');
});

test('data the shared schema refuses, or an unknown template, is not rendered, and says why', () => {
  const portfolio = ada();
  portfolio.socials[0]!.url = 'javascript:alert(1)';
  expect(() => renderStaticPage(first.id, portfolio, OPTIONS)).toThrow(InvalidPortfolioError);
  expect(() => renderStaticPage(first.id, portfolio, OPTIONS)).toThrow(
    'Social link 1: enter a link starting with https://, mailto: or tel:',
  );
  expect(() => renderStaticPage(99, {}, OPTIONS)).toThrow('there is no template 99');
  expect(() => renderStaticPage(first.id, 'not an object', OPTIONS)).toThrow(InvalidPortfolioError);
  expect(() => renderStaticPage(first.id, { ...ada(), sections: [{ id: 'x', kind: 'spaceship' }] }, OPTIONS)).toThrow(
    /no kind of section called "spaceship"/,
  );
});

test('text in the title and share card is shown as text, never markup', () => {
  const portfolio = ada();
  portfolio.profile.name = 'Ada "<b>" Lovelace';
  const { html, title } = renderStaticPage(first.id, portfolio, OPTIONS);
  expect(title).toBe('Ada "<b>" Lovelace');
  const doc = parse(html);
  expect(doc.title).toBe('Ada "<b>" Lovelace');
  expect(doc.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Ada "<b>" Lovelace');
  expect(doc.head.querySelectorAll('b')).toHaveLength(0);
});

test('stored files show from the addresses the server gives; one it did not list is left out', () => {
  const portfolio = ada();
  portfolio.profile.photo = 'storage:portfolio-images/u1/p1/image-a.png';
  portfolio.profile.resume = 'storage:resumes/u2/p9/stolen.pdf';
  (portfolio.sections[0]!.items[1] as { image: string }).image = 'storage:portfolio-images/u1/p1/project-b.png';
  expect(storedFileRefs(first.id, portfolio)).toEqual([
    'storage:portfolio-images/u1/p1/image-a.png',
    'storage:resumes/u2/p9/stolen.pdf',
    'storage:portfolio-images/u1/p1/project-b.png',
  ]);
  const doc = parse(
    renderStaticPage(first.id, portfolio, {
      ...OPTIONS,
      files: {
        'storage:portfolio-images/u1/p1/image-a.png': '/p/ada/files/image-a.png',
        'storage:portfolio-images/u1/p1/project-b.png': '/p/ada/files/project-b.png',
      },
    }).html,
  );
  expect(Array.from(doc.querySelectorAll('img')).map((img) => img.getAttribute('src'))).toEqual([
    '/p/ada/files/image-a.png',
    '/p/ada/files/project-b.png',
  ]);
  expect(doc.body.innerHTML).not.toContain('storage:');
  expect(doc.body.innerHTML).not.toContain('stolen');
});

test('an export has no canonical address unless it was published', () => {
  const doc = parse(renderStaticPage(first.id, ada(), { ...OPTIONS, url: undefined, indexable: false }).html);
  expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
  expect(doc.querySelector('meta[property="og:url"]')).toBeNull();
});

test('a page that takes sign-ups carries a labelled form that posts without script, and its notes', () => {
  const subscribe = { action: 'https://project.example/functions/v1/subscribe', portfolioId: 'p-1', slug: 'ada"><script>' };
  const doc = parse(renderStaticPage(first.id, ada(), { ...OPTIONS, subscribe }).html);
  const form = doc.querySelector('aside.ff-subscribe form')!;
  expect(form.getAttribute('action')).toBe(subscribe.action);
  expect(form.getAttribute('method')).toBe('post');
  expect((form.querySelector('input[name="slug"]') as HTMLInputElement).value).toBe(subscribe.slug);
  expect(doc.querySelectorAll('script')).toHaveLength(0);
  expect(form.querySelector('input[name="email"]')?.closest('label')?.textContent).toBe('Email');
  // Sign-ups are confirmed by mail first: the page says so, and thanks once the link is opened.
  expect(doc.getElementById('subscribe-check-mail')?.textContent).toMatch(/we sent you an email/);
  expect(doc.getElementById('subscribe-confirmed')?.textContent).toMatch(/Thank you/);
  expect(parse(renderStaticPage(first.id, ada(), OPTIONS).html).querySelector('.ff-subscribe')).toBeNull();
});

test("the free generator's portfolio renders too, with its resume as a link", () => {
  const saved = {
    name: 'Grace Hopper',
    skills: 'COBOL, Compilers',
    experience: '<p>Rear admiral, <strong>US Navy</strong></p>',
    resume: 'storage:resumes/u1/p1/resume-g.pdf',
  };
  const page = renderStaticPage('generator', saved, {
    ...OPTIONS,
    files: { 'storage:resumes/u1/p1/resume-g.pdf': '/p/grace/files/resume-g.pdf' },
  });
  const doc = parse(page.html);
  expect(page.title).toBe('Grace Hopper');
  expect(Array.from(doc.querySelectorAll('li')).map((item) => item.textContent)).toEqual(expect.arrayContaining(['COBOL', 'Compilers']));
  expect(doc.querySelector('[data-rich-text] strong')?.textContent).toBe('US Navy');
  expect(doc.querySelector('a[href="/p/grace/files/resume-g.pdf"]')?.textContent).toBe('Open your resume (PDF)');
  expect(doc.querySelectorAll('script')).toHaveLength(0);
});

describe('the published look, files and pictures', () => {
  const template = (id: number) => TEMPLATES.find((definition) => definition.id === id)!;

  test('the page starts from the reset (no 8 px frame) and says its language; the title and description may be its own', () => {
    const sample = template(1).sample;
    const own = { ...sample, page: { title: 'Aarav builds bridges', description: 'Civil engineer in Pune.', language: 'hi' } };
    const page = renderStaticPage(1, own, OPTIONS);
    const doc = parse(page.html);
    expect(doc.documentElement.getAttribute('lang')).toBe('hi');
    expect(page.language).toBe('hi');
    expect(doc.title).toBe('Aarav builds bridges');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Civil engineer in Pune.');
    expect(doc.querySelector('style')?.textContent).toContain(':where(body){margin:0');
    // Without settings: the name, and English.
    const plain = parse(renderStaticPage(1, sample, OPTIONS).html);
    expect(plain.documentElement.getAttribute('lang')).toBe('en');
    expect(plain.title).toBe(sample.profile.name);
  });

  test("the look's web font is a file of the page (two weights, swap) and its accent a property the template reads", () => {
    const page = renderStaticPage(3, template(3).sample, {
      ...OPTIONS,
      filesBase: '/p/ada/files/',
      look: { accent: 'plum', font: 'serif' },
    });
    const css = parse(page.html).querySelector('style')?.textContent ?? '';
    expect(css).toContain(':root{--ff-look-accent:#7a3b8f;--ff-look-font:"Source Serif 4"');
    expect(css).toContain('src:url("/p/ada/files/source-serif-4-latin-400-normal.woff2") format("woff2")');
    expect(css).toContain('font-display:swap');
    const fonts = page.bundledFiles.filter((file) => file.name.endsWith('.woff2')).map((file) => file.name);
    expect(fonts.sort()).toEqual([
      'source-serif-4-latin-400-normal.woff2',
      'source-serif-4-latin-700-normal.woff2',
      'source-serif-4-latin-ext-400-normal.woff2',
      'source-serif-4-latin-ext-700-normal.woff2',
    ]);
    expect(parse(page.html).querySelector('link[rel="preload"][as="font"]')?.getAttribute('href')).toBe(
      '/p/ada/files/source-serif-4-latin-400-normal.woff2',
    );
    // No look: no web font at all.
    expect(
      renderStaticPage(3, template(3).sample, { ...OPTIONS, filesBase: '/p/ada/files/' }).bundledFiles.map((file) => file.name),
    ).toEqual(['sample-portrait-meera.svg']);
  });

  test('sample pictures are files of the page: template 3 shows its portrait, template 4 its product from them', () => {
    for (const [id, name] of [
      [3, 'sample-portrait-meera.svg'],
      [4, 'sample-product-mug.svg'],
    ] as const) {
      const page = renderStaticPage(id, template(id).sample, { ...OPTIONS, filesBase: 'files/' });
      expect(page.bundledFiles.map((file) => file.name)).toContain(name);
      const picture = parse(page.html).querySelector(`img[src="files/${name}"]`);
      expect(picture).not.toBeNull();
      // At the top of the page: not lazy.
      expect(picture?.hasAttribute('loading')).toBe(false);
    }
  });

  test('a stored photo named by the variants contract gets width, height, srcset and a preload; the variants are listed to copy', () => {
    const ref = 'storage:portfolio-images/u1/p1/photo-k3j9a2.2560x1707.webp';
    const sample = template(1).sample;
    const portfolio = { ...sample, profile: { ...sample.profile, photo: ref } };
    const page = renderStaticPage(1, portfolio, {
      ...OPTIONS,
      filesBase: '/p/ada/files/',
      files: { [ref]: '/p/ada/files/photo-k3j9a2.2560x1707.webp' },
    });
    const doc = parse(page.html);
    const photo = doc.querySelector('img[src="/p/ada/files/photo-k3j9a2.2560x1707.webp"]')!;
    expect(photo.getAttribute('width')).toBe('2560');
    expect(photo.getAttribute('height')).toBe('1707');
    expect(photo.getAttribute('srcset')).toBe(
      '/p/ada/files/photo-k3j9a2.640x427.webp 640w, /p/ada/files/photo-k3j9a2.1280x854.webp 1280w, /p/ada/files/photo-k3j9a2.1920x1280.webp 1920w, /p/ada/files/photo-k3j9a2.2560x1707.webp 2560w',
    );
    expect(photo.getAttribute('sizes')).toBeTruthy();
    const preload = doc.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe('/p/ada/files/photo-k3j9a2.2560x1707.webp');
    expect(preload?.getAttribute('imagesrcset')).toBe(photo.getAttribute('srcset'));
    expect(page.storedVariants.map((variant) => variant.path)).toEqual([
      'u1/p1/photo-k3j9a2.640x427.webp',
      'u1/p1/photo-k3j9a2.1280x854.webp',
      'u1/p1/photo-k3j9a2.1920x1280.webp',
    ]);
    // Pictures further down load lazily.
    expect(
      Array.from(doc.querySelectorAll('img'))
        .slice(1)
        .every((img) => img.getAttribute('loading') === 'lazy'),
    ).toBe(true);
  });

  test("template 2's question form posts to the page-message function on a published page; an export leaves it out", () => {
    const messages = { action: 'https://project.example/functions/v1/page-message', portfolioId: 'p-1', slug: 'bakery' };
    const live = parse(renderStaticPage(2, template(2).sample, { ...OPTIONS, messages }).html);
    const form = live.querySelector('form[action="https://project.example/functions/v1/page-message"]');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.querySelector('input[name="slug"]')?.getAttribute('value')).toBe('bakery');
    expect(live.getElementById('message-sent')).not.toBeNull();
    const exported = parse(renderStaticPage(2, template(2).sample, { ...OPTIONS, messages: 'off' }).html);
    expect(exported.querySelector('form')).toBeNull();
  });

  test('the monogram icons are linked when given', () => {
    const doc = parse(
      renderStaticPage(1, template(1).sample, { ...OPTIONS, icons: { svg: 'files/favicon.svg', png: 'files/icon.png' } }).html,
    );
    expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('files/favicon.svg');
    expect(doc.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe('files/icon.png');
  });
});
