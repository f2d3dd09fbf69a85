import { describe, expect, test } from '@jest/globals';
import { LEGACY_ROWS } from '../testing/legacyRows';
import { checkPortfolio } from './schema';
import { coercePortfolio } from './coerce';
import { upgradeLegacy, isLegacyData, toModelData } from './legacy';

describe('rows saved before the model', () => {
  test('template 1: the profile, the five socials and both projects, in the model', () => {
    const row = LEGACY_ROWS[0]!;
    const portfolio = upgradeLegacy(row.templateId, row.data);
    expect(portfolio.profile).toEqual({
      name: 'Ada Lovelace 👩‍💻',
      email: 'ada@example.com',
      headline: '<p>Engineer of <strong>engines</strong></p>',
      about: '<p>I write notes.</p><ul><li>Bernoulli numbers</li></ul>',
      address: 'London',
      phone: '+44 20 7946 0000',
      website: '',
      photo: row.data.image,
      resume: row.data.resume,
    });
    expect(portfolio.socials.map((link) => [link.network, link.url])).toEqual([
      ['Facebook', 'https://facebook.com/ada'],
      ['Instagram', ''],
      ['Twitter', 'https://twitter.com/ada'],
      ['GitHub', 'https://github.com/ada'],
      ['LinkedIn', 'https://www.linkedin.com/in/ada'],
    ]);
    expect(portfolio.sections).toEqual([
      {
        id: 'projects',
        kind: 'projects',
        title: 'Projects',
        hidden: false,
        body: '',
        items: [
          {
            id: 'project-1',
            name: 'Analytical Engine',
            description: '<p>Notes on <em>it</em></p>',
            url: 'https://example.com/engine',
            image: '',
          },
          { id: 'project-2', name: 'Difference Engine', description: 'plain text from before rich text\nsecond line', url: '', image: '' },
        ],
      },
    ]);
  });

  test('template 2: about, what we offer with its two highlights and their pictures, the contact link', () => {
    const portfolio = upgradeLegacy('2', LEGACY_ROWS[2]!.data);
    expect(portfolio.sections.map((section) => [section.kind, section.title, section.items.length])).toEqual([
      ['text', 'Baked by hand', 0],
      ['highlights', 'Good things', 2],
      ['contact', 'Have Question In Mind? Let Us Help You', 1],
    ]);
    expect(portfolio.sections[1]).toMatchObject({
      body: 'Made daily',
      items: [{ title: 'Sourdough', image: 'sample:bakeryBread' }, { image: 'sample:bakeryCake' }],
    });
    expect(portfolio.sections[2]?.items[0]).toEqual({ id: 'contact-1', label: 'Call And Book Now', url: 'mailto:hello@example.com' });
    expect(portfolio.profile).toMatchObject({
      name: 'Saffron & Crumb\'s "Bakery"',
      headline: '<p>Fresh bread</p>',
      about: 'Order by 6 pm',
      photo: 'sample:bakeryBanner',
    });
  });

  test('template 4: one product; the generator: skills one by one, experience and education kept whole', () => {
    expect(upgradeLegacy('4', LEGACY_ROWS[4]!.data).sections[0]?.items).toEqual([
      {
        id: 'product-1',
        name: 'Monsoon Mug',
        price: '',
        description: '<p>350 ml <em>stoneware</em></p>',
        image: LEGACY_ROWS[4]!.data.temp4image,
        url: 'https://shop.example.com/mug',
      },
    ]);
    const generator = upgradeLegacy('generator', LEGACY_ROWS[5]!.data);
    expect(generator.sections[0]?.items.map((skill) => 'name' in skill && skill.name)).toEqual(['COBOL', 'Compilers', 'Leadership']);
    expect(generator.sections[1]?.items).toEqual([
      { id: 'experience-1', name: '', position: '', startDate: '', endDate: '', summary: '<p>US Navy</p>', url: '' },
    ]);
    expect(generator.profile.website).toBe('https://grace.example.com');
    expect(upgradeLegacy('generator', {}).sections.map((section) => section.items.length)).toEqual([0, 0, 0]);
  });

  test.each(LEGACY_ROWS.map((row) => [row.name, row] as const))('%s: nothing typed is lost', (_name, row) => {
    const json = JSON.stringify(upgradeLegacy(row.templateId, row.data));
    for (const [key, value] of Object.entries(row.data)) {
      const pieces = key === 'skills' ? value.split(/[,\n]/).map((piece) => piece.trim()) : [value];
      for (const piece of pieces.filter((text) => text.trim() !== ''))
        expect({ key, kept: json.includes(JSON.stringify(piece).slice(1, -1)) }).toEqual({ key, kept: true });
    }
  });

  test('upgraded rows pass the schema, except a link the old schema refused too (said where)', () => {
    for (const row of LEGACY_ROWS) {
      const checked = checkPortfolio(upgradeLegacy(row.templateId, row.data));
      if (row.data.project1url === 'javascript:alert(1)')
        expect(checked).toEqual({
          ok: false,
          problems: ['Projects › Project 1 › URL: enter a link starting with https://, mailto: or tel:'],
        });
      else expect(checked).toMatchObject({ ok: true });
    }
  });

  test('data in the model is left as it is; the editor opens anything in its shape, keeping what the schema would refuse', () => {
    const model = upgradeLegacy('1', LEGACY_ROWS[0]!.data);
    expect(isLegacyData(model)).toBe(false);
    expect(toModelData('1', model)).toBe(model);
    const opened = coercePortfolio('1', LEGACY_ROWS[1]!.data);
    expect(opened.sections[0]?.items[0]).toMatchObject({ name: 'Only one', url: 'javascript:alert(1)' });
    const damaged = coercePortfolio('1', {
      schemaVersion: 2,
      profile: { name: 5, email: 'a@b.co' },
      socials: 'nope',
      sections: [
        { id: 'x', kind: 'spaceship', items: [] },
        { id: 'x', kind: 'skills', items: [{ id: 'bad id!', name: 'TS' }, 3] },
      ],
    });
    expect(damaged.profile).toMatchObject({ name: '', email: 'a@b.co', about: '' });
    expect(damaged.socials).toEqual([]);
    expect(damaged.sections).toHaveLength(1);
    expect(damaged.sections[0]).toMatchObject({ id: 'x', kind: 'skills', title: '', hidden: false, items: [{ name: 'TS', level: '' }] });
    expect(damaged.sections[0]?.items[0]?.id).toMatch(/^[a-z0-9]{10}$/);
  });
});
