// The résumé a published page offers when its owner uploaded none: made at publish from the saved
// row (the editor's code, run by the publish function), stored among the page's files, linked by the
// template's résumé link, re-made at each publish and carried by the export zip. Read back as an
// applicant tracking system would, with pdf.js.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { unzipSync, strFromU8 } from 'fflate';
import { JSDOM } from 'jsdom';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { importJsonResume } from '@folioforge/templates/model';
import { grantPurchase } from './support/cloud.ts';
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
import { pdfBlob } from './support/servicesFiles.ts';
import { callPublish as callPublishAs } from './support/functions.ts';

/** A JSON Resume as people export it from other tools: what the import turns into a portfolio. */
const JSON_RESUME = {
  basics: {
    name: 'Grace Hopper',
    label: 'Computer scientist',
    email: 'grace@example.com',
    phone: '+1 555 0100',
    summary: 'Invented the first compiler.',
    location: { city: 'Arlington', region: 'Virginia' },
  },
  work: [
    { name: 'US Navy', position: 'Rear admiral', startDate: '1967-08-01', endDate: '1986-08-14', summary: 'Standardised COBOL.' },
    { name: 'Eckert–Mauchly', position: 'Senior mathematician', startDate: '1949-06-01', summary: 'Wrote A-0.' },
  ],
  education: [{ institution: 'Yale University', studyType: 'PhD', area: 'Mathematics', startDate: '1930', endDate: '1934' }],
  skills: [{ name: 'COBOL' }, { name: 'Compilers' }],
  projects: [{ name: 'FLOW-MATIC', description: 'An English-like language.', url: 'https://example.com/flow-matic' }],
};

