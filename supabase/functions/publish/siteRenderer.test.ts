// The page renderer as the publish function runs it on Deno: no DOM anywhere (no jsdom, no global
// window), yet the owner's formatting is kept and script in a stored row is not. The full payload
// list is tried against the sanitiser itself in shared/src/ui/safe/sanitizeRichText.test.ts and
// against published pages in local-cloud/test/publishPages.test.ts and the browser tests.
import assert from 'node:assert/strict';
import { renderStaticPage, SITE_STYLES, toJsonResume, checkedPortfolio } from './siteRenderer.generated.mjs';

const STORED_ABOUT = [
  '<p>I build <strong>bridges</strong> and <em>software</em>, see <a href="https://ada.example/work">my work</a>.</p>',
  '<p>Hello<script>alert(1)</script></p>',
  '<p><img src=x onerror="alert(2)">there</p>',
  '<p><a href="javascript:alert(3)">link</a></p>',
  '<p><svg onload="alert(4)"></svg>ok</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(5)>"></noscript>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(6)>',
].join('');

const page = () =>
  renderStaticPage(
    '1',
    { name: 'Ada <Lovelace>', about: STORED_ABOUT, email: 'ada@example.com' },
    {
      url: 'https://folioforge.example/p/ada',
      indexable: true,
      badge: true,
      siteUrl: 'https://folioforge.example/home',
      styles: SITE_STYLES,
    },
  );

Deno.test('there is no DOM here: the renderer needs none', () => {
  assert.equal('window' in globalThis, false);
  assert.equal('document' in globalThis, false);
});

Deno.test("a stored row's formatting reaches the page; its script, handlers and javascript: links do not", () => {
  const { html, title, description } = page();
  const richTexts = [...html.matchAll(/data-rich-text="">([\s\S]*?)<\/div>/g)].map((match) => match[1]);
  assert.ok(
    richTexts.includes(
      '<p>I build <strong>bridges</strong> and <em>software</em>, see <a href="https://ada.example/work" target="_blank" rel="noopener noreferrer nofollow">my work</a>.</p>' +
        '<p>Hello</p><p>there</p><p><a>link</a></p><p>ok</p>',
    ),
    richTexts.join('\n'),
  );
  for (const danger of [/<script/i, /onerror/i, /onload/i, /javascript:/i, /alert\(/, /<math/i, /<noscript/i])
    assert.doesNotMatch(html, danger);
  assert.equal(title, 'Ada <Lovelace>');
  assert.match(description, /^I build bridges and software\b/);
});

Deno.test('the JSON Resume of the same row carries its text, untagged, and nothing of the script', () => {
  const { portfolio } = checkedPortfolio('1', { name: 'Ada', about: STORED_ABOUT, email: 'ada@example.com' });
  const resume = JSON.stringify(toJsonResume(portfolio, 'https://folioforge.example/p/ada'));
  assert.match(resume, /I build bridges and software, see my work\./);
  assert.doesNotMatch(resume, /alert\(|<script|onerror/);
});

Deno.test("a page inlines its own template's styles, not every template's", () => {
  const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  const all = SITE_STYLES.map((rule) => rule.body).join('').length;
  const ada = styleOf(page().html);
  const shop = styleOf(
    renderStaticPage('4', {}, { indexable: true, badge: false, siteUrl: 'https://folioforge.example/home', styles: SITE_STYLES }).html,
  );
  assert.ok(ada.length < all / 2, `template 1's page carries ${ada.length} of ${all} characters of styles`);
  assert.ok(shop.length < all / 2, `template 4's page carries ${shop.length} of ${all} characters of styles`);
  // Each keeps the rules for its own markup: what one page's classes need is absent from the other's.
  const onlyIn = (mine: string, theirs: string) => mine.match(/\.site_[\w-]+/g)!.filter((name) => !theirs.includes(name));
  assert.ok(onlyIn(ada, shop).length > 0 && onlyIn(shop, ada).length > 0);
});
