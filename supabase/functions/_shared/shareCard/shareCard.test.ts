// The share card and the monogram favicon, drawn on Deno with no permissions (deno test grants none):
// the engine's wasm and fonts come from its bundle, never from the network or the disk.
import assert from 'node:assert/strict';
import {
  cardAccent,
  cardText,
  monogram,
  monogramFaviconPng,
  monogramFaviconSvg,
  SHARE_CARD,
  shareCardFileName,
  shareCardPng,
} from './shareCard.ts';

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  assert.deepEqual([...bytes.slice(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

Deno.test('the card is a 1200×630 PNG whose pixels follow the accent', async () => {
  const content = {
    name: 'Ada Lovelace',
    headline: 'Analyst of engines, writer of the first program',
    address: 'folioforge.example/p/ada',
  };
  const teal = await shareCardPng({ ...content, accentHex: '#0b6e5f' });
  const crimson = await shareCardPng({ ...content, accentHex: '#b3261e' });
  assert.deepEqual(pngSize(teal), { width: SHARE_CARD.width, height: SHARE_CARD.height });
  assert.notDeepEqual(teal, crimson, 'another accent draws another card');
  assert.ok(teal.byteLength > 5_000 && teal.byteLength < 300_000, `a card of ${teal.byteLength} bytes`);
});

Deno.test('names with emoji, control characters, other scripts or no text at all still draw a card', async () => {
  for (const name of ['Zoë 🎨 Åkesson', 'Bad\u0000name\u001b[31m\u202eevil', 'आरव शर्मा', '', ' '.repeat(50), 'W'.repeat(500)]) {
    const card = await shareCardPng({ name, headline: 'x'.repeat(1000), accentHex: 'not a colour' });
    assert.deepEqual(pngSize(card), { width: 1200, height: 630 }, JSON.stringify(name));
  }
});

Deno.test('text on a card is cleaned and shortened by characters a reader sees', () => {
  assert.equal(cardText('  Ada\u0000\n\tLovelace\u202e ', 60), 'Ada Lovelace');
  assert.equal(cardText('abcdefghij', 5), 'abcd…');
  // Emoji are left out (the card's font has none), flags and families whole.
  assert.equal(cardText('Zoë 🎨 👨‍👩‍👧‍👦 🇮🇳 Åkesson ❤️', 60), 'Zoë Åkesson');
  // Shortened by graphemes: an accent written as a combining mark stays on its letter.
  assert.equal(cardText('Zoe\u0308 Zoe\u0308', 4), 'Zoe\u0308…');
  assert.equal(cardAccent('#B3261E'), '#b3261e');
  assert.equal(cardAccent('red; background:url(x)'), '#0b6e5f');
});

Deno.test('the monogram takes the first letters of the first and the last word', () => {
  assert.equal(monogram('Ada King Lovelace'), 'AL');
  assert.equal(monogram('grace'), 'G');
  assert.equal(monogram('  émile   zola '), 'ÉZ');
  assert.equal(monogram('@ada — 🎨 lovelace'), 'L');
  assert.equal(monogram(''), '•');
});

Deno.test('the favicon: an SVG of paths (no font needed to show it) and a square PNG', async () => {
  const svg = await monogramFaviconSvg('Ada Lovelace', '#3b4bc8');
  assert.match(svg, /^<svg [^>]*width="64" height="64"/);
  assert.match(svg, /<path /);
  assert.doesNotMatch(svg, /<text|<script|href=/);
  assert.match(svg, /#3b4bc8/);
  assert.ok(svg.length < 8_000, `an icon of ${svg.length} characters`);
  assert.deepEqual(pngSize(await monogramFaviconPng('Ada Lovelace', '#3b4bc8')), { width: 180, height: 180 });
  assert.deepEqual(pngSize(await monogramFaviconPng('Ada', undefined, 32)), { width: 32, height: 32 });
});

Deno.test('a card is named by what it shows', async () => {
  const ada = await shareCardFileName({ name: 'Ada', headline: 'Engines' });
  assert.match(ada, /^share-card-[0-9a-f]{10}\.png$/);
  assert.equal(await shareCardFileName({ name: 'Ada', headline: 'Engines' }), ada);
  assert.notEqual(await shareCardFileName({ name: 'Ada', headline: 'Engines', accentHex: '#b3261e' }), ada);
});
