import { describe, expect, test } from '@jest/globals';
import {
  TEMPLATES,
  getTemplate,
  applyDetails,
  coercePortfolio,
  starterPortfolio,
  REPLACE_PREFIX,
  checkPortfolio,
  sampleFieldsOf,
  SECTION_KINDS,
  withoutSampleMark,
} from './index';

describe('template catalog', () => {
  test('has templates 1–4 with the spec names, uses, panel titles, buttons and prices', () => {
    expect(TEMPLATES.map((t) => [t.id, t.name, t.description, t.panelTitle, t.getButtonLabel, t.priceRupees])).toEqual([
      [1, 'Personal Portfolio Template', 'Personal use', 'Input Section', 'Get Temp 1', 100],
      [2, 'E-Commerce', 'Business use', 'E-Commerce', 'Get Temp 2', 150],
      [3, 'Professional Portfolio Template', 'Professional use', 'Professional Portfolio', 'Get Temp 3', 800],
      [4, 'E-commerce Portfolio Template', 'Commercial use', 'E-commerce Portfolio Template', 'Get Temp 4', 100],
    ]);
  });

  test("each template starts with the spec's content: template 1 two projects and five socials, template 2 its bakery, template 4 its product", () => {
    const [one, two, , four] = TEMPLATES;
    expect(one!.labels).toMatchObject({ headline: 'Description', photo: 'Image' });
    expect(one!.sample.sections.map((section) => [section.kind, section.items.length])).toEqual([
      ['projects', 2],
      ['education', 1],
    ]);
    expect(one!.sample.socials.map((link) => link.network)).toEqual(['Facebook', 'Instagram', 'Twitter', 'GitHub', 'LinkedIn']);
    expect(two!.labels).toMatchObject({ headline: 'Main Description', about: 'Main Summary' });
    expect(two!.sample.sections.map((section) => section.kind)).toEqual(['text', 'highlights', 'contact']);
    expect(four!.sample.sections[0]).toMatchObject({
      kind: 'products',
      items: [{ name: 'Monsoon Mug, thrown by hand', sale: { price: 120_000 } }],
    });
  });

  test("template 4 opens with its shop's profile filled in, as the spec's design screen does", () => {
    const { profile } = getTemplate(4)!.sample;
    const empty = (['name', 'email', 'headline', 'about', 'address', 'phone', 'website'] as const).filter((key) => !profile[key].trim());
    expect(empty).toEqual([]);
  });

  test('every sample passes the shared schema, and names sections and items uniquely', () => {
    for (const template of TEMPLATES) expect(checkPortfolio(template.sample)).toMatchObject({ ok: true });
  });

  test('getTemplate takes numbers and numeric strings', () => {
    expect(getTemplate('2')?.id).toBe(2);
    expect(getTemplate(9)).toBeUndefined();
    expect(getTemplate(null)).toBeUndefined();
  });
});

describe('a new portfolio in an account', () => {
  test("starts from the account's name and email, the sample's sections, and marked prompts instead of a stranger's words", () => {
    const sample = getTemplate(1)!.sample;
    const starter = starterPortfolio(sample, { name: ' Riya Sen ', email: 'riya@example.com' });
    expect(starter.profile).toEqual({
      name: 'Riya Sen',
      email: 'riya@example.com',
      headline: `${REPLACE_PREFIX}one line about what you do`,
      about: `${REPLACE_PREFIX}a few sentences about you and your work`,
      address: '',
      phone: '',
      website: '',
      photo: '',
      resume: '',
    });
    expect(starter.socials.map((link) => [link.network, link.url])).toEqual(sample.socials.map((link) => [link.network, '']));
    expect(starter.sections.map((section) => [section.kind, section.title, section.items.length])).toEqual(
      sample.sections.map((section) => [section.kind, section.title, section.items.length]),
    );
    expect(starter.sections[0]!.items[0]).toMatchObject({ name: `${REPLACE_PREFIX}the project’s name`, url: '' });
    // Nothing of the sample's own text is left.
    const json = JSON.stringify(starter);
    for (const text of ['Aarav', 'Trailmix', 'Pune', 'aarav-mehta-sample']) expect(json).not.toContain(text);
    // Its own ids: two portfolios made from one sample share none.
    expect(starter.sections[0]!.id).not.toBe(sample.sections[0]!.id);
    expect(checkPortfolio(starter)).toMatchObject({ ok: true });
  });

  test('every kind has a prompt for its first field, so a starter never shows an empty card', () => {
    for (const [kind, spec] of Object.entries(SECTION_KINDS))
      if (spec.fields.length && kind !== 'gallery' && kind !== 'contact') expect(spec.fields[0]).toHaveProperty('hint');
  });
});

