// The blog's views as a visitor and a feed reader meet them: the index in date order and in pages,
// a tag's page, a post's page with its body sanitised again, and the Atom feed checked against RFC
// 4287's required elements after a real XML parse.
import { describe, expect, test } from '@jest/globals';
import type { Post } from '../model';
import { atomFeed, blogIndexPages, postPage, readingMinutes, tagPages, tagSlugsOf, type BlogSite } from './blogPages';

const site: BlogSite = {
  templateId: '2',
  name: 'Meera’s Bakery 🍰',
  author: 'मीरा',
  language: 'hi',
  homePath: '/p/meera',
  origin: 'https://folioforge.example',
};

let counter = 0;
const post = (fields: Partial<Post> = {}): Post => ({
  id: `6f1d3c9e-2b4a-4c8e-9f00-${String(++counter).padStart(12, '0')}`,
  slug: `post-${counter}`,
  title: `Post ${counter}`,
  excerpt: '',
  body: '<p>Flour, water, salt.</p>',
  cover: '',
  tags: [],
  status: 'published',
  publishAt: `2026-11-${String(counter).padStart(2, '0')}T09:00:00.000Z`,
  updatedAt: '2026-11-01T08:00:00.000Z',
  ...fields,
});

const parseHtml = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const titlesOn = (html: string) => [...parseHtml(html).querySelectorAll('.blog-list h2 a')].map((link) => link.textContent);

describe('the index', () => {
  test('lists the posts newest first, ten a page, with links between the pages', () => {
    const posts = Array.from({ length: 23 }, () => post()).reverse();
    const pages = blogIndexPages(site, posts);
    expect(pages.map((file) => file.path)).toEqual(['blog/index.html', 'blog/page/2/index.html', 'blog/page/3/index.html']);
    expect(titlesOn(pages[0]!.body)).toEqual(posts.slice(0, 10).map((one) => one.title));
    expect(titlesOn(pages[2]!.body)).toHaveLength(3);
    const second = parseHtml(pages[1]!.body);
    expect(second.querySelector('a[rel=prev]')?.getAttribute('href')).toBe('/p/meera/blog/');
    expect(second.querySelector('a[rel=next]')?.getAttribute('href')).toBe('/p/meera/blog/page/3/');
    expect(second.querySelector('html')?.getAttribute('lang')).toBe('hi');
    expect(second.querySelector('link[rel=alternate][type="application/atom+xml"]')?.getAttribute('href')).toBe('/p/meera/feed.xml');
    expect(second.querySelector('script')).toBeNull();
  });

  test('an empty blog says so', () => {
    expect(parseHtml(blogIndexPages(site, [])[0]!.body).querySelector('main')?.textContent).toContain('No posts yet.');
  });

  test('a title is text, never markup', () => {
    const [first] = blogIndexPages(site, [post({ title: '<img src=x onerror=alert(1)>' })]);
    const doc = parseHtml(first!.body);
    expect(doc.querySelector('main img')).toBeNull();
    expect(titlesOn(first!.body)).toEqual(['<img src=x onerror=alert(1)>']);
  });
});

test("a tag's page lists its posts only, whatever the tag's spelling", () => {
  const tagged = post({ title: 'Rye', tags: ['Sourdough & Rye'] });
  const posts = [tagged, post({ title: 'Cake', tags: ['Cake'] }), post({ title: 'Plain' })];
  expect([...tagSlugsOf(posts)].sort()).toEqual(['cake', 'sourdough-rye']);
  const [page] = tagPages(site, posts, 'sourdough-rye');
  expect(page!.path).toBe('blog/tag/sourdough-rye/index.html');
  expect(titlesOn(page!.body)).toEqual(['Rye']);
  expect(parseHtml(page!.body).querySelector('h1')?.textContent).toBe('Posts tagged “Sourdough & Rye”');
  expect(tagPages(site, posts, 'nothing')).toEqual([]);
});

