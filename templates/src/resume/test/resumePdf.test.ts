// The résumé PDF read back as a reader, a search box or an applicant tracking system reads it: pdf.js
// extracts its text (in order), its links, its pages and the fonts it embeds.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fieldText, type AnyItem, type Portfolio, type Section } from '../../model';
import { makeResumePdf, resumeFileName, type ResumeOptions } from '../index';
import { RESUME_FIXTURE } from '../fixture';
import { paragraphText, richTextParagraphs } from '../richText';
import { nodeResources, readPdf } from './support';

const A4: ResumeOptions = { layout: 'classic', paper: 'a4', extraSections: [] };

const make = async (portfolio: Portfolio, options: Partial<ResumeOptions> = {}) =>
  readPdf(await makeResumePdf(portfolio, { ...A4, ...options }, nodeResources));

/** Text as a search box reads it: lines joined by a space, runs of space one. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Asserts each string appears in the text, each after the one before (`anyCase`: headings in capitals). */
function assertInOrder(text: string, expected: string[], { anyCase = false } = {}) {
  const folded = (value: string) => (anyCase ? flat(value).toLowerCase() : flat(value));
  const haystack = folded(text);
  let from = 0;
  for (const wanted of expected) {
    const at = haystack.indexOf(folded(wanted), from);
    assert.ok(at >= 0, `"${wanted}" missing after …${haystack.slice(Math.max(0, from - 80), from)}`);
    from = at + folded(wanted).length;
  }
}

const plain = (value: string) => richTextParagraphs(value).map(paragraphText);

/** Every field of the fixture a résumé shows, in the order a reader meets them. */
function expectedFields(portfolio: Portfolio): string[] {
  const { profile } = portfolio;
  const section = (kind: Section['kind']) => portfolio.sections.find((s) => s.kind === kind)!;
  const items = (kind: Section['kind']) => section(kind).items as AnyItem[];
  const f = fieldText;
  return [
    profile.name,
    profile.headline,
    profile.email,
    profile.phone,
    profile.address,
    'aarav.example.com',
    'github.com/aarav-example',
    ...plain(profile.about),
    'Experience',
    ...items('experience').flatMap((item) => [
      f(item, 'position'),
      `${f(item, 'startDate')} – ${f(item, 'endDate')}`,
      f(item, 'name'),
      ...plain(f(item, 'summary')),
      f(item, 'url').replace('https://', ''),
    ]),
    'Education',
    ...items('education').flatMap((item) => [
      `${f(item, 'studyType')}, ${f(item, 'area')}`,
      `${f(item, 'startDate')} – ${f(item, 'endDate')}`,
      f(item, 'institution'),
      f(item, 'summary'),
    ]),
    'Skills',
    ...items('skills').map((item) => f(item, 'name') + (f(item, 'level') ? ` (${f(item, 'level')})` : '')),
    'Projects',
    ...items('projects').flatMap((item) => [f(item, 'name'), ...plain(f(item, 'description')), f(item, 'url').replace('https://', '')]),
  ];
}

describe('a résumé of a 30-item portfolio', () => {
  test('holds every field in reading order, its links, its pages, its fonts and who it is', async () => {
    const pdf = await make(RESUME_FIXTURE);
    assertInOrder(pdf.text, expectedFields(RESUME_FIXTURE));
    // A section the résumé leaves out unless ticked.
    assert.ok(!pdf.text.includes('Payment audits'));
    const links = pdf.pages.flatMap((page) => page.links);
    for (const href of [
      'mailto:aarav@example.com',
      'tel:+919876543210',
      'https://aarav.example.com/',
      'https://github.com/aarav-example',
      'https://aarav.example.com/talks',
      ...RESUME_FIXTURE.sections.flatMap((s) => (s.items as AnyItem[]).map((item) => fieldText(item, 'url'))).filter(Boolean),
    ])
      assert.ok(
        links.some((link) => link.replace(/\/$/, '') === href.replace(/\/$/, '')),
        `no link to ${href} in ${links.join(' ')}`,
      );
    // 30 items at the classic layout's sizes take three A4 pages.
    assert.equal(pdf.pages.length, 3);
    assert.deepEqual(pdf.sizes, [
      [595, 842],
      [595, 842],
      [595, 842],
    ]);
    assert.deepEqual(pdf.fonts, ['SourceSerif4-Bold', 'SourceSerif4-Regular']);
    assert.equal(pdf.info.Title, 'Aarav Mehta');
    assert.equal(pdf.info.Author, 'Aarav Mehta');
    assert.equal(pdf.info.Language, 'en');
  });

  test('every layout holds the same text; the look’s font and the paper carry over', async () => {
    for (const [layout, font, fonts] of [
      ['modern', undefined, ['Inter-Bold', 'Inter-Regular']],
      ['sidebar', undefined, ['Nunito-Bold', 'Nunito-Regular']],
      ['classic', 'mono', ['JetBrainsMono-Bold', 'JetBrainsMono-Regular']],
    ] as const) {
      const pdf = await make(RESUME_FIXTURE, { layout, paper: 'letter', ...(font ? { look: { font, accent: 'plum' } } : {}) });
      // The side column reads first: its skills come before the main column's sections.
      const expected = expectedFields(RESUME_FIXTURE);
      if (layout === 'sidebar') {
        const skills = RESUME_FIXTURE.sections.find((s) => s.kind === 'skills')!.items as AnyItem[];
        assertInOrder(pdf.text, ['Contact', ...skills.map((item) => fieldText(item, 'name')), 'About'], { anyCase: true });
        assertInOrder(
          pdf.text,
          expected.filter((text) => !text.startsWith('Skill')),
          { anyCase: true },
        );
      } else assertInOrder(pdf.text, expected, { anyCase: layout !== 'classic' });
      assert.deepEqual(pdf.fonts, fonts, layout);
      assert.ok(pdf.sizes.every(([width, height]) => width === 612 && height === 792));
    }
  });

  test('a ticked section of any kind is shown, a hidden résumé section is not', async () => {
    const portfolio: Portfolio = {
      ...RESUME_FIXTURE,
      sections: RESUME_FIXTURE.sections.map((s) => (s.kind === 'education' ? { ...s, hidden: true } : s)),
    };
    const pdf = await make(portfolio, { extraSections: ['services'] });
    assertInOrder(pdf.text, ['Services', 'Payment audits', 'A week-long review of a payment flow.']);
    assert.ok(!pdf.text.includes('Institute 1 of Technology'));
  });
});