describe('applyDetails', () => {
  const details = {
    name: 'Riya Sen',
    address: 'Kolkata',
    github: 'https://github.com/riya',
    linkedin: 'https://linkedin.com/in/riya',
    phone: '+91 90000 00000',
    email: 'riya@example.com',
  };

  test('lays the popup values over the profile and the networks it names', () => {
    const portfolio = applyDetails(getTemplate(1)!.sample, details);
    expect(portfolio.profile).toMatchObject({ name: 'Riya Sen', address: 'Kolkata', phone: details.phone, email: details.email });
    expect(portfolio.profile.about).toBe(getTemplate(1)!.sample.profile.about);
    expect(portfolio.socials.find((link) => link.network === 'GitHub')?.url).toBe(details.github);
    expect(portfolio.socials.find((link) => link.network === 'LinkedIn')?.url).toBe(details.linkedin);
  });

  test('blank values keep what is there; a network the portfolio lacks is added', () => {
    const bakery = applyDetails(getTemplate(2)!.sample, { ...details, name: '  ' });
    expect(bakery.profile.name).toBe('Saffron & Crumb Bakery');
    expect(bakery.socials.map((link) => link.network)).toEqual(['Facebook', 'Instagram', 'Twitter', 'LinkedIn', 'GitHub']);
  });
});

describe('sample text is marked as sample', () => {
  test("a template's sample marks its text, so Publish can name what is still the bakery's", () => {
    const bakery = getTemplate(2)!.sample;
    const places = sampleFieldsOf(bakery).map((field) => [field.place, field.value]);
    expect(places).toContainEqual(['Baked by hand since 2016 › Title', 'Baked by hand since 2016']);
    expect(places).toContainEqual(['Headline', bakery.profile.headline]);
    // Empty fields and pictures are no sample text.
    expect(places.map(([place]) => place)).not.toContain('Email');
    expect(places.map(([place]) => place)).not.toContain('Photo');
    expect(checkPortfolio(bakery)).toMatchObject({ ok: true, portfolio: { sample: bakery.sample } });
  });

  test("a new portfolio's prompts and kept titles are sample, under its own ids; the account's name and email are not", () => {
    const starter = starterPortfolio(getTemplate(2)!.sample, { name: 'Riya Sen', email: 'riya@example.com' });
    const fields = sampleFieldsOf(starter);
    expect(fields.map((field) => field.value)).toEqual(
      expect.arrayContaining([`${REPLACE_PREFIX}one line about what you do`, 'Baked by hand since 2016']),
    );
    expect(fields.map((field) => field.path)).not.toContain('profile.name');
    expect(fields.map((field) => field.path)).not.toContain('profile.email');
    expect(fields.find((field) => field.value === 'Baked by hand since 2016')?.path).toBe(`section.${starter.sections[0]!.id}.title`);
  });

  test('what the details popup fills in is not sample; a field written in loses its mark', () => {
    const sample = getTemplate(1)!.sample;
    const detailed = applyDetails(sample, { address: 'Kolkata', github: 'https://github.com/riya' });
    const paths = sampleFieldsOf(detailed).map((field) => field.path);
    expect(paths).not.toContain('profile.address');
    expect(paths).not.toContain('social.github.url');
    expect(paths).toContain('profile.phone');
    expect(sampleFieldsOf(withoutSampleMark(detailed, 'profile.phone')).map((field) => field.path)).not.toContain('profile.phone');
  });

  test('a row saved before the marks has its prompts marked as it opens; marks saved stay as they are', () => {
    const { sample: _none, ...before } = starterPortfolio(getTemplate(1)!.sample, { name: 'Riya', email: '' });
    const opened = coercePortfolio('1', JSON.parse(JSON.stringify(before)));
    expect(sampleFieldsOf(opened).map((field) => field.value)).toEqual(
      expect.arrayContaining([`${REPLACE_PREFIX}one line about what you do`, `${REPLACE_PREFIX}the project’s name`]),
    );
    expect(sampleFieldsOf(opened).every((field) => field.value.startsWith(REPLACE_PREFIX))).toBe(true);
    expect(coercePortfolio('1', { ...before, sample: ['profile.headline'] }).sample).toEqual(['profile.headline']);
  });
});