describe("a post's page", () => {
  const body =
    '<h2>Why rye</h2><p>Because <a href="https://example.com/rye">rye</a>.</p><blockquote><p>Bake.</p></blockquote>' +
    '<pre><code>const loaf = 1;</code></pre><h3 onclick="alert(1)">Sub</h3><script>alert(1)</script>' +
    '<img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a>';

  test('keeps headings, quotes, code and links; drops script, handlers and unsafe links', () => {
    const file = postPage(site, post({ slug: 'why-rye', title: 'Why rye', body, tags: ['Rye'], publishAt: '2026-11-09T09:00:00.000Z' }), {
      imageUrl: 'https://folioforge.example/p/meera/files/card-1.png',
    });
    expect(file.path).toBe('blog/why-rye/index.html');
    const doc = parseHtml(file.body);
    const article = doc.querySelector('.blog-body')!;
    expect([...article.children].map((element) => element.tagName.toLowerCase())).toEqual(['h2', 'p', 'blockquote', 'pre', 'h3', 'a']);
    expect(article.querySelector('pre > code')?.textContent).toBe('const loaf = 1;');
    expect(doc.querySelector('script, img, [onclick], [onerror]')).toBeNull();
    expect(article.querySelector('a:not([href])')?.textContent).toBe('bad');
    expect(doc.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      'https://folioforge.example/p/meera/files/card-1.png',
    );
    expect(doc.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('article');
    expect(doc.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('https://folioforge.example/p/meera/blog/why-rye/');
    expect(doc.querySelector('.blog-meta')?.textContent).toBe('9 November 2026 · 1 min read');
    expect(doc.querySelector('.blog-tags a')?.getAttribute('href')).toBe('/p/meera/blog/tag/rye/');
  });

  test('its cover carries its size and copies', () => {
    const doc = parseHtml(
      postPage(site, post(), {
        cover: { src: '/p/meera/files/c.webp', srcset: '/p/meera/files/c-640.webp 640w', width: 1600, height: 900 },
      }).body,
    );
    const cover = doc.querySelector('img.blog-cover')!;
    expect([cover.getAttribute('width'), cover.getAttribute('height'), cover.getAttribute('srcset')]).toEqual([
      '1600',
      '900',
      '/p/meera/files/c-640.webp 640w',
    ]);
  });

  test('a body that starts with a heading, as the post form makes one, is read as words for its description and reading time', () => {
    const body = `<h2>Baking day</h2><pre><code>flour = 500</code></pre><p>${'word '.repeat(400)}</p>`;
    const doc = parseHtml(postPage(site, post({ body })).body);
    expect(doc.querySelector('meta[property="og:description"]')?.getAttribute('content')).toMatch(/^Baking day flour = 500 word word/);
    expect(readingMinutes(body)).toBe(2);
  });

  test('reading time counts words at 200 a minute', () => {
    expect(readingMinutes(`<p>${'word '.repeat(1000)}</p>`)).toBe(5);
    expect(readingMinutes('<p>short</p>')).toBe(1);
  });
});

describe('the Atom feed', () => {
  const ATOM = 'http://www.w3.org/2005/Atom';
  const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
  const posts = [
    post({ title: 'Rye & <friends>', excerpt: 'About rye.', body: '<h2>Rye</h2><p>Text</p><script>x</script>', tags: ['Rye'] }),
    post({ title: 'Cake \u0007bell', body: '<p>Cake</p>' }),
  ].reverse();
  const feed = atomFeed(site, posts, new Date('2026-12-02T00:00:00Z'));
  const xml = new DOMParser().parseFromString(feed.body, 'application/xml');
  const child = (parent: Element, name: string) =>
    [...parent.children].filter((element) => element.namespaceURI === ATOM && element.localName === name);

  test('parses as XML, its root an Atom feed', () => {
    expect(feed.path).toBe('feed.xml');
    expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(xml.documentElement.namespaceURI).toBe(ATOM);
    expect(xml.documentElement.localName).toBe('feed');
  });

  test('holds what RFC 4287 requires of a feed: id, title, updated, author, and its self and alternate links', () => {
    const root = xml.documentElement;
    for (const name of ['id', 'title', 'updated']) expect(child(root, name)).toHaveLength(1);
    expect(child(root, 'updated')[0]!.textContent).toMatch(RFC3339);
    expect(child(child(root, 'author')[0]!, 'name')[0]!.textContent).toBe('मीरा');
    const links = child(root, 'link').map((link) => [link.getAttribute('rel'), link.getAttribute('href')]);
    expect(links).toEqual([
      ['self', 'https://folioforge.example/p/meera/feed.xml'],
      ['alternate', 'https://folioforge.example/p/meera/blog/'],
    ]);
  });

  test('and of each entry, newest first, its content the sanitised body as HTML', () => {
    const entries = child(xml.documentElement, 'entry');
    expect(entries.map((entry) => child(entry, 'title')[0]!.textContent)).toEqual(['Cake bell', 'Rye & <friends>']);
    for (const entry of entries) {
      expect(child(entry, 'id')[0]!.textContent).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      for (const name of ['updated', 'published']) expect(child(entry, name)[0]!.textContent).toMatch(RFC3339);
      expect(child(entry, 'link')[0]!.getAttribute('href')).toMatch(/^https:\/\/folioforge\.example\/p\/meera\/blog\/post-\d+\/$/);
      expect(child(entry, 'summary')).toHaveLength(1);
      expect(child(entry, 'content')[0]!.getAttribute('type')).toBe('html');
    }
    const rye = entries[1]!;
    expect(child(rye, 'content')[0]!.textContent).toBe('<h2>Rye</h2><p>Text</p>');
    expect(child(rye, 'summary')[0]!.textContent).toBe('About rye.');
    expect(child(rye, 'category')[0]!.getAttribute('term')).toBe('Rye');
  });
});

test('a post’s links to the site’s pages lead to their addresses on its page and in the feed; a removed page’s link is text', () => {
  const withPages: BlogSite = { ...site, pages: [{ id: 'p1', slug: 'case-studies' }] };
  const body =
    '<p><a href="page:p1">work</a> <a href="page:home">home</a> <a href="page:blog">more</a> <a href="page:gone">old</a> <a href="https://example.com/">out</a></p>';
  const one = post({ body, publishAt: '2026-11-20T09:00:00.000Z' });
  const links = (html: string) => [...parseHtml(html).querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
  const onPage = links(parseHtml(postPage(withPages, one).body).querySelector('.blog-body')!.innerHTML);
  expect(onPage).toEqual([
    ['work', '/p/meera/case-studies/'],
    ['home', '/p/meera/'],
    ['more', '/p/meera/blog/'],
    ['old', null],
    ['out', 'https://example.com/'],
  ]);
  const entry = new DOMParser().parseFromString(atomFeed(withPages, [one], new Date('2026-12-02T00:00:00Z')).body, 'application/xml');
  expect(links(entry.getElementsByTagName('content')[0]!.textContent ?? '').map(([, href]) => href)).toEqual([
    'https://folioforge.example/p/meera/case-studies/',
    'https://folioforge.example/p/meera/',
    'https://folioforge.example/p/meera/blog/',
    null,
    'https://example.com/',
  ]);
});
