import { describe, expect, test } from '@jest/globals';
import { everyKindPortfolio } from '../testing/portfolioShown';
import { coercePortfolio } from './coerce';
import { checkPortfolio } from './schema';
import { resumeSettingsOf } from './resumeSettings';

describe('résumé settings on the portfolio', () => {
  test('a portfolio saved before them reads as its template family’s layout on A4', () => {
    const portfolio = everyKindPortfolio();
    expect(portfolio.resume).toBeUndefined();
    expect(resumeSettingsOf(portfolio, 1)).toEqual({ layout: 'classic', paper: 'a4', extraSections: [] });
    expect(resumeSettingsOf(portfolio, 3)).toEqual({ layout: 'modern', paper: 'a4', extraSections: [] });
    expect(resumeSettingsOf(portfolio, 2).layout).toBe('sidebar');
    expect(resumeSettingsOf({ resume: { layout: 'modern', paper: 'letter', extraSections: ['a'] } }, 1)).toEqual({
      layout: 'modern',
      paper: 'letter',
      extraSections: ['a'],
    });
  });

  test('are checked with the portfolio, saying what is wrong', () => {
    const resume = { layout: 'modern', paper: 'letter', extraSections: ['services'] };
    expect(checkPortfolio({ ...everyKindPortfolio(), resume })).toMatchObject({ ok: true, portfolio: { resume } });
    expect(checkPortfolio({ ...everyKindPortfolio(), resume: { layout: 'fancy' } })).toEqual({
      ok: false,
      problems: ['Résumé settings: must be one of the layouts: classic, modern, sidebar'],
    });
    const many = { layout: 'classic', paper: 'a4', extraSections: Array.from({ length: 21 }, (_, i) => `s${i}`) };
    expect(checkPortfolio({ ...everyKindPortfolio(), resume: many })).toEqual({
      ok: false,
      problems: ['Résumé settings: at most 20 sections'],
    });
  });

  test('survive the editor opening the portfolio, and a broken value is dropped', () => {
    const resume = { layout: 'sidebar', paper: 'letter', extraSections: ['services'] };
    expect(coercePortfolio('1', { ...everyKindPortfolio(), resume }).resume).toEqual(resume);
    expect(coercePortfolio('1', { ...everyKindPortfolio(), resume: { layout: 'nope' } }).resume).toBeUndefined();
  });
});