describe('pages break between items', () => {
  /** Per page, whether an item starts there and ends elsewhere, or a heading ends the page. */
  function breaks(pages: { text: string }[]) {
    const problems: string[] = [];
    pages.forEach((page, index) => {
      const lines = page.text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      const last = lines[lines.length - 1] ?? '';
      if (['About', 'Experience', 'Education', 'Skills', 'Projects'].includes(last))
        problems.push(`page ${index + 1} ends with the heading ${last}`);
      for (let job = 1; job <= 8; job += 1)
        if (page.text.includes(`Engineer grade ${job} `) !== page.text.includes(`company${job}.example.com`))
          problems.push(`job ${job} is split at page ${index + 1}`);
    });
    return problems;
  }

  test('never splitting an item nor leaving a heading alone, however the text falls', async () => {
    // Longer and longer about texts move every heading and item through the bottom of the page.
    for (let lines = 0; lines < 40; lines += 5) {
      const about = Array.from({ length: lines }, (_, i) => `<p>About line ${i + 1}.</p>`).join('');
      const pdf = await make({ ...RESUME_FIXTURE, profile: { ...RESUME_FIXTURE.profile, about } });
      assert.deepEqual(breaks(pdf.pages), [], `with ${lines} lines of about`);
      assertInOrder(pdf.text, expectedFields({ ...RESUME_FIXTURE, profile: { ...RESUME_FIXTURE.profile, about } }));
    }
  });

  test('an item taller than a page splits between its lines, losing none', async () => {
    const summary = Array.from({ length: 90 }, (_, i) => `<p>Achievement number ${i + 1} of the long job.</p>`).join('');
    const experience = RESUME_FIXTURE.sections[0]!;
    const long = { ...experience, items: [{ ...experience.items[0]!, summary }] } as Section;
    const pdf = await make({ ...RESUME_FIXTURE, sections: [long] });
    assert.ok(pdf.pages.length >= 2);
    assertInOrder(
      pdf.text,
      Array.from({ length: 90 }, (_, i) => `Achievement number ${i + 1} of the long job.`),
    );
  });
});

describe('scripts beyond Latin', () => {
  test('a Hindi and Tamil name and an emoji are drawn in fonts that cover them and read back', async () => {
    const portfolio: Portfolio = {
      ...RESUME_FIXTURE,
      profile: { ...RESUME_FIXTURE.profile, name: 'अनुज शर्मा', headline: 'தமிழ் developer 🚀 and café owner', about: '' },
    };
    const bytes = await makeResumePdf(portfolio, A4, nodeResources);
    const pdf = await readPdf(bytes);
    for (const font of ['NotoSansDevanagari-Bold', 'NotoSansTamil-Regular', 'NotoEmoji-Regular', 'SourceSerif4-Regular'])
      assert.ok(pdf.fonts.includes(font), `${font} not in ${pdf.fonts.join(', ')}`);
    // A word whose letters are drawn in their typed order reads back as typed.
    assertInOrder(pdf.text, ['अनुज', 'தமிழ் developer 🚀 and café owner']);
    // Shaping draws the reph of र्मा after the letters it precedes; pdf.js reads glyphs as drawn, so
    // the word reads back with the same letters (readers that honour ActualText get it as typed).
    const word = [...'शर्मा'].sort().join('');
    assert.ok(
      flat(pdf.text)
        .split(' ')
        .some((candidate) => [...candidate].sort().join('') === word),
      `no word with the letters of शर्मा in ${pdf.text.slice(0, 80)}`,
    );
    assert.equal(pdf.info.Title, 'अनुज शर्मा');
    assert.equal(resumeFileName(portfolio), 'अनुज-शर्मा-resume.pdf');
  });

  test('a character no face covers is left out, the rest of the line kept', async () => {
    const portfolio: Portfolio = { ...RESUME_FIXTURE, profile: { ...RESUME_FIXTURE.profile, name: 'Li 李 Wei' } };
    const pdf = await make(portfolio);
    assertInOrder(pdf.text, ['Li', 'Wei', 'Staff engineer']);
    assert.ok(!pdf.text.includes('李'));
  });
});