/** The PDF's text in reading order (each page's items as pdf.js reads them), its links and page count. */
async function readPdf(bytes: Uint8Array): Promise<{ text: string; links: string[]; pages: number }> {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  const texts: string[] = [];
  const links: string[] = [];
  for (let number = 1; number <= doc.numPages; number += 1) {
    const page = await doc.getPage(number);
    const content = await page.getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    for (const annotation of await page.getAnnotations()) if (typeof annotation.url === 'string') links.push(annotation.url);
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { text: texts.join(' ').replace(/\s+/g, ' '), links, pages };
}

/** Where each of `words` first shows in `text`: -1 for a missing one. */
const positions = (text: string, words: string[]) => words.map((word) => text.indexOf(word));

after(stopClusters);

for (const backend of JOURNEY_BACKENDS)
  describe(`the page's résumé (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let grace: TestUser;
    let mallory: TestUser;

    before(async () => {
      t = await startTestCloud(backend);
      grace = await signedInUser(t, 'grace');
      mallory = await signedInUser(t, 'mallory');
      await grantPurchase(serviceClient(t), grace.id, { itemType: 'template', itemId: '1' });
    });
    after(async () => t.stop());

    const callPublish = (user: TestUser, body: unknown) => callPublishAs(t, user.accessToken, body);
    const visit = (path: string) => fetch(`${t.url}/storage/v1/object/public/sites/${path}`);
    const documentOf = (html: string) => new JSDOM(html).window.document;

    async function imported(user: TestUser, templateId: string) {
      const result = importJsonResume(JSON.stringify(JSON_RESUME));
      assert.ok(result.ok, 'the JSON Resume imports');
      const { data, error } = await user.client
        .from('portfolios')
        .insert({ template_id: templateId, title: 'CV', data: result.portfolio })
        .select('id, data, version')
        .single();
      assert.equal(error, null);
      return data!;
    }

    /** The page's résumé link and the PDF a visitor downloads through it. */
    async function pageResume(slug: string, label: RegExp) {
      const html = await (await visit(`${slug}/index.html`)).text();
      const link = Array.from(documentOf(html).querySelectorAll('a')).find((a) => label.test(a.textContent ?? ''));
      assert.ok(link, `the page has its résumé link: ${label}`);
      const href = link.getAttribute('href') ?? '';
      assert.match(href, new RegExp(`^/p/${slug}/files/[A-Za-z0-9.-]+\\.pdf$`));
      const res = await visit(href.slice('/p/'.length));
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/pdf');
      return { href, pdf: new Uint8Array(await res.arrayBuffer()) };
    }

    test('JSON Resume imported, then published: the page links a PDF holding every field, in reading order, with its links', async () => {
      const row = await imported(grace, '1');
      const res = await callPublish(grace, { action: 'publish', portfolioId: row.id, slug: 'grace-hopper' });
      assert.equal(res.status, 200, await res.clone().text());

      const { href, pdf } = await pageResume('grace-hopper', /My Resume/);
      assert.equal(href, '/p/grace-hopper/files/Grace-Hopper-resume.pdf');
      const read = await readPdf(pdf);
      const fields = [
        'Grace Hopper',
        'Computer scientist',
        'grace@example.com',
        'Invented the first compiler.',
        'Rear admiral',
        'US Navy',
        'Standardised COBOL.',
        'Senior mathematician',
        'Yale University',
        'COBOL',
        'Compilers',
        'FLOW-MATIC',
        'An English-like language.',
      ];
      const at = positions(read.text, fields);
      assert.deepEqual(
        fields.filter((_, index) => at[index] === -1),
        [],
        `every field is in the PDF's text: ${read.text}`,
      );
      const where = (field: string) => at[fields.indexOf(field)]!;
      assert.ok(where('Grace Hopper') < where('Rear admiral'), 'the name comes first');
      assert.ok(where('Rear admiral') < where('Senior mathematician'), 'jobs in the order of the portfolio');
      assert.ok(where('Rear admiral') < where('Standardised COBOL.'), 'a job before its summary');
      assert.ok(read.links.includes('https://example.com/flow-matic'), `the project's link is a live link: ${read.links.join(', ')}`);
      assert.ok(
        read.links.some((link) => link === 'mailto:grace@example.com'),
        'the email is a mailto: link',
      );
      assert.equal(read.pages, 1);
    });

    test('re-made at every publish: an edit shows in the next PDF; an upload takes its place; the export carries it', async () => {
      const row = await imported(grace, 'generator');
      const data = row.data as { profile: Record<string, string>; sections: unknown[] };
      const published = await callPublish(grace, { action: 'publish', portfolioId: row.id, slug: 'grace-cv' });
      assert.equal(published.status, 200, await published.clone().text());
      const first = await pageResume('grace-cv', /resume/i);
      assert.doesNotMatch((await readPdf(first.pdf)).text, /Amazing Grace/);

      const renamed = { ...data, profile: { ...data.profile, headline: 'Amazing Grace, compiler writer' } };
      const saved = await grace.client.rpc('save_portfolio', { portfolio_id: row.id, expected_version: row.version, new_data: renamed });
      assert.equal(saved.error, null);
      assert.equal((await callPublish(grace, { action: 'publish', portfolioId: row.id, slug: 'grace-cv' })).status, 200);
      const second = await pageResume('grace-cv', /resume/i);
      assert.match((await readPdf(second.pdf)).text, /Amazing Grace, compiler writer/);

      const exported = await callPublish(grace, { action: 'export', portfolioId: row.id });
      assert.equal(exported.status, 200);
      const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
      const name = second.href.split('/').pop()!;
      assert.ok(files[`files/${name}`], `the zip holds files/${name}: ${Object.keys(files).join(', ')}`);
      assert.match((await readPdf(files[`files/${name}`]!)).text, /Amazing Grace, compiler writer/);
      const zipped = documentOf(strFromU8(files['index.html']!));
      assert.ok(zipped.querySelector(`a[href="files/${name}"]`), 'the copy links the PDF beside it');

      // Her own PDF uploaded: the page links that one, and the made one leaves the page's files.
      const path = `${grace.id}/${row.id}/resume-own.pdf`;
      assert.equal((await grace.client.storage.from('resumes').upload(path, pdfBlob())).error, null);
      const version = (await grace.client.from('portfolios').select('version').eq('id', row.id).single()).data!.version;
      const withUpload = { ...renamed, profile: { ...renamed.profile, resume: `storage:resumes/${path}` } };
      assert.equal(
        (await grace.client.rpc('save_portfolio', { portfolio_id: row.id, expected_version: version, new_data: withUpload })).error,
        null,
      );
      assert.equal((await callPublish(grace, { action: 'publish', portfolioId: row.id, slug: 'grace-cv' })).status, 200);
      const html = await (await visit('grace-cv/index.html')).text();
      assert.ok(documentOf(html).querySelector('a[href="/p/grace-cv/files/resumes/resume-own.pdf"]'));
      // Storage answers 400 for a missing object, as Supabase's does.
      assert.equal((await visit(second.href.slice('/p/'.length))).status, 400, 'the made one is gone with the version it came from');
    });

    test('a name in Hindi is kept out of the file name, not out of the page; nobody else can publish or export her résumé', async () => {
      const row = await imported(grace, 'generator');
      const data = row.data as { profile: Record<string, string> };
      const hindi = { ...data, profile: { ...data.profile, name: 'आरव मेहता', headline: 'Builder of bridges 🌉' } };
      assert.equal(
        (await grace.client.rpc('save_portfolio', { portfolio_id: row.id, expected_version: row.version, new_data: hindi })).error,
        null,
      );
      assert.equal((await callPublish(grace, { action: 'publish', portfolioId: row.id, slug: 'aarav-cv' })).status, 200);
      const { href, pdf } = await pageResume('aarav-cv', /resume/i);
      // Letters the storage key cannot take leave the name; the file stays a résumé.
      assert.equal(href, '/p/aarav-cv/files/resume.pdf');
      assert.match((await readPdf(pdf)).text, /Builder of bridges/);

      assert.equal((await callPublish(mallory, { action: 'publish', portfolioId: row.id, slug: 'stolen-cv' })).status, 404);
      assert.equal((await callPublish(mallory, { action: 'export', portfolioId: row.id })).status, 404);
      assert.equal((await visit('stolen-cv/files/resume.pdf')).status, 400, 'nothing was stored for him');
    });
  });
