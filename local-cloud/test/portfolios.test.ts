// Portfolios kept in the account, tried through the real supabase-js client as two users and an
// anonymous visitor: versioned saves enforced by Postgres, row-level security on files (on rows it is
// supabase/tests/portfolios.test.sql's),
// private pictures shared through signed URLs, and each user's storage use.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  anonClient,
  signedInUser,
  JOURNEY_BACKENDS,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';
import { callPublish } from './support/functions.ts';
import { PDF_BYTES, pdfBlob, pngBlob } from './support/servicesFiles.ts';

interface PortfolioRow {
  id: string;
  owner_id: string;
  template_id: string;
  title: string | null;
  data: Record<string, unknown>;
  version: number;
  published: boolean;
}

async function newPortfolio(user: TestUser, templateId: string, title: string, data: Record<string, unknown> = {}): Promise<PortfolioRow> {
  const { data: row, error } = await user.client.from('portfolios').insert({ template_id: templateId, title, data }).select().single();
  assert.equal(error, null);
  return row as PortfolioRow;
}

async function save(user: TestUser, id: string, expectedVersion: number, data: Record<string, unknown>) {
  return user.client.rpc('save_portfolio', { portfolio_id: id, expected_version: expectedVersion, new_data: data }).single<PortfolioRow>();
}

