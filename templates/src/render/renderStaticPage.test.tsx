import { gzipSync } from 'node:zlib';
import { describe, expect, test } from '@jest/globals';
import { TEMPLATES } from '../registry';
import { withDistinctFiles } from '../testing/valuesShown';
import { InvalidPortfolioError, renderStaticPage, type StaticPageOptions } from './renderStaticPage';

const OPTIONS: StaticPageOptions = {
  url: 'https://folioforge.example/p/ada',
  indexable: true,
  badge: false,
  siteUrl: 'https://folioforge.example/home',
  css: 'body{margin:0}',
  imageUrl: 'https://cdn.example.com/share/ada.png',
};

// Saved rows hold files as stored (https) addresses, never the bundled samples' paths.

/** The rendered page as a document, to ask it what a browser would see. */
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe.each(TEMPLATES.map((definition) => [definition.id, definition] as const))('template %i', (id, definition) => {
  test('the page holds every sample text, its own title, description, canonical URL and share card', () => {
    const page = renderStaticPage(id, withDistinctFiles(definition), OPTIONS);
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
    for (const field of definition.fields) {
      if (field.kind !== 'text') continue;
      const value = definition.sampleValues[field.key];
      if (value) expect(doc.body.textContent).toContain(value);
    }
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    // The budget for HTML and CSS before images is 30 KB gzipped; the markup alone stays well under it.
    expect(gzipSync(page.html).length).toBeLessThan(15 * 1024);
  });
});

test('a page that is not published says noindex; the badge shows only when asked, and leads home', () => {
  const [first] = TEMPLATES;
  const preview = parse(renderStaticPage(first!.id, withDistinctFiles(first!), { ...OPTIONS, indexable: false, badge: true }).html);
  expect(preview.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  const badge = preview.querySelector('a.ff-badge');
  expect(badge?.textContent).toBe('Made with FolioForge');
  expect(badge?.getAttribute('href')).toBe(OPTIONS.siteUrl);
  expect(parse(renderStaticPage(first!.id, withDistinctFiles(first!), OPTIONS).html).querySelector('a.ff-badge')).toBeNull();
});

test('script in saved rich text stays inert: no script, no handler, no javascript: link', () => {
  const [first] = TEMPLATES;
  const longField = first!.fields.find((field) => field.kind === 'longText')!;
  const payloads = [
    '<p>Hi<script>alert(1)</script></p>',
    '<p><img src=x onerror="alert(2)">there</p>',
    '<p><a href="javascript:alert(3)">click</a> <svg onload="alert(4)"></svg></p>',
    '<p><a href="data:text/html,<script>alert(5)</script>">data</a></p>',
  ].join('');
  const { html } = renderStaticPage(first!.id, { ...withDistinctFiles(first!), [longField.key]: payloads }, OPTIONS);
  const doc = parse(html);
  expect(doc.querySelectorAll('script, iframe, object, [onload], [onerror]')).toHaveLength(0);
  expect(doc.querySelectorAll('[data-rich-text] svg, [data-rich-text] img')).toHaveLength(0);
  for (const link of Array.from(doc.querySelectorAll('a[href]'))) expect(link.getAttribute('href')).not.toMatch(/^(javascript|data):/i);
  expect(doc.body.textContent).toContain('click');
});

test('values the shared schema refuses, or an unknown template, are not rendered', () => {
  const [first] = TEMPLATES;
  const urlField = first!.fields.find((field) => field.kind === 'url')!;
  expect(() => renderStaticPage(first!.id, { ...withDistinctFiles(first!), [urlField.key]: 'javascript:alert(1)' }, OPTIONS)).toThrow(
    InvalidPortfolioError,
  );
  expect(() => renderStaticPage(99, {}, OPTIONS)).toThrow('no template 99');
  expect(() => renderStaticPage(first!.id, 'not an object', OPTIONS)).toThrow(InvalidPortfolioError);
});

test('text in the title and share card is shown as text, never markup', () => {
  const [first] = TEMPLATES;
  const nameKey = first!.detailsKeys!.name!;
  const { html, title } = renderStaticPage(first!.id, { ...withDistinctFiles(first!), [nameKey]: 'Ada "<b>" Lovelace' }, OPTIONS);
  expect(title).toBe('Ada "<b>" Lovelace');
  const doc = parse(html);
  expect(doc.title).toBe('Ada "<b>" Lovelace');
  expect(doc.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Ada "<b>" Lovelace');
  expect(doc.head.querySelectorAll('b')).toHaveLength(0);
});

test('stored files show from the addresses the server gives; one it did not list is left out', () => {
  const [first] = TEMPLATES;
  const image = first!.fields.find((field) => field.kind === 'image')!;
  const resume = first!.fields.find((field) => field.kind === 'pdf')!;
  const saved = {
    ...withDistinctFiles(first!),
    [image.key]: 'storage:portfolio-images/u1/p1/image-a.png',
    [resume.key]: 'storage:resumes/u2/p9/stolen.pdf',
  };
  const doc = parse(
    renderStaticPage(first!.id, saved, { ...OPTIONS, files: { 'storage:portfolio-images/u1/p1/image-a.png': '/p/ada/files/image-a.png' } })
      .html,
  );
  expect(Array.from(doc.querySelectorAll('img')).map((img) => img.getAttribute('src'))).toContain('/p/ada/files/image-a.png');
  expect(doc.body.innerHTML).not.toContain('storage:');
  expect(doc.body.innerHTML).not.toContain('stolen');
});

test('an export has no canonical address unless it was published', () => {
  const [first] = TEMPLATES;
  const doc = parse(renderStaticPage(first!.id, withDistinctFiles(first!), { ...OPTIONS, url: undefined, indexable: false }).html);
  expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
  expect(doc.querySelector('meta[property="og:url"]')).toBeNull();
});

test('a page that takes sign-ups carries a labelled form that posts without script, and its notes', () => {
  const [first] = TEMPLATES;
  const subscribe = { action: 'https://project.example/functions/v1/subscribe', portfolioId: 'p-1', slug: 'ada"><script>' };
  const doc = parse(renderStaticPage(first!.id, withDistinctFiles(first!), { ...OPTIONS, subscribe }).html);
  const form = doc.querySelector('aside.ff-subscribe form')!;
  expect(form.getAttribute('action')).toBe(subscribe.action);
  expect(form.getAttribute('method')).toBe('post');
  expect((form.querySelector('input[name="slug"]') as HTMLInputElement).value).toBe(subscribe.slug);
  expect(doc.querySelectorAll('script')).toHaveLength(0);
  expect(form.querySelector('input[name="email"]')?.closest('label')?.textContent).toBe('Email');
  // Sign-ups are confirmed by mail first: the page says so, and thanks once the link is opened.
  expect(doc.getElementById('subscribe-check-mail')?.textContent).toMatch(/we sent you an email/);
  expect(doc.getElementById('subscribe-confirmed')?.textContent).toMatch(/Thank you/);
  expect(parse(renderStaticPage(first!.id, withDistinctFiles(first!), OPTIONS).html).querySelector('.ff-subscribe')).toBeNull();
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
