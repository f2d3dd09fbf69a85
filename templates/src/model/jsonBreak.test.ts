import { describe, expect, test } from '@jest/globals';
import { findJsonBreak } from './jsonBreak';

describe('findJsonBreak', () => {
  test('finds nothing wrong in what JSON.parse reads', () => {
    const texts = [
      JSON.stringify({ a: [1, -2.5e-3, 0, true, false, null], 'b "c"': 'tab\t, line\n, slash \\ and ☃ 😀', d: {} }, null, 2),
      ' [ ] ',
      '"\\u00e9\\/"',
      '12E+4',
      JSON.stringify({ deep: [[[[{ x: [] }]]]] }),
    ];
    for (const text of texts) {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(findJsonBreak(text)).toBeUndefined();
    }
  });

  test('finds where JSON.parse would refuse, on the right line', () => {
    expect(findJsonBreak('{"a": 01}')).toEqual({ line: 1, found: '1' });
    expect(findJsonBreak('[1,\n2,\n]')).toEqual({ line: 3, found: ']' });
    expect(findJsonBreak('{"a": tru}')).toEqual({ line: 1, found: 't' });
    expect(findJsonBreak('{} {}')).toEqual({ line: 1, found: '{' });
    expect(findJsonBreak('"bad \\x escape"')).toEqual({ line: 1, found: 'x' });
  });

  test('a text nested too deep to follow gives no place rather than failing', () => {
    expect(findJsonBreak('['.repeat(200_000))).toBeUndefined();
  });
});
