import { expect, test } from '@jest/globals';
import { richTextToPlainText } from '@folioforge/shared';
import { getTemplate } from '../registry';
import { everyKindPortfolio } from '../testing/portfolioShown';
import { checkedPortfolio } from './checkedPortfolio';
import { toJsonResume } from './jsonResume';
import { importJsonResume } from '../model/importJsonResume';

test('portfolio.json: the parts that map, in the JSON Resume shape, as text; files by their place in the export', () => {
  const { portfolio } = checkedPortfolio('1', {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    description: '<p>Engineer</p>',
    about: '<p>I <strong>build</strong> engines.</p><script>alert(1)</script>',
    address: 'London',
    project1title: 'Analytical Engine',
    project1description: '<p>Notes on <em>it</em></p>',
    project1url: 'https://example.com/engine',
    githublink: 'https://github.com/ada',
    linkedinlink: 'https://www.linkedin.com/in/ada',
    image: 'storage:portfolio-images/u/p/image-a.png',
  });
  const resume = toJsonResume(portfolio, 'https://folioforge.example/p/ada', {
    'storage:portfolio-images/u/p/image-a.png': 'files/image-a.png',
  });
  expect(resume.basics).toEqual({
    name: 'Ada Lovelace',
    label: 'Engineer',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    summary: 'I build engines.',
    url: 'https://folioforge.example/p/ada',
    image: 'files/image-a.png',
    location: { address: 'London' },
    profiles: [
      { network: 'GitHub', url: 'https://github.com/ada' },
      { network: 'LinkedIn', url: 'https://www.linkedin.com/in/ada' },
    ],
  });
  // Project 2 of the old row was empty: no JSON Resume entry (the model's copy in meta still has it).
  expect(resume.projects).toEqual([{ name: 'Analytical Engine', description: 'Notes on it', url: 'https://example.com/engine' }]);
  expect(resume.meta.folioforge.sections.find((section) => section.kind === 'projects')?.items).toHaveLength(2);
  expect(resume.meta.canonical).toBe('https://folioforge.example/p/ada');
  expect(resume.meta.folioforge.profile.photo).toBe('files/image-a.png');
});

test('every shown section is carried, in order, hidden ones left out; JSON Resume gets the kinds it has', () => {
  const portfolio = everyKindPortfolio();
  portfolio.sections.find((section) => section.kind === 'gallery')!.hidden = true;
  const resume = toJsonResume(portfolio);
  expect(resume.meta.folioforge.sections.map((section) => section.kind)).toEqual(
    portfolio.sections.filter((section) => !section.hidden).map((section) => section.kind),
  );
  expect(resume.work?.[0]).toEqual({
    name: 'experience 1 name text',
    position: 'experience 1 position text',
    startDate: 'experience 1 startDate text',
    endDate: 'experience 1 endDate text',
    summary: 'experience 1 summary text',
    url: 'https://example.com/experience-1-url',
  });
  expect(resume.education).toHaveLength(2);
  expect(resume.skills?.[1]).toEqual({ name: 'skills 2 name text', level: 'skills 2 level text' });
  expect(resume.references?.[0]).toEqual({ name: 'testimonials 1 name text', reference: 'testimonials 1 reference text' });
  // Files not in the export are named nowhere.
  expect(JSON.stringify(resume)).not.toContain('files.example.com');
});

test('an export read back by import is the same page: its sections, order and text', () => {
  const { portfolio } = checkedPortfolio(2, getTemplate(2)!.sample);
  const imported = importJsonResume(JSON.stringify(toJsonResume(portfolio)));
  if (!imported.ok) throw new Error(imported.problems.join('\n'));
  // Plain text comes back as the paragraphs it was shown as.
  const shown = (body: string) => richTextToPlainText(body).trim();
  expect(imported.portfolio.sections.map((section) => [section.kind, section.title, shown(section.body)])).toEqual(
    portfolio.sections.map((section) => [section.kind, section.title, shown(section.body)]),
  );
  expect(imported.portfolio.profile.name).toBe('Saffron & Crumb Bakery');
});
