import { expect, test } from '@jest/globals';
import { splitStyles } from '../../../tooling/siteStyles.mjs';
import { stylesFor, type StyleRule } from './pageStyles';

const rule = (selectors: [string, string[]][], body: string, within: string[] = []): StyleRule => ({
  within,
  selectors: selectors.map(([text, classes]) => ({ text, classes })),
  body,
});

const RULES: StyleRule[] = [
  { within: [], selectors: null, body: '@keyframes spin{to{transform:rotate(1turn)}}' },
  rule([['a', []]], 'color:inherit'),
  rule([['.card', ['card']]], 'padding:8px'),
  rule([['.shop .price', ['shop', 'price']]], 'font-weight:700'),
  rule(
    [
      ['.menu:target', ['menu']],
      ['.drawer:not(.open)', ['drawer']],
    ],
    'display:block',
  ),
  rule([['.card', ['card']]], 'padding:16px', ['@media (min-width:600px)']),
  rule([['.shop', ['shop']]], 'gap:4px', ['@media (min-width:600px)']),
  rule([['.card h2', ['card']]], 'margin:0', ['@media (min-width:600px)']),
  rule([['.card', ['card']]], 'color:red', ['@supports (display:grid)', '@media print']),
];

test("a page keeps the rules its classes can match, in order and inside their at-rules, and drops another template's", () => {
  const html = '<main class="card  layout"><h2>Hi</h2><nav class="drawer" id="menu"></nav></main>';
  expect(stylesFor(RULES, html)).toBe(
    '@keyframes spin{to{transform:rotate(1turn)}}' +
      'a{color:inherit}.card{padding:8px}.drawer:not(.open){display:block}' +
      '@media (min-width:600px){.card{padding:16px}.card h2{margin:0}}' +
      '@supports (display:grid){@media print{.card{color:red}}}',
  );
});

test('a selector needing two classes stays only when both are on the page', () => {
  expect(stylesFor(RULES, '<p class="price"></p>')).not.toContain('.shop .price');
  expect(stylesFor(RULES, '<div class="shop"><p class="price"></p></div>')).toContain('.shop .price{font-weight:700}');
});

test('a page with no classes keeps only what needs none', () => {
  expect(stylesFor(RULES, '<p>plain</p>')).toBe('@keyframes spin{to{transform:rotate(1turn)}}a{color:inherit}');
});

test('the build splits a stylesheet into those rules: a class inside :not() or :is() is not needed', () => {
  const css =
    '@charset "utf-8";.card{padding:8px}.menu:not(.open) a,.shop :is(.x,.y){color:red !important}' +
    '@media (min-width:600px){.card{padding:16px}}@font-face{font-family:A;src:url(a.woff2)}';
  const rules = splitStyles(css);
  expect(rules).toEqual([
    { within: [], selectors: null, body: '@charset "utf-8";' },
    rule([['.card', ['card']]], 'padding:8px'),
    rule(
      [
        ['.menu:not(.open) a', ['menu']],
        ['.shop :is(.x,.y)', ['shop']],
      ],
      'color:red !important',
    ),
    rule([['.card', ['card']]], 'padding:16px', ['@media (min-width:600px)']),
    { within: [], selectors: null, body: '@font-face{font-family:A;src:url(a.woff2)}' },
  ]);
  expect(stylesFor(rules, '<nav class="menu"></nav>')).toBe(
    '@charset "utf-8";.menu:not(.open) a{color:red !important}@font-face{font-family:A;src:url(a.woff2)}',
  );
});
