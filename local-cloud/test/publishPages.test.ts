// The publish function end to end, through the real supabase-js client and plain HTTP as a visitor
// would fetch the page: a page rendered from the saved row into the public `sites` bucket, its files
// published as copies, unpublish taking it down, the database's rights held against other users,
// and the export zip. Tried as an attacker would, too: forged file references, stolen addresses,
// script in saved rich text.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { strFromU8, unzipSync } from 'fflate';
import { JSDOM } from 'jsdom';
import { grantPurchase } from './support/cloud.ts';
import {
  anonClient,
  serviceClient,
  signedInUser,
  JOURNEY_BACKENDS,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';
import { pdfBlob, pngBlob } from './support/servicesFiles.ts';
import { callPublish as callPublishAs } from './support/functions.ts';

const XSS = [
  '<p>Hello<script>alert(1)</script></p>',
  '<p><img src=x onerror="alert(2)">there</p>',
  '<p><a href="javascript:alert(3)">link</a></p>',
  '<p><svg onload="alert(4)"></svg>ok</p>',
].join('');

after(stopClusters);

for (const backend of JOURNEY_BACKENDS)
  describe(`published pages (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let alice: TestUser;
    let bob: TestUser;

    before(async () => {
      t = await startTestCloud(backend);
      alice = await signedInUser(t, 'alice');
      bob = await signedInUser(t, 'bob');
      // Template 1 is bought by both; publishing it is theirs to do.
      for (const user of [alice, bob]) await grantPurchase(serviceClient(t), user.id, { itemType: 'template', itemId: '1' });
    });
    after(async () => t.stop());

    const callPublish = (token: string | undefined, body: unknown) => callPublishAs(t, token, body);
    const publish = (user: TestUser, portfolioId: string, slug: string) =>
      callPublish(user.accessToken, { action: 'publish', portfolioId, slug });
    const unpublish = (user: TestUser, portfolioId: string) => callPublish(user.accessToken, { action: 'unpublish', portfolioId });
    /** What a visitor's browser gets for a page's file: straight from the public bucket, no token. */
    const visit = (path: string) => fetch(`${t.url}/storage/v1/object/public/sites/${path}`);
    const pageOf = async (slug: string) => {
      const res = await visit(`${slug}/index.html`);
      return { status: res.status, type: res.headers.get('content-type'), html: res.status === 200 ? await res.text() : '' };
    };
    const documentOf = (html: string) => new JSDOM(html).window.document;

    async function portfolio(user: TestUser, templateId: string, data: Record<string, unknown>) {
      const { data: row, error } = await user.client
        .from('portfolios')
        .insert({ template_id: templateId, title: 'Mine', data })
        .select('id')
        .single();
      assert.equal(error, null);
      return row!.id as string;
    }

    async function upload(user: TestUser, bucket: 'portfolio-images' | 'resumes', portfolioId: string, name: string) {
      const path = `${user.id}/${portfolioId}/${name}`;
      const { error } = await user.client.storage.from(bucket).upload(path, bucket === 'resumes' ? pdfBlob() : pngBlob());
      assert.equal(error, null);
      return `storage:${bucket}/${path}`;
    }

    async function save(user: TestUser, id: string, data: Record<string, unknown>) {
      const { data: row } = await user.client.from('portfolios').select('version').eq('id', id).single();
      const saved = await user.client.rpc('save_portfolio', { portfolio_id: id, expected_version: row!.version, new_data: data });
      assert.equal(saved.error, null);
    }

    test('publishing renders the saved row into a public page with its files, a share card and the badge', async () => {
      const id = await portfolio(alice, '1', { name: 'Ada Lovelace', about: XSS, email: 'ada@example.com' });
      const image = await upload(alice, 'portfolio-images', id, 'image-a1.png');
      const resume = await upload(alice, 'resumes', id, 'resume-a1.pdf');
      await save(alice, id, { name: 'Ada Lovelace', about: XSS, email: 'ada@example.com', image, resume });

      const res = await publish(alice, id, 'ada-lovelace');
      assert.equal(res.status, 200, await res.clone().text());
      assert.deepEqual(await res.json(), { slug: 'ada-lovelace', url: 'http://localhost:3000/p/ada-lovelace', badge: true });

      const page = await pageOf('ada-lovelace');
      assert.equal(page.status, 200);
      // Storage serves HTML as text/plain, as Supabase does (issue 20 #12); the site sets text/html itself.
      assert.equal(page.type, 'text/plain');
      const doc = documentOf(page.html);
      assert.equal(doc.title, 'Ada Lovelace');
      assert.equal(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'), 'http://localhost:3000/p/ada-lovelace/');
      // The share card drawn at publish, by its absolute address, and stored with the page.
      const card = doc.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? '';
      assert.match(card, /^http:\/\/localhost:3000\/p\/ada-lovelace\/files\/share-card-[0-9a-f]{10}\.png$/);
      const stored = await serviceClient(t)
        .storage.from('sites')
        .download(`ada-lovelace/files/${card.split('/').pop()}`);
      assert.equal(stored.data?.type, 'image/png');
      assert.equal(doc.querySelector('meta[name="robots"]'), null, 'a published page may be indexed');
      assert.equal(doc.querySelector('a.ff-badge')?.textContent, 'Made with FolioForge');
      assert.equal(
        doc.querySelector('img[src="/p/ada-lovelace/files/portfolio-images/image-a1.png"]')?.getAttribute('alt'),
        'Photo of Ada Lovelace',
      );
      assert.ok(doc.querySelector('a[href="/p/ada-lovelace/files/resumes/resume-a1.pdf"]'), 'the resume links to its published copy');

      // The saved payloads are inert: no script, no handler, no javascript: link, no svg.
      assert.equal(doc.querySelectorAll('script, svg[onload], iframe').length, 0);
      for (const element of doc.querySelectorAll('*'))
        for (const attribute of element.getAttributeNames())
          assert.doesNotMatch(attribute, /^on/i, `${element.tagName} has no ${attribute}`);
      assert.equal(doc.querySelectorAll('a[href^="javascript"]').length, 0);
      assert.match(doc.body.textContent ?? '', /Hello/);

      // The published copies are anyone's to fetch; the originals stay in the private buckets.
      assert.equal((await visit('ada-lovelace/files/portfolio-images/image-a1.png')).status, 200);
      assert.equal((await visit('ada-lovelace/files/resumes/resume-a1.pdf')).status, 200);
      assert.equal((await fetch(`${t.url}/storage/v1/object/public/portfolio-images/${image.split('/').slice(1).join('/')}`)).status, 400);
    });

    test("the free generator's portfolio publishes without a purchase", async () => {
      const frank = await signedInUser(t, 'frank');
      const id = await portfolio(frank, 'generator', { name: 'Frank Free', skills: 'Go, SQL' });
      assert.equal((await publish(frank, id, 'frank-free')).status, 200);
      const doc = documentOf((await pageOf('frank-free')).html);
      assert.equal(doc.title, 'Frank Free');
      assert.match(doc.body.textContent ?? '', /Go.*SQL/s);
    });

    test('a paid template nobody bought is refused by the database, and nothing is written', async () => {
      const id = await portfolio(alice, '2', { temp2name: 'Bakery' });
      const res = await publish(alice, id, 'alice-bakery');
      assert.equal(res.status, 403);
      assert.match((await res.json()).error, /needs a purchase or a plan/);
      assert.equal((await pageOf('alice-bakery')).status, 400);
      const row = await alice.client.from('portfolios').select('published, slug').eq('id', id).single();
      assert.deepEqual(row.data, { published: false, slug: null });
    });

    test("another user can neither publish, unpublish nor export Alice's portfolio, nor take her address", async () => {
      const id = await portfolio(alice, '1', { name: 'Alice' });
      assert.equal((await publish(alice, id, 'alice-own')).status, 200);

      assert.equal((await publish(bob, id, 'bob-took-it')).status, 404, 'her row is not his to publish');
      assert.equal((await unpublish(bob, id)).status, 404, 'nor to take down');
      assert.equal((await callPublish(bob.accessToken, { action: 'export', portfolioId: id })).status, 404, 'nor to export');
      assert.equal((await pageOf('alice-own')).status, 200, 'her page stays up');

      const bobs = await portfolio(bob, '1', { name: 'Bob' });
      const taken = await publish(bob, bobs, 'alice-own');
      assert.equal(taken.status, 409);
      assert.equal((await taken.json()).error, 'That address is taken. Choose another.');
      assert.match((await pageOf('alice-own')).html, /Alice/, 'her page is not overwritten');

      assert.equal((await callPublish(undefined, { action: 'publish', portfolioId: bobs, slug: 'bob-page' })).status, 401);
      const reserved = await publish(bob, bobs, 'admin');
      assert.equal(reserved.status, 400);
      assert.equal((await reserved.json()).error, 'That address is reserved. Choose another.');
      for (const bad of ['Bob', 'bo', '-bob', 'bob_page', 'a'.repeat(41)]) assert.equal((await publish(bob, bobs, bad)).status, 400, bad);
    });

    test("a row naming another user's file publishes nothing of it", async () => {
      const bobsId = await portfolio(bob, '1', { name: 'Bob' });
      const bobsPicture = await upload(bob, 'portfolio-images', bobsId, 'image-secret.png');
      const id = await portfolio(alice, '1', { name: 'Alice again', image: bobsPicture });
      assert.equal((await publish(alice, id, 'alice-forged')).status, 200);
      const doc = documentOf((await pageOf('alice-forged')).html);
      assert.equal(doc.querySelector('img'), null);
      assert.equal((await visit('alice-forged/files/portfolio-images/image-secret.png')).status, 400);
    });

    test('unpublish takes the page down and holds its address for her; republishing shows the edit; a new address moves it', async () => {
      const id = await portfolio(alice, '1', { name: 'First version' });
      const picture = await upload(alice, 'portfolio-images', id, 'image-old.png');
      await save(alice, id, { name: 'First version', image: picture });
      assert.equal((await publish(alice, id, 'alice-moves')).status, 200);
      assert.match((await pageOf('alice-moves')).html, /First version/);

      const down = await unpublish(alice, id);
      assert.equal(down.status, 200);
      assert.equal((await pageOf('alice-moves')).status, 400);
      assert.equal((await visit('alice-moves/files/portfolio-images/image-old.png')).status, 400);
      assert.equal((await anonClient(t).from('portfolios').select('id').eq('id', id)).data?.length, 0, 'the row is private');
      assert.deepEqual(await down.json(), { published: false, freedSlug: 'alice-moves' });
      assert.equal((await anonClient(t).rpc('slug_available', { candidate: 'alice-moves' })).data, false, 'its address is held for her');

      const newPicture = await upload(alice, 'portfolio-images', id, 'image-new.png');
      await save(alice, id, { name: 'Second version', image: newPicture });
      assert.equal((await publish(alice, id, 'alice-moves')).status, 200);
      const page = await pageOf('alice-moves');
      assert.match(page.html, /Second version/);
      assert.doesNotMatch(page.html, /First version/);
      assert.equal((await visit('alice-moves/files/portfolio-images/image-new.png')).status, 200);

      assert.equal((await publish(alice, id, 'alice-moved')).status, 200);
      assert.equal((await pageOf('alice-moves')).status, 400, 'the old address is taken down');
      assert.equal((await visit('alice-moves/files/portfolio-images/image-new.png')).status, 400);
      assert.match((await pageOf('alice-moved')).html, /Second version/);
    });

    test('a plan removes the badge', async () => {
      const carol = await signedInUser(t, 'carol');
      await grantPurchase(serviceClient(t), carol.id, { itemType: 'plan', itemId: 'basic' });
      const four = await portfolio(carol, '4', { temp4heading: 'Mugs' });
      const res = await publish(carol, four, 'carol-mugs');
      assert.equal(res.status, 200);
      assert.equal((await res.json()).badge, false);
      assert.equal(documentOf((await pageOf('carol-mugs')).html).querySelector('.ff-badge'), null);
    });

    test("a plan's page takes its visitors' emails through a form that needs no script, confirmed by mail before the owner sees them", async () => {
      const erin = await signedInUser(t, 'erin');
      await grantPurchase(serviceClient(t), erin.id, { itemType: 'plan', itemId: 'pro' });
      const id = await portfolio(erin, '2', { temp2name: 'Erin Bakes' });
      assert.equal((await publish(erin, id, 'erin-bakes')).status, 200);
      const form = documentOf((await pageOf('erin-bakes')).html).querySelector('.ff-subscribe form');
      assert.equal(form?.getAttribute('action'), `${t.url}/functions/v1/subscribe`);
      assert.equal(form?.getAttribute('method'), 'post');

      // As a browser posts the form from the page: urlencoded, with the page's origin.
      const signUp = (fields: Record<string, string>, origin = 'http://localhost:3000') =>
        fetch(form!.getAttribute('action')!, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ portfolio: id, slug: 'erin-bakes', ...fields }),
          redirect: 'manual',
        });
      const pending = 'http://localhost:3000/p/erin-bakes#subscribe-check-mail';
      const done = await signUp({ email: 'Fan@Example.com', name: 'A Fan' });
      assert.equal(done.status, 303);
      assert.equal(done.headers.get('location'), pending);
      assert.deepEqual((await erin.client.from('subscribers').select('email')).data, [], 'nothing to see before the address is confirmed');

      const mails = (await t.cloud.ctx.mailbox.list()).filter((mail) => mail.to === 'fan@example.com');
      assert.equal(mails.length, 1, 'the address gets one mail with a link');
      const link = mails[0]!.links.find((url) => url.includes('/functions/v1/subscribe?confirm='))!;
      assert.equal((await signUp({ email: 'FAN@example.com' })).headers.get('location'), pending, 'again: the same answer ...');
      assert.equal((await t.cloud.ctx.mailbox.list()).filter((mail) => mail.to === 'fan@example.com').length, 1, '... and no second mail');
      const confirmed = await fetch(link, { redirect: 'manual' });
      assert.equal(confirmed.headers.get('location'), 'http://localhost:3000/p/erin-bakes#subscribe-confirmed');
      assert.equal(
        (await fetch(link, { redirect: 'manual' })).headers.get('location'),
        'http://localhost:3000/p/erin-bakes#subscribe-link-expired',
      );
      assert.equal((await signUp({ email: 'fan@example.com' })).headers.get('location'), pending, 'a confirmed address is answered alike');

      assert.equal(
        (await signUp({ email: 'not an email' })).headers.get('location'),
        'http://localhost:3000/p/erin-bakes#subscribe-failed',
      );
      assert.equal((await signUp({ email: 'x@example.com', slug: '//evil.example' })).status, 400, 'no redirect built from a bad address');
      assert.equal((await signUp({ email: 'x@example.com' }, 'https://evil.example')).status, 403, 'a form on another site is refused');

      const list = await erin.client.from('subscribers').select('email, name').eq('portfolio_id', id);
      assert.deepEqual(list.data, [{ email: 'fan@example.com', name: 'A Fan' }]);
      assert.deepEqual((await bob.client.from('subscribers').select('email').eq('portfolio_id', id)).data, [], 'nobody else reads them');

      // Without a plan the page has no form, and a forged post is refused.
      const bobs = await portfolio(bob, '1', { name: 'Bob Plain' });
      assert.equal((await publish(bob, bobs, 'bob-plain')).status, 200);
      assert.equal(documentOf((await pageOf('bob-plain')).html).querySelector('.ff-subscribe'), null);
      const forged = await fetch(`${t.url}/functions/v1/subscribe`, {
        method: 'POST',
        headers: { origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ portfolio: bobs, slug: 'bob-plain', email: 'spam@example.com' }),
        redirect: 'manual',
      });
      assert.equal(forged.headers.get('location'), 'http://localhost:3000/p/bob-plain#subscribe-failed');
    });

    test('a customized look needs Pro or Premium, is kept by the database, and reaches the page at publish', async () => {
      const basic = await signedInUser(t, 'basic');
      await grantPurchase(serviceClient(t), basic.id, { itemType: 'plan', itemId: 'basic' });
      const plain = await portfolio(basic, '1', { name: 'Basic Look' });
      const refused = await basic.client
        .from('portfolios')
        .update({ look: { accent: 'plum' } })
        .eq('id', plain);
      assert.equal(refused.status, 403, 'Basic does not customise the look, not even straight through REST');
      assert.match(refused.error?.message ?? '', /Pro or Premium/);
      assert.equal(
        (await basic.client.from('portfolios').update({ look: {} }).eq('id', plain)).error,
        null,
        'the own look is always allowed',
      );

      const pro = await signedInUser(t, 'pro');
      await grantPurchase(serviceClient(t), pro.id, { itemType: 'plan', itemId: 'pro' });
      const id = await portfolio(pro, '1', { name: 'Pro Look' });
      for (const bad of [{ accent: '#ff0000' }, { font: 'Comic Sans' }, { accent: 'teal', css: 'body{}' }, []]) {
        const answer = await pro.client.from('portfolios').update({ look: bad }).eq('id', id);
        assert.equal(answer.status, 400, `${JSON.stringify(bad)} is not a look`);
      }
      assert.equal(
        (
          await pro.client
            .from('portfolios')
            .update({ look: { accent: 'plum', font: 'serif' } })
            .eq('id', id)
        ).error,
        null,
      );
      assert.equal((await publish(pro, id, 'pro-look')).status, 200);
      const html = (await pageOf('pro-look')).html;
      assert.match(html, /#7a3b8f/, 'the plum accent');
      assert.match(html, /--ff-look-font:"Source Serif 4"/, 'the serif font ...');
      const face = /url\("(\/p\/pro-look\/files\/source-serif-4-latin-400-normal\.woff2)"\)/.exec(html)?.[1];
      assert.ok(face, '... from a file of the page');
      const stored = await serviceClient(t).storage.from('sites').download(face.slice('/p/'.length));
      assert.equal(stored.data?.type, 'font/woff2');
      const entitlement = await pro.client.from('entitlements').select('customized_look').single();
      assert.equal(entitlement.data?.customized_look, true);
    });

    test('Premium gets a monogram logo and share images drawn from the page; other plans are refused', async () => {
      const pro = await signedInUser(t, 'kitless');
      await grantPurchase(serviceClient(t), pro.id, { itemType: 'plan', itemId: 'pro' });
      const proPage = await portfolio(pro, '1', { name: 'Pro Person' });
      const refused = await callPublish(pro.accessToken, { action: 'brand-kit', portfolioId: proPage });
      assert.equal(refused.status, 403);
      assert.match((await refused.json()).error, /Premium/);

      const premium = await signedInUser(t, 'premium');
      await grantPurchase(serviceClient(t), premium.id, { itemType: 'plan', itemId: 'premium' });
      const id = await portfolio(premium, '1', { name: 'Ada <script>alert(1)</script> Lovelace', about: '<p>Engines & notes</p>' });
      await premium.client
        .from('portfolios')
        .update({ look: { accent: 'indigo' } })
        .eq('id', id);
      const res = await callPublish(premium.accessToken, { action: 'brand-kit', portfolioId: id });
      assert.equal(res.status, 200);
      const kit = (await res.json()) as { logo: string; images: { name: string; width: number; height: number; svg: string }[] };
      assert.deepEqual(
        kit.images.map(({ name, width, height }) => [name, width, height]),
        [
          ['share-1200x630', 1200, 630],
          ['post-1080x1080', 1080, 1080],
          ['profile-400x400', 400, 400],
        ],
      );
      for (const svg of [kit.logo, ...kit.images.map((image) => image.svg)]) {
        const doc = new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document;
        assert.equal(doc.documentElement.nodeName, 'svg', 'well-formed SVG');
        assert.equal(doc.querySelectorAll('script, foreignObject').length, 0, 'the name is text, never markup');
        assert.match(svg, /#3b4bc8/, 'in the page’s accent');
      }
      assert.match(kit.logo, />AL</, 'the initials');
      assert.match(kit.images[0]!.svg, /Engines &amp; notes/);
      assert.equal((await callPublish(bob.accessToken, { action: 'brand-kit', portfolioId: id })).status, 404, "nobody else's");
    });

    test('export: the same static site as a zip, with its files and portfolio.json in the JSON Resume shape', async () => {
      const dave = await signedInUser(t, 'dave');
      // Dave has bought nothing yet: his data is his, the paid template's site is not (issue 23).
      const id = await portfolio(dave, '1', {
        name: 'Dave',
        email: 'dave@example.com',
        phone: '+91 98765 43210',
        about: XSS,
        project1title: 'Bridge',
        project1description: '<p>A <b>long</b> one</p>',
        project1url: 'https://example.com/bridge',
        githublink: 'https://github.com/dave',
      });
      const picture = await upload(dave, 'portfolio-images', id, 'image-d.png');
      const row = await dave.client.from('portfolios').select('data').eq('id', id).single();
      await save(dave, id, { ...(row.data!.data as Record<string, unknown>), image: picture });

      const refused = await callPublish(dave.accessToken, { action: 'export', portfolioId: id });
      assert.equal(refused.status, 403, 'the site of a paid template he neither bought nor has a plan for is refused');
      assert.match((await refused.json()).error, /needs what publishing it needs.*portfolio\.json/);
      const data = await callPublish(dave.accessToken, { action: 'export-data', portfolioId: id });
      assert.equal(data.status, 200, 'his own data is always his to download');
      assert.match(data.headers.get('content-disposition') ?? '', /attachment; filename="mine-portfolio\.json"/);
      assert.equal((await data.json()).basics.name, 'Dave');
      assert.equal(
        (await callPublish(bob.accessToken, { action: 'export-data', portfolioId: id })).status,
        404,
        "nobody else downloads Dave's data",
      );

      await grantPurchase(serviceClient(t), dave.id, { itemType: 'template', itemId: '1' });
      const res = await callPublish(dave.accessToken, { action: 'export', portfolioId: id });
      assert.equal(res.status, 200, 'bought, the site is his to download');
      assert.match(res.headers.get('content-disposition') ?? '', /attachment; filename="mine-site\.zip"/);
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      assert.deepEqual(Object.keys(files).sort(), [
        'files/Dave-resume.pdf',
        'files/apple-touch-icon.png',
        'files/favicon.svg',
        'files/portfolio-images/image-d.png',
        'index.html',
        'portfolio.json',
        'robots.txt',
      ]);
      const doc = documentOf(strFromU8(files['index.html']!));
      assert.equal(
        doc.querySelector('img')?.getAttribute('src'),
        'files/portfolio-images/image-d.png',
        'the page finds its files beside it',
      );
      assert.equal(doc.querySelector('meta[name="robots"]'), null, 'made to be hosted and found elsewhere');
      assert.equal(strFromU8(files['robots.txt']!), 'User-agent: *\nAllow: /\n');
      assert.equal(doc.querySelector('a.ff-badge')?.textContent, 'Made with FolioForge', 'a template bought without a plan: as its page');
      assert.equal(doc.querySelectorAll('script').length, 0);
      assert.equal(doc.querySelectorAll('a[href^="javascript"]').length, 0);
      const resume = JSON.parse(strFromU8(files['portfolio.json']!));
      assert.equal(resume.basics.name, 'Dave');
      assert.equal(resume.basics.email, 'dave@example.com');
      assert.equal(resume.basics.phone, '+91 98765 43210');
      assert.equal(resume.basics.image, 'files/portfolio-images/image-d.png');
      assert.deepEqual(resume.basics.profiles, [{ network: 'GitHub', url: 'https://github.com/dave' }]);
      assert.deepEqual(resume.projects, [{ name: 'Bridge', description: 'A long one', url: 'https://example.com/bridge' }]);
      assert.doesNotMatch(resume.basics.summary, /<|alert\(/);
    });
  });
