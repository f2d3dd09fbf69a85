import { describe, expect, test } from '@jest/globals';
import { importJsonResume } from './importJsonResume';

const RESUME = {
  basics: {
    name: 'Richard Hendricks',
    label: 'Programmer',
    image: 'https://example.com/richard.jpg',
    email: 'richard@piedpiper.example',
    phone: '(912) 555-4321',
    url: 'https://richardhendricks.example.com',
    summary: 'Richard hails from Tulsa.\n\nHe has earned degrees from the University of Oklahoma and Stanford.',
    location: { address: '2712 Broadway St', postalCode: 'CA 94115', city: 'San Francisco', countryCode: 'US', region: 'California' },
    profiles: [
      { network: 'Twitter', username: 'neutralthoughts', url: 'https://twitter.com/neutralthoughts' },
      { network: 'SoundCloud', username: 'dandymusicnl', url: 'https://soundcloud.example/dandymusicnl' },
      { network: 'Nowhere', username: 'no-url' },
    ],
  },
  work: [
    {
      name: 'Pied Piper',
      position: 'CEO/President',
      url: 'https://piedpiper.example.com',
      startDate: '2013-12-01',
      endDate: '2014-12-01',
      summary: 'Pied Piper is a multi-platform technology.',
      highlights: ['Build an algorithm', 'Successfully won <TechCrunch>'],
    },
  ],
  volunteer: [{ organization: 'CoderDojo', position: 'Teacher', startDate: '2012-01-01', summary: 'Global movement.' }],
  education: [
    {
      institution: 'University of Oklahoma',
      area: 'Information Technology',
      studyType: 'Bachelor',
      startDate: '2011-06-01',
      endDate: '2014-01-01',
      score: '4.0',
      courses: ['DB1101 - Basic SQL'],
    },
  ],
  awards: [{ title: 'Digital Compression Pioneer Award', date: '2014-11-01', awarder: 'Techcrunch', summary: 'There is no spoon.' }],
  skills: [{ name: 'Web Development', level: 'Master', keywords: ['HTML', 'CSS'] }],
  languages: [{ language: 'English', fluency: 'Native speaker' }],
  interests: [{ name: 'Wildlife', keywords: ['Ferrets'] }],
  references: [{ name: 'Erlich Bachman', reference: 'It is my pleasure to recommend Richard.' }],
  projects: [
    {
      name: 'Miss Direction',
      description: 'A mapping engine that misguides you',
      highlights: ['Won award at AIHacks 2016'],
      url: 'https://missdirection.example',
    },
  ],
};

describe('importing a JSON Resume file', () => {
  test('basics become the profile, each part a section, with its work and education', () => {
    const result = importJsonResume(JSON.stringify(RESUME));
    if (!result.ok) throw new Error(result.problems.join('\n'));
    const { profile, socials, sections } = result.portfolio;
    expect(profile).toMatchObject({
      name: 'Richard Hendricks',
      headline: '<p>Programmer</p>',
      email: 'richard@piedpiper.example',
      phone: '(912) 555-4321',
      website: 'https://richardhendricks.example.com',
      address: '2712 Broadway St, San Francisco, California, CA 94115, US',
      photo: 'https://example.com/richard.jpg',
      about: '<p>Richard hails from Tulsa.</p><p>He has earned degrees from the University of Oklahoma and Stanford.</p>',
    });
    expect(socials.map((link) => link.network)).toEqual(['Twitter', 'SoundCloud']);
    expect(sections.map((section) => [section.kind, section.title, section.items.length])).toEqual([
      ['experience', 'Experience', 1],
      ['education', 'Education', 1],
      ['skills', 'Skills', 1],
      ['projects', 'Projects', 1],
      ['experience', 'Volunteering', 1],
      ['highlights', 'Awards', 1],
      ['skills', 'Languages', 1],
      ['skills', 'Interests', 1],
      ['testimonials', 'References', 1],
    ]);
    expect(sections[0]!.items[0]).toMatchObject({
      name: 'Pied Piper',
      position: 'CEO/President',
      startDate: '2013-12-01',
      summary:
        '<p>Pied Piper is a multi-platform technology.</p><ul><li>Build an algorithm</li><li>Successfully won &lt;TechCrunch&gt;</li></ul>',
    });
    expect(sections[1]!.items[0]).toMatchObject({
      institution: 'University of Oklahoma',
      area: 'Information Technology',
      studyType: 'Bachelor',
    });
  });

  test.each([
    ['not JSON', '{"basics": ', /^This file is not valid JSON/],
    ['a list', '[1, 2]', /holds one object/],
    ['nothing of a resume', '{"hello": "world"}', /none of the parts of a JSON Resume/],
  ])('%s: says what is wrong', (_what, text, message) => {
    const result = importJsonResume(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]).toMatch(message);
  });

  test.each([
    [
      'a comma before a closing brace',
      '{\n  "basics": { "name": "Richard Hendricks", "label": "Programmer", "email": "richard@piedpiper.example" },\n}',
      'It breaks on line 3, at “}”: look there, or at the end of the line before, for a missing or extra comma, quote or bracket.',
    ],
    [
      'a missing comma between two lines',
      '{\n  "basics": { "name": "Richard" }\n  "work": []\n}',
      'It breaks on line 3, at “"”: look there, or at the end of the line before, for a missing or extra comma, quote or bracket.',
    ],
    [
      'a quote never closed',
      '{ "basics": { "name": "Richard\n} }',
      'It breaks on line 1: look there, or at the end of the line before, for a missing or extra comma, quote or bracket.',
    ],
    [
      'a file cut short',
      '{\n  "basics": {\n    "name": "Richard"',
      'It ends on line 3 before everything it opens is closed: look for a missing quote, } or ].',
    ],
    [
      'single quotes',
      "{ 'basics': {} }",
      "It breaks on line 1, at “'”: look there, or at the end of the line before, for a missing or extra comma, quote or bracket.",
    ],
  ])('not JSON, %s: a plain sentence with the line where it breaks, not the parser’s words', (_what, text, where) => {
    expect(importJsonResume(text)).toEqual({
      ok: false,
      problems: [`This file is not valid JSON, so it cannot be read as a JSON Resume file. ${where}`],
    });
  });

  test('wrong types and too much are refused, saying where', () => {
    expect(importJsonResume(JSON.stringify({ basics: { name: 42 }, work: [{ name: 'A' }, { position: ['x'] }] }))).toEqual({
      ok: false,
      problems: ['basics › name: must be text', 'work › entry 2 › position: must be text'],
    });
    const many = { skills: Array.from({ length: 101 }, (_, index) => ({ name: `Skill ${index}` })) };
    expect(importJsonResume(JSON.stringify(many))).toEqual({
      ok: false,
      problems: ['Skills: a section holds at most 100 items (this one has 101)'],
    });
    expect(importJsonResume(JSON.stringify({ basics: { name: 'x'.repeat(300) } }))).toEqual({
      ok: false,
      problems: ['Name: at most 200 characters (it has 300)'],
    });
    expect(importJsonResume('x'.repeat(1024 * 1024 + 1))).toMatchObject({ ok: false, problems: [expect.stringMatching(/too large/)] });
  });
});
