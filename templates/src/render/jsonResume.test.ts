import { expect, test } from '@jest/globals';
import { getTemplate } from '../registry';
import { checkedValues } from './renderStaticPage';
import { toJsonResume } from './jsonResume';

test('portfolio.json: the fields that map, in the JSON Resume shape, as text', () => {
  const values = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    description: '<p>Engineer</p>',
    about: '<p>I <strong>build</strong> engines.</p><script>alert(1)</script>',
    address: 'London',
    project1title: 'Analytical Engine',
    project1description: '<p>Notes on <em>it</em></p>',
    project1url: 'https://example.com/engine',
    project2title: '',
    githublink: 'https://github.com/ada',
    linkedinlink: 'https://www.linkedin.com/in/ada',
    image: 'storage:portfolio-images/u/p/image-a.png',
  };
  const { definition, values: checked } = checkedValues('1', values, { 'storage:portfolio-images/u/p/image-a.png': 'files/image-a.png' });
  const resume = toJsonResume(definition, checked, 'https://folioforge.example/p/ada');
  expect(resume.basics).toEqual({
    name: 'Ada Lovelace',
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
  expect(resume.projects).toEqual([{ name: 'Analytical Engine', description: 'Notes on it', url: 'https://example.com/engine' }]);
  expect(resume.meta.canonical).toBe('https://folioforge.example/p/ada');
});

test('a template without the details keeps only what it has; an export without an address names none', () => {
  const definition = getTemplate(4)!;
  const { values } = checkedValues(4, { temp4heading: 'Mugs and more', temp4description: '<p>Hand made</p>' });
  const resume = toJsonResume(definition, values);
  expect(resume.basics).toEqual({ name: 'Mugs and more', summary: 'Hand made', profiles: [] });
  expect(resume.meta).toEqual({ version: 'v1.0.0' });
});

test("the generator's skills, experience and education map to skills, work and education", () => {
  const { definition, values } = checkedValues('generator', {
    name: 'Grace Hopper',
    skills: 'COBOL, Compilers',
    experience: '<p>US Navy</p>',
    education: '<p>Yale, PhD</p>',
    githubLink: 'https://github.com/grace',
  });
  const resume = toJsonResume(definition, values);
  expect(resume.basics.name).toBe('Grace Hopper');
  expect(resume.basics.summary).toBeUndefined();
  expect(resume.basics.profiles).toEqual([{ network: 'GitHub', url: 'https://github.com/grace' }]);
  expect(resume.skills).toEqual([{ name: 'COBOL' }, { name: 'Compilers' }]);
  expect(resume.work).toEqual([{ summary: 'US Navy' }]);
  expect(resume.education).toEqual([{ summary: 'Yale, PhD' }]);
});
