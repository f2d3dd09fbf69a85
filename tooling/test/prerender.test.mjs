// The public pages' HTML as the build rendered them ahead (tooling/prerender.mjs), read as served:
// each holds its screen and styles, and only the public routes are offered to crawlers. What the
// browser does with them (scripts off, the live screen taking over) is e2e/tests/prerender.test.ts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PRERENDERED_ROUTES } from '../prerender.mjs';
import { get, serveBuiltApps } from './builtApps.mjs';

/** @type {Record<string, string>} */
const HEADINGS = {
  '/': 'Login',
  '/register': 'Register',
  '/home': 'Welcome to FolioForge',
  '/blog': 'Blog',
  '/features': 'Features',
  '/templates': 'Template Collection',
  '/pricing': 'Pricing Plans',
  '/domains': 'Domains',
  '/help-center': 'Help Center',
  '/terms-of-use': 'Terms of Use',
  '/privacy-policy': 'Privacy Policy',
  '/accessibility-statement': 'Accessibility Statement',
  // The editor as a first-time visitor sees it: the sample of template 1, and the generator's form.
  '/design': 'Design your page',
  '/portfo': 'Portfolio Generator',
};

/** @type {Awaited<ReturnType<typeof serveBuiltApps>>} */
let apps;
before(async () => (apps = await serveBuiltApps()));
after(() => apps?.close());

const pageAt = async (/** @type {string} */ route) => (await get(`${apps.shellUrl}${route}`)).body.toString();

test('the public routes are the ones rendered ahead', () => {
  assert.deepEqual([...PRERENDERED_ROUTES].sort(), Object.keys(HEADINGS).sort());
});

test("each public route's HTML holds its screen, its styles inline and its own title", async () => {
  for (const route of PRERENDERED_ROUTES) {
    const html = await pageAt(route);
    const copy = /<div id="prerendered">([\s\S]*?)<\/div>\s*<div id="root" hidden><\/div>/.exec(html)?.[1] ?? '';
    assert.ok(copy.includes('<main'), `${route}: the copy holds the page's main region`);
    assert.ok(copy.includes(HEADINGS[route] ?? '?'), `${route}: the copy shows "${HEADINGS[route]}"`);
    assert.match(html, /<style data-prerendered[^>]*>[^<]*\{/, `${route}: the screen's styles are inline`);
    assert.doesNotMatch(copy, /src="https?:\/\/127\.0\.0\.1:\d+/, `${route}: the copy fetches nothing from the build's servers`);
    assert.doesNotMatch(copy, /aria-label="Log in"/, `${route}: the copy knows no session, so shows no account area`);
  }
  const other = await pageAt('/account');
  assert.doesNotMatch(other, /id="prerendered"/, 'other routes get the plain shell');
  assert.match(other, /<div id="root"><\/div>/);
});

test('the editor is rendered ahead for speed, not as a public page: crawlers are kept off it', async () => {
  const sitemap = await pageAt('/sitemap.xml');
  assert.match(sitemap, /\/pricing<\/loc>/);
  assert.doesNotMatch(sitemap, /\/(design|portfo)<\/loc>/);
  assert.match(await pageAt('/robots.txt'), /^Disallow: \/design$/m);
});
