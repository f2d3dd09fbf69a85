import { describe, expect, test } from '@jest/globals';
import { TEMPLATES } from '../registry';
import { generatorDefinition } from '../generator/definition';
import { everyKindPortfolio } from '../testing/portfolioShown';
import { checkPortfolio, LIMITS } from './schema';
import type { Portfolio, Section } from './portfolio';
import { coercePortfolio } from './coerce';
import { PAGE_LANGUAGES, PAGE_LIMITS, pageMeta } from './pageSettings';

const skills = (count: number, title = 'Skills'): Section => ({
  id: `skills-${title.length}-${count}`,
  kind: 'skills',
  title,
  hidden: false,
  body: '',
  items: Array.from({ length: count }, (_, index) => ({ id: `s${index}`, name: `Skill ${index}`, level: '' })),
});

const withSections = (sections: Section[]): Portfolio => ({ ...everyKindPortfolio(), sections });

describe('the portfolio schema', () => {
  test("every template's sample, the generator's start and a portfolio of every kind pass", () => {
    for (const template of [...TEMPLATES, generatorDefinition]) expect(checkPortfolio(template.sample)).toMatchObject({ ok: true });
    expect(checkPortfolio(everyKindPortfolio())).toMatchObject({ ok: true });
  });

  test('a kind that does not exist is refused, naming the kinds there are', () => {
    const input = { ...everyKindPortfolio(), sections: [{ id: 'a', kind: 'spaceship', title: 'Rockets', items: [] }] };
    expect(checkPortfolio(input)).toEqual({
      ok: false,
      problems: [
        'Rockets: there is no kind of section called "spaceship"; the kinds are projects, experience, education, skills, highlights, products, gallery, testimonials, contact, text',
      ],
    });
  });

  test(`a section holds at most ${LIMITS.itemsPerSection} items, a portfolio ${LIMITS.items} in all and ${LIMITS.sections} sections`, () => {
    expect(checkPortfolio(withSections([skills(LIMITS.itemsPerSection)]))).toMatchObject({ ok: true });
    expect(checkPortfolio(withSections([skills(LIMITS.itemsPerSection + 1, 'Tools')]))).toEqual({
      ok: false,
      problems: [
        `Tools › Items: a section holds at most ${LIMITS.itemsPerSection} items (this one has ${LIMITS.itemsPerSection + 1})`.replace(
          ' › Items',
          '',
        ),
      ],
    });
    expect(checkPortfolio(withSections([skills(100, 'A'), skills(100, 'BB'), skills(1, 'CCC')]))).toEqual({
      ok: false,
      problems: [`Portfolio: a portfolio holds at most ${LIMITS.items} items in all (this one has 201)`],
    });
    const many = Array.from({ length: LIMITS.sections + 1 }, (_, index) => ({ ...skills(1), id: `s-${index}` }));
    expect(checkPortfolio(withSections(many))).toEqual({
      ok: false,
      problems: [`Portfolio: a portfolio holds at most ${LIMITS.sections} sections (this one has ${LIMITS.sections + 1})`],
    });
  });

  test('text over its limit is refused, saying where, the limit and the length', () => {
    const portfolio = everyKindPortfolio();
    const projects = portfolio.sections.find((section) => section.kind === 'projects')!;
    (projects.items[1] as { name: string }).name = 'x'.repeat(250);
    portfolio.profile.about = 'y'.repeat(5001);
    portfolio.sections[0]!.title = 'z'.repeat(81);
    expect(checkPortfolio(portfolio)).toEqual({
      ok: false,
      problems: [
        'About: at most 5,000 characters (it has 5,001)',
        `${'z'.repeat(81)} › Title: at most 80 characters (it has 81)`,
        `${'z'.repeat(81)} › Project 2 › Title: at most 200 characters (it has 250)`,
      ],
    });
  });

  test('links, emails, phones and files are checked by kind; ids must be unique', () => {
    const portfolio = everyKindPortfolio();
    portfolio.profile.email = 'not an email';
    portfolio.profile.photo = 'blob:http://localhost/123';
    portfolio.socials[0]!.url = 'javascript:alert(1)';
    portfolio.sections[1]!.id = portfolio.sections[0]!.id;
    expect(checkPortfolio(portfolio)).toEqual({
      ok: false,
      problems: [
        'Email: enter an email address like name@example.com',
        'Photo: upload the file before saving',
        'Social link 1: enter a link starting with https://, mailto: or tel:',
        'Portfolio: two sections have the id projects',
      ],
    });
  });
});

