// The page's résumé links offer the résumé made from the portfolio when its owner uploaded none.
import { describe, expect, test } from '@jest/globals';
import { TEMPLATES } from '../registry';
import { withWebFiles } from '../testing/portfolioShown';
import type { Portfolio } from '../model';
import { renderStaticPage, type StaticPageOptions } from './renderStaticPage';

const OPTIONS: StaticPageOptions = {
  url: 'https://folioforge.example/p/ada',
  indexable: true,
  badge: false,
  siteUrl: 'https://folioforge.example/home',
  styles: [],
  resumeUrl: '/p/ada/files/ada-lovelace-resume.pdf',
};
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const sampleOf = (id: number): Portfolio => withWebFiles(TEMPLATES.find((definition) => definition.id === id)!.sample);
const withResume = (portfolio: Portfolio, resume: string): Portfolio => ({ ...portfolio, profile: { ...portfolio.profile, resume } });
const linksTo = (html: string, href: string) => Array.from(parse(html).querySelectorAll(`a[href="${href}"]`)).map((a) => a.textContent);

describe.each([
  [1, /My Resume/],
  [3, /Open my resume/],
])('template %i', (id, label) => {
  test('without an upload (empty or the sample) the résumé link opens the made one', () => {
    for (const resume of ['', 'sample:resume']) {
      const page = renderStaticPage(id, withResume(sampleOf(id), resume), OPTIONS);
      expect(linksTo(page.html, OPTIONS.resumeUrl!)).toEqual([expect.stringMatching(label)]);
      // The bundled sample is not stored beside the page when nothing shows it.
      expect(page.bundledFiles.map((file) => file.name)).not.toContain('sample-resume.pdf');
    }
  });

  test('an uploaded résumé wins over the made one', () => {
    const ref = 'storage:resumes/u1/p1/cv.pdf';
    const page = renderStaticPage(id, withResume(sampleOf(id), ref), { ...OPTIONS, files: { [ref]: '/p/ada/files/resumes/cv.pdf' } });
    expect(linksTo(page.html, '/p/ada/files/resumes/cv.pdf')).toEqual([expect.stringMatching(label)]);
    expect(linksTo(page.html, OPTIONS.resumeUrl!)).toEqual([]);
  });
});

test("the generator's published page links the made résumé, and none without one", () => {
  const saved = { name: 'Grace Hopper', experience: '<p>Rear admiral</p>' };
  expect(linksTo(renderStaticPage('generator', saved, OPTIONS).html, OPTIONS.resumeUrl!)).toEqual([
    'Open resume made from your portfolio (PDF)',
  ]);
  expect(
    parse(renderStaticPage('generator', saved, { ...OPTIONS, resumeUrl: undefined }).html).querySelector('a[href$=".pdf"]'),
  ).toBeNull();
});