for (const backend of JOURNEY_BACKENDS)
  describe(`portfolios kept in the account (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let alice: TestUser;
    let bob: TestUser;
    let anon: SupabaseClient;

    before(async () => {
      t = await startTestCloud(backend);
      alice = await signedInUser(t, 'alice');
      bob = await signedInUser(t, 'bob');
      anon = anonClient(t);
    });
    after(async () => t.stop());

    test('a user keeps several portfolios of one template and lists them newest first', async () => {
      const first = await newPortfolio(alice, '1', 'Studio site', { name: 'Ada' });
      const second = await newPortfolio(alice, '1', 'Teaching site', { name: 'Ada L.' });
      await newPortfolio(alice, 'generator', 'CV');
      assert.equal(first.version, 1);
      assert.equal(first.owner_id, alice.id);
      const { data, error } = await alice.client
        .from('portfolios')
        .select('id, title, template_id')
        .eq('template_id', '1')
        .order('updated_at', { ascending: false });
      assert.equal(error, null);
      assert.deepEqual(
        data?.map((row) => row.id),
        [second.id, first.id],
      );
    });

    test('a save against the version held is accepted; a stale one is refused with 409 and both versions named', async () => {
      const row = await newPortfolio(alice, '2', 'Bakery');
      const saved = await save(alice, row.id, 1, { temp2name: 'Crumb' });
      assert.equal(saved.error, null);
      assert.equal(saved.data?.version, 2);
      assert.deepEqual(saved.data?.data, { temp2name: 'Crumb' });

      // A second tab still at version 1.
      const stale = await save(alice, row.id, 1, { temp2name: 'Stale tab' });
      assert.equal(stale.status, 409);
      assert.equal(stale.error?.code, 'PT409');
      assert.match(stale.error?.message ?? '', /newer version/);
      assert.match(stale.error?.details ?? '', /version 2; this save was made from version 1/);
      const { data } = await alice.client.from('portfolios').select('data, version').eq('id', row.id).single();
      assert.deepEqual(data, { data: { temp2name: 'Crumb' }, version: 2 });
    });

    test('the version rule holds for a plain update too; a rename keeps the version', async () => {
      const row = await newPortfolio(alice, '3', 'Consulting', { name: 'v1' });
      const blind = await alice.client
        .from('portfolios')
        .update({ data: { name: 'blind overwrite' } })
        .eq('id', row.id);
      assert.equal(blind.error?.code, 'PT409');
      const skipped = await alice.client
        .from('portfolios')
        .update({ data: { name: 'jump' }, version: 5 })
        .eq('id', row.id);
      assert.equal(skipped.error?.code, 'PT409');
      const renamed = await alice.client.from('portfolios').update({ title: 'Consulting 2025' }).eq('id', row.id).select().single();
      assert.equal(renamed.error, null);
      assert.equal((renamed.data as PortfolioRow).version, 1);
      assert.deepEqual((renamed.data as PortfolioRow).data, { name: 'v1' });
    });

    test('a save of a missing portfolio says so', async () => {
      const missing = await save(alice, '00000000-0000-4000-8000-000000000000', 1, {});
      assert.equal(missing.status, 404);
      assert.equal(missing.error?.code, 'PT404');
    });

    test('a template id is checked for form only: a newly added template saves, garbage is refused', async () => {
      // Templates are folders in the app (tooling/templateIndex.mjs), not rows: no migration per template.
      const added = await newPortfolio(alice, '5', 'Studio page');
      assert.equal(added.template_id, '5');
      for (const templateId of ['0', '05', 'x5', '1; drop table portfolios', '', '1234567']) {
        const refused = await alice.client.from('portfolios').insert({ template_id: templateId, title: 'bad' });
        assert.equal(refused.error?.code, '23514', `template_id ${JSON.stringify(templateId)}`);
      }
    });

    test("files live under <user>/<portfolio>/; B cannot read, list, sign, overwrite, remove or upload into A's folder", async () => {
      const row = await newPortfolio(alice, '1', 'With a picture');
      const folder = `${alice.id}/${row.id}`;
      const images = alice.client.storage.from('portfolio-images');
      assert.equal((await images.upload(`${folder}/image.png`, pngBlob())).error, null);
      assert.equal((await alice.client.storage.from('resumes').upload(`${folder}/resume.pdf`, pdfBlob())).error, null);

      for (const bucket of ['portfolio-images', 'resumes']) {
        const theirs = bob.client.storage.from(bucket);
        const name = bucket === 'resumes' ? 'resume.pdf' : 'image.png';
        assert.ok((await theirs.download(`${folder}/${name}`)).error, `${bucket}: download`);
        assert.deepEqual((await theirs.list(folder)).data, [], `${bucket}: list`);
        assert.deepEqual((await theirs.list(alice.id)).data, [], `${bucket}: list the user folder`);
        assert.ok((await theirs.createSignedUrl(`${folder}/${name}`, 60)).error, `${bucket}: sign`);
        assert.deepEqual((await theirs.remove([`${folder}/${name}`])).data, [], `${bucket}: remove`);
        const upsert = await theirs.upload(`${folder}/${name}`, bucket === 'resumes' ? pdfBlob() : pngBlob(), { upsert: true });
        assert.equal(upsert.error && (upsert.error as { statusCode?: string }).statusCode, '403', `${bucket}: overwrite`);
        const planted = await theirs.upload(`${folder}/planted-${name}`, bucket === 'resumes' ? pdfBlob() : pngBlob());
        assert.equal(planted.error && (planted.error as { statusCode?: string }).statusCode, '403', `${bucket}: upload into A's folder`);
        assert.deepEqual((await anon.storage.from(bucket).list(folder)).data, [], `${bucket}: anon list`);
        assert.ok((await anon.storage.from(bucket).download(`${folder}/${name}`)).error, `${bucket}: anon download`);
      }

      // Pictures are private now: the public URL answers nothing, a signed URL from the owner works.
      const publicUrl = anon.storage.from('portfolio-images').getPublicUrl(`${folder}/image.png`).data.publicUrl;
      assert.equal((await fetch(publicUrl)).status, 400);
      const signed = await images.createSignedUrl(`${folder}/image.png`, 60);
      assert.equal(signed.error, null);
      const res = await fetch(signed.data!.signedUrl);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'image/png');

      const names = (await images.list(folder)).data?.map((entry) => entry.name);
      assert.deepEqual(names, ['image.png'], 'nothing planted');
    });

    test("a published portfolio's row and originals stay private: visitors get only its page (issue 20 #4)", async () => {
      const row = await newPortfolio(alice, 'generator', 'Public page', { name: 'Alice Public' });
      const published = await callPublish(t, alice.accessToken, { action: 'publish', portfolioId: row.id, slug: `public-page-${backend}` });
      assert.equal(published.status, 200);
      // Uploaded and saved as a draft after publishing: the page does not show it, and nobody else reads it.
      const key = `${alice.id}/${row.id}/resume.pdf`;
      assert.equal((await alice.client.storage.from('resumes').upload(key, pdfBlob())).error, null);
      assert.equal((await save(alice, row.id, row.version, { name: 'Alice Public', about: 'unpublished draft text' })).error, null);

      assert.deepEqual((await anon.from('portfolios').select('data').eq('slug', `public-page-${backend}`)).data, [], 'no draft text');
      assert.deepEqual((await anon.from('portfolios').select('owner_id').eq('published', true)).data, [], 'no list of owners');
      assert.deepEqual((await bob.client.from('portfolios').select('data').eq('id', row.id)).data, [], 'not for another user either');
      assert.ok((await anon.storage.from('resumes').createSignedUrl(key, 60)).error, 'the resume cannot be signed ...');
      assert.ok((await anon.storage.from('resumes').download(key)).error, '... nor downloaded ...');
      assert.deepEqual((await anon.storage.from('resumes').list(`${alice.id}/${row.id}`)).data ?? [], [], '... nor listed');
    });

    test('a renamed text file is refused as a resume by its content, and nothing is stored', async () => {
      const row = await newPortfolio(alice, 'generator', 'Fake resume');
      const key = `${alice.id}/${row.id}/resume.pdf`;
      const { error } = await alice.client.storage.from('resumes').upload(key, new Blob(['just words'], { type: 'application/pdf' }));
      assert.equal((error as { statusCode?: string } | null)?.statusCode, '415');
      assert.deepEqual((await alice.client.storage.from('resumes').list(`${alice.id}/${row.id}`)).data, []);
    });

    test('storage use counts only the caller’s own files', async () => {
      const carol = await signedInUser(t, 'carol');
      const row = await newPortfolio(carol, '1', 'Usage');
      const empty = await carol.client.from('storage_usage').select('user_id, bytes, files').single();
      assert.deepEqual(empty.data, { user_id: carol.id, bytes: 0, files: 0 });

      await carol.client.storage.from('portfolio-images').upload(`${carol.id}/${row.id}/a.png`, pngBlob());
      await carol.client.storage.from('resumes').upload(`${carol.id}/${row.id}/cv.pdf`, pdfBlob());
      const used = await carol.client.from('storage_usage').select('user_id, bytes, files').single();
      assert.deepEqual(used.data, { user_id: carol.id, bytes: pngBlob().size + PDF_BYTES.byteLength, files: 2 });

      const bobs = await bob.client.from('storage_usage').select('user_id, bytes, files');
      assert.equal(bobs.data?.length, 1);
      assert.equal(bobs.data?.[0]?.user_id, bob.id);
      assert.equal(bobs.data?.[0]?.files, 0);
    });
  });

after(stopClusters);
