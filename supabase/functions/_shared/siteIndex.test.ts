// robots.txt and sitemap.xml of published pages and custom domains.
import assert from 'node:assert/strict';
import {
  customDomainRobotsTxt,
  customDomainSitemapXml,
  publishedPagesSitemapXml,
  robotsTxt,
  siteIndexFileFor,
  siteRobotsTxt,
  SITEMAP_MAX_URLS,
  sitemapXml,
} from './siteIndex.mjs';

Deno.test('a custom domain welcomes crawlers and lists its pages', () => {
  assert.equal(customDomainRobotsTxt('Ada.Example.com'), 'User-agent: *\nAllow: /\n\nSitemap: https://ada.example.com/sitemap.xml\n');
  assert.equal(
    customDomainSitemapXml('ada.example.com', new Date('2026-05-20T10:11:12.345Z')),
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      '<url><loc>https://ada.example.com/</loc><lastmod>2026-05-20T10:11:12Z</lastmod></url>\n</urlset>\n',
  );
  const site = customDomainSitemapXml('ada.example.com', undefined, ['projects/', 'case-studies/', '../admin/', 'x/y/']);
  assert.deepEqual(
    [...site.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]),
    ['https://ada.example.com/', 'https://ada.example.com/projects/', 'https://ada.example.com/case-studies/'],
    "a site's other public pages too, only well-formed folders",
  );
  // A Host header is the visitor's to write: nothing but a domain name gets into the file.
  for (const host of ['evil.example.com\nDisallow: /', 'localhost', '127.0.0.1', 'a.b/c', ''])
    assert.throws(() => customDomainRobotsTxt(host), TypeError, host);
});

Deno.test("the site's robots.txt keeps crawlers off the app's private routes and names both sitemaps", () => {
  assert.equal(
    siteRobotsTxt('https://folioforge.example/some/path', ['/account', '/auth/']),
    'User-agent: *\nDisallow: /account\nDisallow: /auth/\n\nSitemap: https://folioforge.example/sitemap.xml\nSitemap: https://folioforge.example/p/sitemap.xml\n',
  );
  assert.throws(() => robotsTxt({ sitemaps: [], disallow: ['/a\nUser-agent: evil'] }), TypeError);
  assert.throws(() => robotsTxt({ sitemaps: ['javascript:alert(1)'] }), TypeError);
});

Deno.test('the sitemap of published pages: each valid address once, escaped, with its last change', () => {
  const xml = publishedPagesSitemapXml('https://folioforge.example', [
    { slug: 'ada-lovelace', updatedAt: '2026-05-01T00:00:00Z' },
    { slug: 'grace', updatedAt: 'not a date' },
    { slug: '../admin' },
    { slug: 'ada-lovelace' },
    { slug: 'ada-lovelace', page: 'projects' },
    { slug: 'ada-lovelace', page: '../files' },
  ]);
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
  assert.deepEqual(locs, [
    'https://folioforge.example/p/ada-lovelace/',
    'https://folioforge.example/p/grace/',
    'https://folioforge.example/p/ada-lovelace/projects/',
  ]);
  assert.match(xml, /ada-lovelace\/<\/loc><lastmod>2026-05-01T00:00:00Z<\/lastmod>/);
  assert.match(xml, /grace\/<\/loc><\/url>/, 'a date that is none is left out');
  assert.equal(publishedPagesSitemapXml('https://folioforge.example', []).includes('<url>'), false);
});

Deno.test('a sitemap escapes what XML must and refuses what it may not hold', () => {
  assert.match(sitemapXml([{ loc: 'https://a.example/?q=1&r=<2>' }]), /<loc>https:\/\/a\.example\/\?q=1&amp;r=%3C2%3E<\/loc>/);
  assert.throws(() => sitemapXml([{ loc: '/relative' }]), TypeError);
  assert.throws(() => sitemapXml([{ loc: 'https://user:pw@a.example/' }]), TypeError);
  assert.throws(() => sitemapXml(Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({ loc: `https://a.example/${i}` }))), RangeError);
});

Deno.test('which file a path asks for', () => {
  assert.equal(siteIndexFileFor('/robots.txt'), 'robots');
  assert.equal(siteIndexFileFor('/sitemap.xml'), 'sitemap');
  assert.equal(siteIndexFileFor('/p/ada/sitemap.xml'), undefined);
});
