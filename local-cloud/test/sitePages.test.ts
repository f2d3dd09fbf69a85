// A portfolio is a site of several pages (issue 49), end to end through the publish function and the
// site's server as a visitor's browser asks it: every public page at /p/<slug>/<page>/ (and
// /<page>/ on a proven custom domain), the navigation on each with the page drawn marked, links
// between pages resolved to addresses, an old address answering 301 to the page's new one, the
// sitemap listing every public page, and a page removed or a site unpublished leaving nothing behind.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { strFromU8, unzipSync } from 'fflate';
import { JSDOM } from 'jsdom';
import { grantPurchase } from './support/cloud.ts';
import { startTestDnsServer, type TestDnsServer } from './support/dnsServer.ts';
import { callPublish } from './support/functions.ts';
import {
  serviceClient,
  signedInUser,
  JOURNEY_BACKENDS,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';
import { pngBlob } from './support/servicesFiles.ts';
import { startSiteServer, type SiteServer } from './support/siteServer.ts';

after(stopClusters);

const text = (id: string, title: string, body: string) => ({ id, kind: 'text', title, hidden: false, body, items: [] });

/** Ada's site: home links to her projects page; a menu page out of the navigation (a page behind the password: sitePasswords.test.ts). */
function adaSite(projectsSlug = 'projects') {
  return {
    schemaVersion: 2,
    profile: { name: 'Ada Lovelace 🧮', headline: 'Engineer', about: '' },
    socials: [],
    sections: [text('intro', 'Hello', '<p>See <a href="page:proj">my projects</a> and <a href="page:gone">an old page</a>.</p>')],
    pages: [
      {
        id: 'proj',
        slug: projectsSlug,
        title: 'Projects',
        inNavigation: true,
        sections: [
          text('work', 'Analytical engine', '<p>Back <a href="page:home">home</a>.</p>'),
          {
            id: 'links',
            kind: 'projects',
            title: 'More',
            hidden: false,
            body: '',
            items: [{ id: 'i1', name: 'The menu', description: '', url: 'page:menu', image: '' }],
          },
        ],
        page: { description: 'What Ada built' },
      },
      { id: 'menu', slug: 'menu', title: 'मेनू', inNavigation: false, sections: [text('m', 'Tea', '<p>Chai</p>')] },
    ],
  };
}

for (const backend of JOURNEY_BACKENDS)
  describe(`sites of several pages (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let dns: TestDnsServer;
    let site: SiteServer;
    let siteUrl: string;
    let alice: TestUser;
    /** The pages the server said it answered, for page views (`<slug>|<page>`). */
    const viewed: string[] = [];

    before(async () => {
      dns = await startTestDnsServer();
      t = await startTestCloud(backend, { dnsServers: [dns.address] });
      site = await startSiteServer({
        storageUrl: () => t.url,
        onPageView: (_req, slug, _host, page) => viewed.push(`${slug}|${page}`),
      });
      siteUrl = site.url;
      alice = await signedInUser(t, 'alice');
      await grantPurchase(serviceClient(t), alice.id, { itemType: 'plan', itemId: 'basic' });
    });
    after(async () => {
      await site?.stop();
      await t?.stop();
      await dns?.close();
    });

    /** A visitor's request to the site (or, with `host`, to a custom domain), redirects not followed. */
    const get = (path: string, host?: string) =>
      new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
        const request = http.get(`${siteUrl}${path}`, { headers: host ? { host } : {} }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }));
        });
        request.on('error', reject);
      });
    const documentOf = (html: string) => new JSDOM(html).window.document;
    const navigation = (html: string) =>
      [...documentOf(html).querySelectorAll('nav[data-site-nav] a')].map((a) => [
        a.textContent,
        a.getAttribute('href'),
        a.getAttribute('aria-current'),
      ]);

    async function save(id: string, data: unknown) {
      const { data: row } = await alice.client.from('portfolios').select('version').eq('id', id).single();
      const saved = await alice.client.rpc('save_portfolio', { portfolio_id: id, expected_version: row!.version, new_data: data });
      assert.equal(saved.error, null);
    }
    const publish = async (id: string, slug: string) => {
      const res = await callPublish(t, alice.accessToken, { action: 'publish', portfolioId: id, slug });
      assert.equal(res.status, 200, await res.clone().text());
    };
    const stored = async (prefix: string) => {
      const { data } = await serviceClient(t).storage.from('sites').list(prefix, { limit: 1000 });
      return (data ?? []).map((entry) => entry.name).sort();
    };

    test('every public page is published at its address with the navigation, and links between pages resolve', async () => {
      const { data, error } = await alice.client
        .from('portfolios')
        .insert({ template_id: '1', title: 'Ada', data: adaSite() })
        .select('id')
        .single();
      assert.equal(error, null);
      await publish(data!.id as string, 'ada-site');

      assert.deepEqual(await get('/p/ada-site'), { status: 301, location: '/p/ada-site/', body: '' }, 'the home page has its last slash');
      const home = await get('/p/ada-site/');
      assert.equal(home.status, 200);
      assert.deepEqual(navigation(home.body), [
        ['Home', './', 'page'],
        ['Projects', 'projects/', null],
      ]);
      assert.equal(documentOf(home.body).querySelector('a[href="projects/"]:not(nav a)')?.textContent, 'my projects');
      assert.doesNotMatch(home.body, /page:/, 'no page: link is left in a published page');

      const projects = await get('/p/ada-site/projects/');
      assert.equal(projects.status, 200);
      const doc = documentOf(projects.body);
      assert.equal(doc.title, 'Projects · Ada Lovelace 🧮');
      assert.equal(doc.querySelector('meta[name="description"]')?.getAttribute('content'), 'What Ada built');
      assert.equal(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'), 'http://localhost:3000/p/ada-site/projects/');
      assert.deepEqual(navigation(projects.body).slice(0, 2), [
        ['Home', '../', null],
        ['Projects', '../projects/', 'page'],
      ]);
      assert.match(projects.body, /Analytical engine/);
      assert.doesNotMatch(projects.body, /Hello/, "the home page's sections stay on the home page");
      assert.ok(doc.querySelector('a[href="../menu/"]'), "an item's button leads to a page out of the navigation");
      assert.doesNotMatch(projects.body, /page:/);

      assert.equal((await get('/p/ada-site/menu/')).status, 200, 'a page out of the navigation is still published');
      assert.deepEqual(viewed.splice(0), ['ada-site|', 'ada-site|projects', 'ada-site|menu'], 'each view is told with its page');
      assert.deepEqual((await get('/p/ada-site/menu')).location, '/p/ada-site/menu/');
      assert.equal((await get('/p/ada-site/nothing/')).status, 404);

      const sitemap = await (await fetch(`${t.url}/storage/v1/object/public/sites/_site/sitemap.xml`)).text();
      const locs = [...sitemap.matchAll(/<loc>([^<]*ada-site[^<]*)<\/loc>/g)].map((match) => match[1]).sort();
      assert.deepEqual(locs, [
        'http://localhost:3000/p/ada-site/',
        'http://localhost:3000/p/ada-site/menu/',
        'http://localhost:3000/p/ada-site/projects/',
      ]);
    });

    test('a new address keeps the old one answering 301; a removed page and an unpublished site leave nothing', async () => {
      const { data } = await alice.client
        .from('portfolios')
        .insert({ template_id: '2', title: 'Moves', data: adaSite() })
        .select('id')
        .single();
      const id = data!.id as string;
      await publish(id, 'ada-moves');
      const moved = { ...adaSite('work'), redirects: [{ from: 'projects', to: 'proj' }] };
      await save(id, moved);
      await publish(id, 'ada-moves');
      assert.deepEqual(await get('/p/ada-moves/projects/'), { status: 301, location: '/p/ada-moves/work/', body: '' });
      assert.equal((await get('/p/ada-moves/work/')).status, 200);
      assert.ok(documentOf((await get('/p/ada-moves/')).body).querySelector('a[href="work/"]'), 'links follow the page to its new address');

      // The domain shows the site at / and its pages at /<page>/.
      const added = await alice.client
        .from('custom_domains')
        .insert({ domain: 'ada-moves.example', portfolio_id: id })
        .select('token')
        .single();
      dns.txt.set('_folioforge.ada-moves.example', [`folioforge-verify=${added.data!.token}`]);
      assert.equal(
        (await (await callPublish(t, alice.accessToken, { action: 'verify-domain', domain: 'ada-moves.example' })).json()).verified,
        true,
      );
      assert.equal((await get('/', 'ada-moves.example')).status, 200);
      assert.deepEqual(navigation((await get('/work/', 'ada-moves.example')).body)[1], ['Projects', '../work/', 'page']);
      assert.deepEqual((await get('/work', 'ada-moves.example')).location, '/work/');
      assert.deepEqual((await get('/projects/', 'ada-moves.example')).location, '/work/');
      assert.match((await get('/sitemap.xml', 'ada-moves.example')).body, /<loc>https:\/\/ada-moves\.example\/work\/<\/loc>/);

      const { pages: [, menu] = [] } = moved;
      await save(id, { ...moved, pages: [menu] });
      await publish(id, 'ada-moves');
      assert.equal((await get('/p/ada-moves/work/')).status, 404, 'a removed page is taken down at the next publish');
      assert.deepEqual(await stored('ada-moves/work'), []);

      assert.equal((await callPublish(t, alice.accessToken, { action: 'unpublish', portfolioId: id })).status, 200);
      assert.equal((await get('/p/ada-moves/menu/')).status, 404);
      assert.deepEqual(await stored('ada-moves'), [], "every object of the site's folder is gone");
    });

    test('the zip holds every page, each finding its files and the others by relative links from file://', async () => {
      const { data } = await alice.client
        .from('portfolios')
        .insert({ template_id: '1', title: 'Zip', data: adaSite() })
        .select('id')
        .single();
      const id = data!.id as string;
      const path = `${alice.id}/${id}/shot.png`;
      assert.equal((await alice.client.storage.from('portfolio-images').upload(path, pngBlob())).error, null);
      const site = adaSite();
      site.pages[0]!.sections[1]!.items = [
        { id: 'i1', name: 'Engine', description: '', url: 'page:menu', image: `storage:portfolio-images/${path}` },
      ];
      await save(id, site);
      const res = await callPublish(t, alice.accessToken, { action: 'export', portfolioId: id });
      assert.equal(res.status, 200, await res.clone().text());
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const pages = Object.keys(files)
        .filter((name) => name.endsWith('.html'))
        .sort();
      assert.deepEqual(pages, ['index.html', 'menu/index.html', 'projects/index.html'], 'the owner’s own copy holds every page');
      const home = strFromU8(files['index.html']!);
      assert.deepEqual(navigation(home)[1], ['Projects', 'projects/index.html', null]);
      const projects = documentOf(strFromU8(files['projects/index.html']!));
      assert.equal(projects.querySelector('img[src*="shot"]')?.getAttribute('src'), '../files/portfolio-images/shot.png');
      assert.ok(files['files/portfolio-images/shot.png'], 'the picture is in the zip once, where the page finds it');
      assert.ok(projects.querySelector('a[href="../index.html"]'), 'and home, by its file');
      assert.ok(projects.querySelector('a[href="../menu/index.html"]'));
      for (const name of pages) assert.doesNotMatch(strFromU8(files[name]!), /page:/, name);
    });
  });