describe("a page's own settings", () => {
  test('are optional: a portfolio saved before them stays valid and reads as the defaults', () => {
    const before = everyKindPortfolio();
    expect('page' in before).toBe(false);
    expect(checkPortfolio(before)).toMatchObject({ ok: true });
    expect(pageMeta({ ...before, profile: { ...before.profile, name: 'Ada Lovelace', headline: 'Engines' } })).toEqual({
      title: 'Ada Lovelace',
      description: 'Engines',
      language: 'en',
    });
    expect(coercePortfolio('1', before)).not.toHaveProperty('page');
  });

  test('title and description lose control characters and are bounded; the language is one of the list', () => {
    const checked = checkPortfolio({
      ...everyKindPortfolio(),
      page: { title: ' Ada\u0000 \u202eLovelace 🎨 ', description: 'Line one\nline\ttwo', language: 'hi' },
    });
    expect(checked).toMatchObject({
      ok: true,
      portfolio: { page: { title: 'Ada Lovelace 🎨', description: 'Line one line two', language: 'hi' } },
    });
    const refused = checkPortfolio({
      ...everyKindPortfolio(),
      page: { title: 'T'.repeat(PAGE_LIMITS.title + 1), description: 'd'.repeat(PAGE_LIMITS.description + 1), language: 'klingon' },
    });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? [] : refused.problems).toEqual([
      `Page title: at most ${PAGE_LIMITS.title} characters (it has ${PAGE_LIMITS.title + 1})`,
      `Page description: at most ${PAGE_LIMITS.description} characters (it has ${PAGE_LIMITS.description + 1})`,
      expect.stringMatching(/^Page language: must be one of the page languages: en, en-GB, .*zh-Hans$/),
    ]);
    expect(PAGE_LANGUAGES.every(({ tag }) => Intl.getCanonicalLocales(tag)[0] === tag)).toBe(true);
  });

  test('a row keeps its settings through the editor, and their defaults follow the profile', () => {
    const portfolio = coercePortfolio('1', { ...everyKindPortfolio(), page: { title: 'My work', language: 'ta', extra: 1 } });
    expect(portfolio.page).toEqual({ title: 'My work', language: 'ta' });
    expect(pageMeta({ ...portfolio, page: { ...portfolio.page, language: 'xx' } })).toMatchObject({ title: 'My work', language: 'en' });
    // The headline is rich text: its words only.
    expect(pageMeta({ profile: { name: 'A', headline: '<p>Maps &amp; <strong>charts</strong></p>' } }).description).toBe('Maps & charts');
  });
});

test('control characters are dropped from every text: line breaks stay in long text only (issue 20 #16)', () => {
  const portfolio = everyKindPortfolio();
  portfolio.profile.name = 'Ada\u0000 \u0007Love\u001blace\u0085';
  portfolio.profile.phone = '+91\t98765\r\n43210';
  portfolio.profile.about = '<p>First line\nsecond\u0008 line</p>';
  const check = checkPortfolio(portfolio);
  expect(check.ok && check.portfolio.profile.name).toBe('Ada Lovelace');
  expect(check.ok && check.portfolio.profile.phone).toBe('+91 98765 43210');
  expect(check.ok && check.portfolio.profile.about).toBe('<p>First line\nsecond line</p>');
});
