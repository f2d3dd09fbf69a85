// A site's blog (issue 49) through real supabase-js, the publish function on local-cloud and the
// site server, as its owner, a visitor and another user meet it: posts written through REST are on
// the site once published and their time has come (the index in date order, a tag's page, the post,
// the Atom feed, the sitemap); a draft never is; a scheduled post appears when the sweep finds it due;
// publishing one post writes only the files it changes; a post back to draft and an unpublished site
// take their pages with them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { posix } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { JSDOM } from 'jsdom';
import { callPublish, sweep } from './support/functions.ts';
import {
  JOURNEY_BACKENDS,
  serviceClient,
  signedInUser,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';
import { startSiteServer, type SiteServer } from './support/siteServer.ts';
import { pngBlob } from './support/servicesFiles.ts';

after(stopClusters);

const ATOM = 'http://www.w3.org/2005/Atom';
const day = 86_400_000;

for (const backend of JOURNEY_BACKENDS)
  describe(`a site's blog (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let site: SiteServer;
    let siteUrl: string;

    before(async () => {
      t = await startTestCloud(backend);
      site = await startSiteServer({ storageUrl: () => t.url });
      siteUrl = site.url;
    });
    after(async () => {
      await site?.stop();
      await t?.stop();
    });

    const visit = async (path: string) => {
      const res = await fetch(`${siteUrl}${path}`);
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    };
    const titlesAt = async (path: string) => {
      const page = await visit(path);
      assert.equal(page.status, 200, `${path} answers`);
      return [...new JSDOM(page.text).window.document.querySelectorAll('.blog-list h2 a')].map((link) => link.textContent);
    };
    const feedEntries = async (slug: string) => {
      const feed = await visit(`/p/${slug}/feed.xml`);
      assert.equal(feed.status, 200);
      assert.equal(feed.type, 'application/atom+xml; charset=utf-8');
      const xml = new JSDOM(feed.text, { contentType: 'application/xml' }).window.document;
      assert.equal(xml.documentElement.namespaceURI, ATOM);
      return [...xml.getElementsByTagNameNS(ATOM, 'entry')].map((entry) => entry.getElementsByTagNameNS(ATOM, 'title')[0]!.textContent);
    };
    const publishPost = async (user: TestUser, portfolioId: string, postId: string) => {
      const res = await callPublish(t, user.accessToken, { action: 'publish-post', portfolioId, postId });
      return { status: res.status, body: (await res.json()) as { state: string; url: string | null; filesWritten: number } };
    };

    async function publishedSite(user: TestUser, slug: string, content: unknown = { name: 'Meera’s Bakery 🍰' }): Promise<string> {
      const { data, error } = await user.client
        .from('portfolios')
        .insert({ template_id: 'generator', title: 'Bakery', data: content })
        .select('id')
        .single();
      assert.equal(error, null);
      const res = await callPublish(t, user.accessToken, { action: 'publish', portfolioId: data!.id, slug });
      assert.equal(res.status, 200, await res.text());
      return data!.id as string;
    }

    async function writePost(user: TestUser, portfolioId: string, fields: Record<string, unknown>): Promise<string> {
      const { data, error } = await user.client
        .from('portfolio_posts')
        .insert({ portfolio_id: portfolioId, ...fields })
        .select('id')
        .single();
      assert.equal(error, null, error?.message);
      return data!.id as string;
    }

    test('live posts are on the site in date order, with a tag page, the feed and the sitemap; a draft and a scheduled post are not', async () => {
      const meera = await signedInUser(t, 'meera');
      const slug = `meera-blog-${Date.now() % 100000}`;
      const site = await publishedSite(meera, slug);
      const older = await writePost(meera, site, {
        slug: 'first-loaf',
        title: 'पहली रोटी 🍞',
        body: '<h2>Flour</h2><p>Water, salt.</p><script>alert(1)</script>',
        status: 'published',
        publish_at: new Date(Date.now() - 2 * day).toISOString(),
      });
      const newer = await writePost(meera, site, {
        slug: 'rye-week',
        title: 'Rye week',
        excerpt: 'Seven loaves.',
        tags: ['Rye & Spelt'],
        status: 'published',
        publish_at: new Date(Date.now() - day).toISOString(),
      });
      const draft = await writePost(meera, site, { slug: 'secret-recipe', title: 'Secret recipe', body: '<p>Cardamom</p>' });
      for (const id of [older, newer]) assert.deepEqual((await publishPost(meera, site, id)).body.state, 'live');
      assert.deepEqual(
        (await publishPost(meera, site, draft)).body,
        { state: 'draft', url: null, filesWritten: 0 },
        'a draft changes nothing',
      );

      assert.deepEqual(await titlesAt(`/p/${slug}/blog/`), ['Rye week', 'पहली रोटी 🍞'], 'newest first');
      assert.deepEqual(await titlesAt(`/p/${slug}/blog/tag/rye-spelt/`), ['Rye week']);
      const post = await visit(`/p/${slug}/blog/first-loaf/`);
      assert.equal(post.status, 200);
      const doc = new JSDOM(post.text).window.document;
      assert.equal(doc.querySelector('h1')?.textContent, 'पहली रोटी 🍞');
      assert.equal(doc.querySelector('.blog-body h2')?.textContent, 'Flour');
      assert.equal(doc.querySelector('script'), null, 'the body is sanitised on the server');
      assert.match(doc.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? '', /\/files\/[^/]+\.png$/);
      const card = await fetch(
        new URL(new URL(doc.querySelector('meta[property="og:image"]')!.getAttribute('content')!).pathname, siteUrl),
      );
      assert.equal(card.status, 200, 'its share card is there');
      assert.equal(card.headers.get('content-type'), 'image/png');
      assert.deepEqual(await feedEntries(slug), ['Rye week', 'पहली रोटी 🍞']);
      const home = new JSDOM((await visit(`/p/${slug}`)).text).window.document;
      assert.equal(home.querySelector('link[rel=alternate][type="application/atom+xml"]')?.getAttribute('href'), `/p/${slug}/feed.xml`);

      assert.equal((await visit(`/p/${slug}/blog/secret-recipe/`)).status, 404, 'the draft is not public');
      const sitemap = (await visit('/p/sitemap.xml')).text;
      assert.match(sitemap, new RegExp(`/p/${slug}/blog/first-loaf/<`));
      assert.match(sitemap, new RegExp(`/p/${slug}/blog/rye-week/<`));
      assert.doesNotMatch(sitemap, /secret-recipe/);

      // Scheduled for an hour from now: absent until its time, then the sweep publishes it.
      const scheduled = await writePost(meera, site, {
        slug: 'tomorrow',
        title: 'Coming soon',
        status: 'published',
        publish_at: new Date(Date.now() + 3_600_000).toISOString(),
      });
      assert.equal((await publishPost(meera, site, scheduled)).body.state, 'scheduled');
      assert.equal((await visit(`/p/${slug}/blog/tomorrow/`)).status, 404);
      assert.deepEqual(await feedEntries(slug), ['Rye week', 'पहली रोटी 🍞']);
      assert.equal((await sweep(t, 3600)).blogsPublished, 0, 'not before its time');
      // The hour passes, as far as the database can tell: Postgres's clock cannot be moved, so the post's
      // time is brought to now (after the render that scheduled it) instead of the test waiting.
      const come = await serviceClient(t).from('portfolio_posts').update({ publish_at: new Date().toISOString() }).eq('id', scheduled);
      assert.equal(come.error, null);
      assert.equal((await sweep(t, 3600)).blogsPublished, 1);
      assert.equal((await sweep(t, 3600)).blogsPublished, 0, 'once is enough');
      assert.deepEqual(await titlesAt(`/p/${slug}/blog/`), ['Coming soon', 'Rye week', 'पहली रोटी 🍞']);
      assert.equal((await visit(`/p/${slug}/blog/tomorrow/`)).status, 200);
      assert.deepEqual(await feedEntries(slug), ['Coming soon', 'Rye week', 'पहली रोटी 🍞']);

      // Back to draft: its page, and its tag's page, leave the site.
      assert.equal((await meera.client.from('portfolio_posts').update({ status: 'draft' }).eq('id', newer)).error, null);
      assert.deepEqual((await publishPost(meera, site, newer)).body.state, 'draft');
      assert.equal((await visit(`/p/${slug}/blog/rye-week/`)).status, 404);
      assert.equal((await visit(`/p/${slug}/blog/tag/rye-spelt/`)).status, 404);
      assert.deepEqual(await titlesAt(`/p/${slug}/blog/`), ['Coming soon', 'पहली रोटी 🍞']);

      // Deleted: the same.
      assert.equal((await meera.client.from('portfolio_posts').delete().eq('id', older)).error, null);
      const removed = await publishPost(meera, site, older);
      assert.deepEqual([removed.body.state, removed.body.url], ['removed', null]);
      assert.equal((await visit(`/p/${slug}/blog/first-loaf/`)).status, 404);

      // Unpublishing the site takes the whole blog down, and a later publish brings it back.
      assert.equal((await callPublish(t, meera.accessToken, { action: 'unpublish', portfolioId: site })).status, 200);
      for (const path of ['blog/', 'blog/tomorrow/', 'feed.xml']) assert.equal((await visit(`/p/${slug}/${path}`)).status, 404, path);
      assert.equal((await publishPost(meera, site, scheduled)).body.state, 'site-unpublished');
      assert.equal((await callPublish(t, meera.accessToken, { action: 'publish', portfolioId: site, slug })).status, 200);
      assert.deepEqual(await titlesAt(`/p/${slug}/blog/`), ['Coming soon']);
      assert.equal((await visit(`/p/${slug}/blog/tomorrow/`)).status, 200);
    });

    test('the zip holds the whole site: pages, the blog, tag and post pages, feed and sitemap, linked relatively', async () => {
      const lin = await signedInUser(t, 'lin');
      const slug = `lin-zip-${Date.now() % 100000}`;
      const site = await publishedSite(lin, slug, {
        schemaVersion: 2,
        profile: { name: 'Lin Bakes', headline: 'Baker', about: '' },
        socials: [],
        sections: [],
        pages: [{ id: 'proj', slug: 'projects', title: 'Projects', inNavigation: true, sections: [] }],
      });
      const cover = `${lin.id}/${site}/loaf.png`;
      assert.equal((await lin.client.storage.from('portfolio-images').upload(cover, pngBlob())).error, null);
      await writePost(lin, site, {
        slug: 'first-loaf',
        title: 'First loaf',
        body: '<p>Back to <a href="page:proj">my projects</a>.</p>',
        cover: `storage:portfolio-images/${cover}`,
        status: 'published',
        publish_at: new Date(Date.now() - 2 * day).toISOString(),
      });
      await writePost(lin, site, {
        slug: 'rye-week',
        title: 'Rye week',
        tags: ['Rye'],
        status: 'published',
        publish_at: new Date(Date.now() - day).toISOString(),
      });
      await writePost(lin, site, {
        slug: 'tomorrow',
        title: 'Coming soon',
        status: 'published',
        publish_at: new Date(Date.now() + 3_600_000).toISOString(),
      });
      await writePost(lin, site, { slug: 'secret', title: 'Draft' });

      const res = await callPublish(t, lin.accessToken, { action: 'export', portfolioId: site });
      assert.equal(res.status, 200, await res.clone().text());
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const pages = Object.keys(files)
        .filter((name) => name.endsWith('.html'))
        .sort();
      assert.deepEqual(
        pages,
        [
          'blog/first-loaf/index.html',
          'blog/index.html',
          'blog/rye-week/index.html',
          'blog/tag/rye/index.html',
          'index.html',
          'projects/index.html',
        ],
        'every page and live post; the scheduled post and the draft are not there',
      );
      const documentOf = (name: string) => new JSDOM(strFromU8(files[name]!)).window.document;

      // Every link and picture of every page names a file of the zip, relatively: it opens from file://.
      for (const name of pages) {
        const doc = documentOf(name);
        const refs = [
          ...[...doc.querySelectorAll('a[href], link[href]:not([rel=canonical])')].map((el) => el.getAttribute('href')!),
          ...[...doc.querySelectorAll('img[src]')].map((el) => el.getAttribute('src')!),
        ].filter((ref) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(ref));
        assert.ok(refs.length > 3, `${name} links to the others`);
        for (const ref of refs) {
          assert.doesNotMatch(ref, /^\//, `${name}: ${ref} is relative`);
          const target = posix.normalize(posix.join(posix.dirname(name), ref.split('#')[0]!));
          assert.ok(files[target], `${name}: ${ref} is in the zip (${target})`);
        }
      }
      const navOf = (name: string) => [...documentOf(name).querySelectorAll('nav a')].map((link) => link.getAttribute('href'));
      assert.ok(navOf('index.html').includes('blog/index.html'), 'the home page leads to the blog');
      assert.ok(navOf('blog/tag/rye/index.html').includes('../../../projects/index.html'), 'a tag page to the Projects page');
      const post = documentOf('blog/first-loaf/index.html');
      assert.equal(post.querySelector('img.blog-cover')?.getAttribute('src'), '../../files/portfolio-images/loaf.png');
      assert.ok(files['files/portfolio-images/loaf.png'], 'the cover is in the zip');
      assert.equal(post.querySelector('.blog-body a')?.getAttribute('href'), '../../projects/index.html');
      assert.deepEqual(
        [...documentOf('blog/index.html').querySelectorAll('.blog-list h2 a')].map((link) => link.textContent),
        ['Rye week', 'First loaf'],
      );

      const feed = new JSDOM(strFromU8(files['feed.xml']!), { contentType: 'application/xml' }).window.document;
      assert.equal(feed.documentElement.namespaceURI, ATOM);
      assert.deepEqual(
        [...feed.getElementsByTagNameNS(ATOM, 'entry')].map((entry) => entry.getElementsByTagNameNS(ATOM, 'title')[0]!.textContent),
        ['Rye week', 'First loaf'],
      );
      const sitemap = strFromU8(files['sitemap.xml']!);
      for (const path of ['', 'projects/', 'blog/', 'blog/first-loaf/', 'blog/rye-week/'])
        assert.match(sitemap, new RegExp(`/p/${slug}/${path}</loc>`), path);
      assert.doesNotMatch(sitemap, /tomorrow|secret/);
      assert.equal(files['README.txt'], undefined, 'nothing here is behind a password');
    });

    test('publishing one post writes only the files it changes', async () => {
      const ada = await signedInUser(t, 'ada');
      const slug = `ada-blog-${Date.now() % 100000}`;
      const site = await publishedSite(ada, slug);
      const ids: string[] = [];
      for (let n = 1; n <= 12; n++)
        ids.push(
          await writePost(ada, site, {
            slug: `post-${n}`,
            title: `Post ${n}`,
            tags: n % 2 ? ['Odd'] : ['Even'],
            status: 'published',
            publish_at: new Date(Date.now() - (20 - n) * day).toISOString(),
          }),
        );
      // The first publish of each: its page, its card, and every list and the feed at most.
      for (const id of ids) assert.equal((await publishPost(ada, site, id)).status, 200);
      const before = await fetch(`${siteUrl}/p/${slug}/blog/post-1/`);
      const etag = before.headers.get('etag');

      // A new title for the newest post: its page and card, index page 1, its tag's page, the feed.
      assert.equal((await ada.client.from('portfolio_posts').update({ title: 'Post twelve' }).eq('id', ids[11]!)).error, null);
      const changed = await publishPost(ada, site, ids[11]!);
      assert.equal(changed.body.state, 'live');
      assert.equal(changed.body.filesWritten, 5);
      assert.match(changed.body.url ?? '', new RegExp(`/p/${slug}/blog/post-12/$`));
      assert.equal((await fetch(`${siteUrl}/p/${slug}/blog/post-1/`)).headers.get('etag'), etag, 'an older post is not written again');
      assert.deepEqual((await titlesAt(`/p/${slug}/blog/`)).slice(0, 2), ['Post twelve', 'Post 11']);
      assert.deepEqual(await titlesAt(`/p/${slug}/blog/page/2/`), ['Post 2', 'Post 1']);
      assert.deepEqual((await publishPost(ada, site, ids[11]!)).body.filesWritten, 0, 'nothing changed, nothing written');
    });

    test("the pages' navigation ends with Blog while the site has live posts; the blog's leads to the pages", async () => {
      const nila = await signedInUser(t, 'nila');
      const slug = `nila-blog-${Date.now() % 100000}`;
      const text = (id: string, title: string) => ({ id, kind: 'text', title, hidden: false, body: '<p>Bread.</p>', items: [] });
      const site = await publishedSite(nila, slug, {
        schemaVersion: 2,
        profile: { name: 'Nila Baker', headline: 'Bakery', about: '' },
        socials: [],
        sections: [text('welcome', 'Welcome')],
        pages: [{ id: 'proj', slug: 'projects', title: 'Projects', inNavigation: true, sections: [text('work', 'Work')] }],
      });
      const documentAt = async (path: string) => new JSDOM((await visit(path)).text).window.document;
      const pagesNav = async (path: string) =>
        [...(await documentAt(path)).querySelectorAll('nav[data-site-nav] a')].map((link) => link.textContent);
      assert.deepEqual(await pagesNav(`/p/${slug}/`), ['Home', 'Projects'], 'no posts: no Blog');

      const post = await writePost(nila, site, {
        slug: 'first-loaf',
        title: 'First loaf',
        status: 'published',
        publish_at: new Date(Date.now() - day).toISOString(),
      });
      assert.equal((await publishPost(nila, site, post)).body.state, 'live');
      for (const path of ['', 'projects/']) assert.deepEqual(await pagesNav(`/p/${slug}/${path}`), ['Home', 'Projects', 'Blog'], path);
      const blogNav = [...(await documentAt(`/p/${slug}/blog/`)).querySelectorAll('.blog-nav a')].map((link) => [
        link.textContent,
        new URL(link.getAttribute('href')!, `${siteUrl}/p/${slug}/blog/`).pathname,
      ]);
      assert.deepEqual(blogNav, [
        ['Home', `/p/${slug}/`],
        ['Projects', `/p/${slug}/projects/`],
        ['Blog', `/p/${slug}/blog/`],
      ]);

      // Its last post back to draft: the pages lose the link to a blog that is no more.
      assert.equal((await nila.client.from('portfolio_posts').update({ status: 'draft' }).eq('id', post)).error, null);
      assert.equal((await publishPost(nila, site, post)).body.state, 'draft');
      for (const path of ['', 'projects/']) assert.deepEqual(await pagesNav(`/p/${slug}/${path}`), ['Home', 'Projects'], path);
    });

    test("another user cannot publish, see or take down someone's posts", async () => {
      const owner = await signedInUser(t, 'owner');
      const mallory = await signedInUser(t, 'mallory');
      const site = await publishedSite(owner, `owner-blog-${Date.now() % 100000}`);
      const post = await writePost(owner, site, { slug: 'mine', title: 'Mine' });
      assert.equal((await publishPost(mallory, site, post)).status, 404, 'her site is not found for him');
      assert.equal((await callPublish(t, undefined, { action: 'publish-post', portfolioId: site, postId: post })).status, 401);
      assert.deepEqual(
        (
          await mallory.client
            .from('portfolio_posts')
            .update({ status: 'published', publish_at: new Date().toISOString() })
            .eq('id', post)
            .select()
        ).data,
        [],
      );
      const mine = await publishedSite(mallory, `mallory-blog-${Date.now() % 100000}`);
      assert.equal((await publishPost(mallory, mine, post)).body.state, 'removed', 'her post is no post of his site');
    });
  });
