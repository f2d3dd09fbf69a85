// A published page belongs to its row, for exactly as long as it should (issue 20): deleting a
// portfolio takes its page down and frees its address; two publishes of one row never leave two
// pages; a template switched while publishing never publishes what was not paid for; a lapsed plan
// takes back what it added; published copies count in the storage quota; an account keeps at most
// 20 portfolios; and the sweep removes whatever no published row owns. Through supabase-js and plain
// HTTP, as users, visitors and attackers would, on the journey backend; the races run 50 times, on Postgres.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { hasControlCharacters } from '../../supabase/functions/_shared/text.ts';
import { startLocalCloud } from '../src/index.ts';
import { grantPurchase } from './support/cloud.ts';
import { callPublish, sweep } from './support/functions.ts';
import { pdfBlob, pngBlob } from './support/servicesFiles.ts';
import {
  endAddressHold,
  anonClient,
  JOURNEY_AND_RACE_BACKENDS,
  journeyTestOn,
  raceTestOn,
  serviceClient,
  signedInUser,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';
import { withMigratedPglite } from './support/process.ts';
import { startSiteServer, type SiteServer } from './support/siteServer.ts';

const RACES = 50;

after(stopClusters);

for (const backend of JOURNEY_AND_RACE_BACKENDS)
  describe(`a page for as long as its row is published (${backend})`, { skip: skipFor(backend) }, () => {
    const journey = journeyTestOn(backend);
    const race = raceTestOn(backend);
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

    const publish = (user: TestUser, portfolioId: string, slug: string) =>
      callPublish(t, user.accessToken, { action: 'publish', portfolioId, slug });
    /** A page as the site answers it to a visitor. */
    const visit = async (slug: string) => {
      const res = await fetch(`${siteUrl}/p/${slug}`);
      return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
    };
    /** An object of the public bucket, straight from Storage. */
    const stored = (objectPath: string) => fetch(`${t.url}/storage/v1/object/public/sites/${objectPath}`);
    const available = async (slug: string) => (await anonClient(t).rpc('slug_available', { candidate: slug })).data as boolean;

    async function portfolio(user: TestUser, templateId: string, data: Record<string, unknown>): Promise<string> {
      const { data: row, error } = await user.client
        .from('portfolios')
        .insert({ template_id: templateId, title: 'Mine', data })
        .select('id')
        .single();
      assert.equal(error, null);
      return row!.id as string;
    }

    async function save(user: TestUser, id: string, data: Record<string, unknown>) {
      const { data: row } = await user.client.from('portfolios').select('version').eq('id', id).single();
      assert.equal(
        (await user.client.rpc('save_portfolio', { portfolio_id: id, expected_version: row!.version, new_data: data })).error,
        null,
      );
    }

    journey('deleting a published portfolio takes its page down; its address is held for her, then anyone’s (#1)', async () => {
      const alice = await signedInUser(t, 'alice');
      const mallory = await signedInUser(t, 'mallory');
      const id = await portfolio(alice, 'generator', { name: 'Alice Private', phone: '+91 98765 43210' });
      const picture = `${alice.id}/${id}/image-a.png`;
      assert.equal((await alice.client.storage.from('portfolio-images').upload(picture, pngBlob())).error, null);
      await save(alice, id, { name: 'Alice Private', phone: '+91 98765 43210', image: `storage:portfolio-images/${picture}` });
      assert.equal((await publish(alice, id, 'alice-deletes')).status, 200);
      assert.equal((await visit('alice-deletes')).status, 200);

      // My portfolios deletes through the function; straight through REST it is refused.
      assert.equal((await alice.client.from('portfolios').delete().eq('id', id)).status, 403);
      const deleted = await callPublish(t, alice.accessToken, { action: 'delete', portfolioId: id });
      assert.equal(deleted.status, 200);
      assert.deepEqual(await deleted.json(), { deleted: true, freedSlug: 'alice-deletes' });
      const gone = await visit('alice-deletes');
      assert.equal(gone.status, 404);
      assert.doesNotMatch(gone.html, /Alice Private|98765/, 'no name, no phone number');
      assert.equal((await stored('alice-deletes/files/portfolio-images/image-a.png')).status, 400, 'no picture');
      assert.equal((await stored(`_published/${id}`)).status, 400);
      assert.deepEqual((await alice.client.storage.from('portfolio-images').list(`${alice.id}/${id}`)).data, [], 'its files went with it');
      assert.equal(await available('alice-deletes'), false, 'her old links show nobody else for 30 days');

      const hers = await portfolio(mallory, 'generator', { name: 'Mallory' });
      const refused = await publish(mallory, hers, 'alice-deletes');
      assert.equal(refused.status, 409);
      assert.match(
        ((await refused.json()) as { error: string }).error,
        /^The address alice-deletes is held for its former owner until \d{1,2} [A-Z][a-z]+ \d{4}\. Choose another\.$/,
        'the publish function says until when (issue 45 #11)',
      );
      await endAddressHold(t, 'alice-deletes');
      assert.equal(await available('alice-deletes'), true);
      assert.equal((await publish(mallory, hers, 'alice-deletes')).status, 200, 'the address is anyone’s after the hold');
      assert.match((await visit('alice-deletes')).html, /Mallory/);
      assert.equal((await callPublish(t, alice.accessToken, { action: 'delete', portfolioId: hers })).status, 404, 'but not her page');
    });

    race('two publishes of one row at once leave one page, at the address the row holds (#1, 50 times)', async () => {
      const bob = await signedInUser(t, 'bob');
      const id = await portfolio(bob, 'generator', { name: 'Bob Races' });
      const earlier: string[] = [];
      for (let round = 0; round < RACES; round++) {
        const [a, b] = [`bob-${backend}-${round}-a`, `bob-${backend}-${round}-b`];
        const answers = await Promise.all([publish(bob, id, a), publish(bob, id, b)]);
        const statuses = answers.map((answer) => answer.status).sort();
        assert.ok(['200,200', '200,409'].includes(statuses.join()), `round ${round}: ${statuses.join()}`);
        await Promise.all(answers.map((answer) => answer.body?.cancel()));
        const row = await serviceClient(t).from('portfolios').select('slug, published').eq('id', id).single();
        const held = row.data!.slug as string;
        assert.ok([a, b].includes(held), `round ${round}: the row holds ${held}`);
        const other = held === a ? b : a;
        assert.equal((await stored(`${held}/index.html`)).status, 200, `round ${round}: its page is up`);
        assert.equal((await stored(`${other}/index.html`)).status, 400, `round ${round}: no second page at ${other}`);
        assert.equal(await (await stored(`_published/${id}`)).text(), held);
        earlier.push(other);
      }
      // Unpublishing once takes down the one page there is; none of the addresses it ever held is live.
      assert.equal((await callPublish(t, bob.accessToken, { action: 'unpublish', portfolioId: id })).status, 200);
      for (const slug of earlier.slice(-5)) assert.equal((await stored(`${slug}/index.html`)).status, 400);
      const { data: objects } = await serviceClient(t).storage.from('sites').list('', { limit: 1000 });
      assert.deepEqual(
        (objects ?? []).filter((entry) => entry.name.startsWith(`bob-${backend}-`)).map((entry) => entry.name),
        [],
        'no folder of any round is left',
      );
    });

    race('a template switched while publishing never publishes a paid template for free (#3, 50 times)', async () => {
      const frank = await signedInUser(t, 'frank'); // bought nothing
      const data = { name: 'Frank', project1title: 'PAID-ONLY-MARKER', skills: 'FREE-ONLY-MARKER' };
      const id = await portfolio(frank, '3', data);
      const slug = `frank-${backend}`;
      let published = 0;
      for (let round = 0; round < RACES; round++) {
        // Odd rounds start from the paid template and switch to the free one; even rounds the other way.
        const [from, to] = round % 2 ? ['3', 'generator'] : ['generator', '3'];
        const reset = await serviceClient(t).from('portfolios').update({ template_id: from }).eq('id', id);
        assert.equal(reset.error, null);
        const [answer] = await Promise.all([
          publish(frank, id, slug),
          frank.client.from('portfolios').update({ template_id: to }).eq('id', id),
        ]);
        await answer.body?.cancel();
        const row = await serviceClient(t).from('portfolios').select('template_id, published').eq('id', id).single();
        const page = await stored(`${slug}/index.html`);
        const html = page.status === 200 ? await page.text() : '';
        if (row.data!.published) {
          published++;
          assert.equal(row.data!.template_id, 'generator', `round ${round}: only the free template is published`);
          assert.match(html, /FREE-ONLY-MARKER/);
        }
        assert.doesNotMatch(html, /PAID-ONLY-MARKER/, `round ${round}: template 3's page never goes live (answer ${answer.status})`);
        const snapshot = await serviceClient(t).from('published_pages').select('template_id').eq('portfolio_id', id).maybeSingle();
        assert.ok(!snapshot.data || snapshot.data.template_id === 'generator');
        if (row.data!.published)
          assert.equal((await callPublish(t, frank.accessToken, { action: 'unpublish', portfolioId: id })).status, 200);
      }
      assert.ok(published > 0, 'the free template did publish in some rounds, so the check above could fail');
    });

    journey('a lapsed plan: its paid template is not published again, and the sweep takes back badge, look and form (#5)', async () => {
      const pat = await signedInUser(t, 'pat');
      await grantPurchase(serviceClient(t), pat.id, { itemType: 'plan', itemId: 'pro' });
      const id = await portfolio(pat, '3', { name: 'Pat Pro', about: '<p>First version</p>' });
      assert.equal(
        (
          await pat.client
            .from('portfolios')
            .update({ look: { accent: 'plum' } })
            .eq('id', id)
        ).error,
        null,
      );
      assert.equal((await publish(pat, id, `pat-${backend}`)).status, 200);
      let page = await visit(`pat-${backend}`);
      const resumeHref = `/p/pat-${backend}/files/Pat-Pro-resume.pdf`;
      assert.ok(page.html.includes(`href="${resumeHref}"`), 'the page links the résumé made at publish');
      const plumResume = await (await fetch(`${siteUrl}${resumeHref}`)).arrayBuffer();
      assert.doesNotMatch(page.html, /ff-badge/);
      assert.match(page.html, /#7a3b8f/, 'the plum accent');
      assert.match(page.html, /ff-subscribe/);

      await serviceClient(t)
        .from('purchases')
        .update({ expires_at: new Date(Date.now() - 60_000).toISOString() })
        .eq('user_id', pat.id);
      await save(pat, id, { name: 'Pat Pro', about: '<p>New content after the plan ended</p>' });
      const again = await publish(pat, id, `pat-${backend}`);
      assert.equal(again.status, 403, 'republishing a paid template needs the plan');
      assert.match((await visit(`pat-${backend}`)).html, /First version/, 'the page keeps the version published under the plan');

      const report = await sweep(t);
      assert.ok(report.pagesRenderedAgain >= 1);
      page = await visit(`pat-${backend}`);
      assert.equal(page.status, 200, 'the page stays up ...');
      assert.match(page.html, /First version/, '... as the version that was published ...');
      assert.doesNotMatch(page.html, /New content/);
      assert.match(page.html, /ff-badge/, '... with the badge back ...');
      assert.doesNotMatch(page.html, /#7a3b8f/, '... the look off ...');
      assert.doesNotMatch(page.html, /ff-subscribe/, '... and no sign-up form');
      assert.ok(page.html.includes(`href="${resumeHref}"`), '... still linking its résumé ...');
      const plainResume = Buffer.from(await (await fetch(`${siteUrl}${resumeHref}`)).arrayBuffer());
      assert.ok(plainResume.subarray(0, 5).equals(Buffer.from('%PDF-')));
      assert.ok(
        !plainResume.equals(Buffer.from(plumResume)),
        '... and its résumé made again (pdf-lib dates each file, so this shows it was rewritten, not its colours)',
      );
      assert.equal((await sweep(t)).pagesRenderedAgain, 0, 'once is enough');
    });

    journey('published copies count in the storage use; an account keeps at most 20 portfolios (#6)', async () => {
      const quinn = await signedInUser(t, 'quinn');
      const id = await portfolio(quinn, 'generator', { name: 'Quinn' });
      const picture = `${quinn.id}/${id}/image-q.png`;
      assert.equal((await quinn.client.storage.from('portfolio-images').upload(picture, pngBlob())).error, null);
      await save(quinn, id, { name: 'Quinn', image: `storage:portfolio-images/${picture}` });
      assert.equal((await publish(quinn, id, `quinn-${backend}`)).status, 200);
      const usage = async () => (await quinn.client.from('storage_usage').select('bytes, files').single()).data;
      assert.deepEqual(await usage(), { bytes: pngBlob().size, files: 1 }, 'a copy of a kept file costs nothing more');
      assert.equal((await quinn.client.storage.from('portfolio-images').remove([picture])).error, null);
      assert.deepEqual(await usage(), { bytes: pngBlob().size, files: 1 }, 'deleting the original frees nothing while the page shows it');
      assert.equal((await callPublish(t, quinn.accessToken, { action: 'unpublish', portfolioId: id })).status, 200);
      assert.deepEqual(await usage(), { bytes: 0, files: 0 }, 'the page gone, so is its use');

      // 40 at once, as the attack did: 20 are kept (one is there already), the rest refused.
      const inserts = await Promise.all(
        Array.from({ length: 40 }, (_, n) => quinn.client.from('portfolios').insert({ template_id: 'generator', title: `Bulk ${n}` })),
      );
      assert.equal(inserts.filter((answer) => answer.error === null).length, 19);
      const refused = inserts.find((answer) => answer.error !== null)!;
      assert.equal(refused.status, 400);
      assert.match(refused.error!.message, /at most 20 portfolios/);
      assert.equal((await quinn.client.from('portfolios').select('id')).data?.length, 20);
    });

    journey('a page with an https picture gets its own share card; a picture and a resume of one name do not collide (#15)', async () => {
      const gina = await signedInUser(t, 'gina');
      const id = await portfolio(gina, 'generator', { name: 'Gina', image: 'https://images.example.org/gina.png' });
      assert.equal((await publish(gina, id, `gina-${backend}`)).status, 200);
      const doc = new JSDOM((await visit(`gina-${backend}`)).html).window.document;
      const card = doc.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? '';
      assert.match(card, new RegExp(`^https?://[^/]+/p/gina-${backend}/files/share-card-[0-9a-f]{10}\\.png$`));
      assert.equal((await stored(`gina-${backend}/files/${card.split('/').pop()}`)).headers.get('content-type'), 'image/png');

      const same = await portfolio(gina, 'generator', { name: 'Gina Files' });
      const [image, resume] = [`${gina.id}/${same}/same-name`, `${gina.id}/${same}/same-name`];
      assert.equal((await gina.client.storage.from('portfolio-images').upload(image, pngBlob())).error, null);
      assert.equal((await gina.client.storage.from('resumes').upload(resume, pdfBlob())).error, null);
      await save(gina, same, { name: 'Gina Files', image: `storage:portfolio-images/${image}`, resume: `storage:resumes/${resume}` });
      assert.equal((await publish(gina, same, `gina-files-${backend}`)).status, 200);
      const page = new JSDOM((await visit(`gina-files-${backend}`)).html).window.document;
      const pictureUrl = page.querySelector('img')?.getAttribute('src');
      const resumeUrl = page.querySelector('a[href*="/files/resumes/"]')?.getAttribute('href');
      assert.equal(pictureUrl, `/p/gina-files-${backend}/files/portfolio-images/same-name`);
      assert.equal(resumeUrl, `/p/gina-files-${backend}/files/resumes/same-name`);
      const [pictureBytes, resumeBytes] = await Promise.all(
        [pictureUrl, resumeUrl].map(async (url) => new Uint8Array(await (await fetch(`${siteUrl}${url}`)).arrayBuffer())),
      );
      assert.deepEqual(pictureBytes.subarray(0, 4), new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'the picture is the picture');
      assert.equal(new TextDecoder().decode(resumeBytes.subarray(0, 5)), '%PDF-', 'and the resume the resume');
    });

    journey('control characters in a name reach neither the page nor the Premium brand kit (#16)', async () => {
      const ivy = await signedInUser(t, 'ivy');
      await grantPurchase(serviceClient(t), ivy.id, { itemType: 'plan', itemId: 'premium' });
      const id = await portfolio(ivy, '1', { name: 'Ivy\u0007 \u001bLovelace\u0085', about: '<p>Bell\u0008 here</p>' });
      assert.equal((await publish(ivy, id, `ivy-${backend}`)).status, 200);
      const page = await visit(`ivy-${backend}`);
      assert.equal(new JSDOM(page.html).window.document.title, 'Ivy Lovelace');
      assert.equal(hasControlCharacters(page.html, { multiline: true }), false);
      const kit = await (await callPublish(t, ivy.accessToken, { action: 'brand-kit', portfolioId: id })).json();
      for (const svg of [kit.logo, ...kit.images.map((image: { svg: string }) => image.svg)]) {
        const doc = new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document;
        assert.equal(doc.querySelector('parsererror'), null, 'well-formed XML');
      }
      assert.match(kit.logo, />IL</);
    });

    journey('the site serves HTML as HTML, though Storage serves it as text/plain (#12)', async () => {
      const hugo = await signedInUser(t, 'hugo');
      const id = await portfolio(hugo, 'generator', { name: 'Hugo' });
      assert.equal((await publish(hugo, id, `hugo-${backend}`)).status, 200);
      assert.equal((await stored(`hugo-${backend}/index.html`)).headers.get('content-type'), 'text/plain');
      const page = await visit(`hugo-${backend}`);
      assert.equal(page.type, 'text/html; charset=utf-8');
    });

    journey('the sweep removes pages, files, pointers and domain maps that no published row owns', async () => {
      const jo = await signedInUser(t, 'jo');
      const id = await portfolio(jo, 'generator', { name: 'Jo Crashed' });
      assert.equal((await publish(jo, id, `jo-${backend}`)).status, 200);
      const kept = await portfolio(jo, 'generator', { name: 'Jo Kept' });
      assert.equal((await publish(jo, kept, `jo-kept-${backend}`)).status, 200);
      // As if the function had crashed between deleting the row and its page (or the row went with its user).
      assert.equal((await serviceClient(t).from('portfolios').delete().eq('id', id)).error, null);
      const admin = serviceClient(t).storage.from('sites');
      await admin.upload(`_domains/jo-${backend}.example`, id, { contentType: 'application/octet-stream' });
      assert.equal((await visit(`jo-${backend}`)).status, 200, 'left behind');

      const report = await sweep(t);
      assert.ok(report.pagesRemoved >= 1 && report.domainMapsRemoved >= 1, JSON.stringify(report));
      assert.equal((await visit(`jo-${backend}`)).status, 404);
      assert.equal((await stored(`_published/${id}`)).status, 400);
      assert.equal((await stored(`_domains/jo-${backend}.example`)).status, 400);
      assert.equal((await visit(`jo-kept-${backend}`)).status, 200, 'a published page stays');
      assert.equal(await (await stored(`_published/${kept}`)).text(), `jo-kept-${backend}`);

      // Left within the last minutes, a page is the next sweep's: it may be one being published right now.
      const fresh = await portfolio(jo, 'generator', { name: 'Jo Fresh' });
      assert.equal((await publish(jo, fresh, `jo-fresh-${backend}`)).status, 200);
      assert.equal((await serviceClient(t).from('portfolios').delete().eq('id', fresh)).error, null);
      await sweep(t, 300);
      assert.equal((await visit(`jo-fresh-${backend}`)).status, 200);
      await sweep(t, 0);
      assert.equal((await visit(`jo-fresh-${backend}`)).status, 404);
      assert.equal((await callPublish(t, jo.accessToken, { action: 'sweep' })).status, 403, 'the sweep is the service role’s');
    });
  });

describe('the sweep at start', () => {
  test('local-cloud sweeps when it starts: a page whose row is gone is down before anyone asks (PGlite)', async () => {
    // A migrated database: the sweep is the subject, not migrating from nothing.
    const dataDir = withMigratedPglite(await mkdtemp(path.join(os.tmpdir(), 'lc-sweep-')));
    const options = { port: 0, host: '127.0.0.1', dataDir, silent: true, autoconfirm: true, sweepIntervalMs: 0 };
    try {
      let cloud = await startLocalCloud(options);
      const t: TestCloud = { cloud, url: cloud.url, dataDir, stop: () => cloud.close() };
      const kim = await signedInUser(t, 'kim');
      const { data: row } = await kim.client
        .from('portfolios')
        .insert({ template_id: 'generator', data: { name: 'Kim' } })
        .select('id')
        .single();
      const id = row!.id as string;
      assert.equal((await callPublish(t, kim.accessToken, { action: 'publish', portfolioId: id, slug: 'kim-at-start' })).status, 200);
      assert.equal((await serviceClient(t).from('portfolios').delete().eq('id', id)).error, null);
      await cloud.close();

      cloud = await startLocalCloud({ ...options, sweepIntervalMs: 60_000 });
      try {
        const page = () => fetch(`${cloud.url}/storage/v1/object/public/sites/kim-at-start/index.html`);
        const deadline = Date.now() + 60_000;
        while ((await page()).status === 200 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
        assert.equal((await page()).status, 400);
      } finally {
        await cloud.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
