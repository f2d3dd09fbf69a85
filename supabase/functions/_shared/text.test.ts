// Control characters in typed text (issue 20 #9, #16): found, and taken out so what is left is valid
// in HTML, XML (the brand kit's SVG) and a mail header.
import assert from 'node:assert/strict';
import { brandKit, initialsOf } from './brandKit.ts';
import { hasControlCharacters, withoutControlCharacters } from './text.ts';

const NASTY = 'Ada\u0000 \u0007Love\u001Flace\u007F\u0085\uFFFE \uD800end';

Deno.test('control characters are found; line breaks only where one line is asked for', () => {
  assert.equal(hasControlCharacters('Ada Lovelace, née Byron 👩‍💻'), false);
  assert.equal(hasControlCharacters('Ada\r\nBcc: x@evil.example'), true);
  assert.equal(hasControlCharacters('Dear team,\n\nthanks.\t—Ada', { multiline: true }), false);
  assert.equal(hasControlCharacters('bell\u0007', { multiline: true }), true);
  assert.equal(hasControlCharacters('half \uDC00 a pair'), true);
});

Deno.test('taken out, they leave text that XML holds', () => {
  assert.equal(withoutControlCharacters(NASTY), 'Ada Lovelace end');
  assert.equal(withoutControlCharacters('one\r\ntwo'), 'one two');
  assert.equal(withoutControlCharacters('one\r\ntwo\u0000', { multiline: true }), 'one\r\ntwo');
  assert.equal(withoutControlCharacters('👩‍💻 emoji stay'), '👩‍💻 emoji stay');
});

Deno.test('the brand kit draws valid SVG for any name (issue 20 #16)', () => {
  const kit = brandKit(NASTY, `A line\u0001 with a tab\t and \u0008 more`, '#0f6b5c');
  for (const svg of [kit.logo, ...kit.images.map((image) => image.svg)]) {
    // XML 1.0 allows tab, LF, CR and the printable ranges; nothing else may appear, not even escaped.
    assert.equal(hasControlCharacters(svg, { multiline: true }), false);
    assert.doesNotMatch(svg, /&#x?[0-9a-f]+;/i, 'nor as a character reference');
  }
  assert.equal(initialsOf('\u0000Ada \u0007Lovelace'), 'AL');
  // A long name clipped in the middle of an emoji leaves no half of it behind.
  const clipped = brandKit(`${'x'.repeat(26)}👩‍💻👩‍💻`, '', '#0f6b5c').images[0]!.svg;
  assert.doesNotMatch(clipped, /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
});
