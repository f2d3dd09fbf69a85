import { expect, test } from '@jest/globals';
import { lookCss, toPageLook } from './looks';

test('only named accents and fonts become a look; anything else is the template’s own', () => {
  expect(toPageLook({ accent: 'plum', font: 'serif' })).toEqual({ accent: 'plum', font: 'serif' });
  expect(toPageLook({ accent: '#ff0000', font: 'Comic Sans', css: 'body{}' })).toEqual({});
  expect(toPageLook({ accent: 'constructor' })).toEqual({});
  expect(toPageLook(null)).toEqual({});
  expect(lookCss({})).toBe('');
});

test('the CSS decorates with the accent and sets the font, never text colour', () => {
  const css = lookCss({ accent: 'plum', font: 'mono' });
  expect(css).toContain('#7a3b8f');
  expect(css).toContain('ui-monospace');
  expect(css).not.toMatch(/(^|[;{])color:/);
});
