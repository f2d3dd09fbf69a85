// A published page's share card (the Open Graph / Twitter image, 1200×630 PNG) and its monogram
// favicon (SVG and PNG), drawn at publish time: the page's name, headline, accent colour and
// monogram, laid out by satori (text becomes paths, so no font is needed where the SVG is shown)
// and rasterised by resvg's wasm. Everything it needs is inside engine.generated.mjs (built by
// tooling/shareCardEngine.mjs), so it runs on Deno with no network and no permissions.
//
// Cost (npm run bench -- functions prints it): the first card of an isolate takes about 0.7 s
// (resvg's wasm and satori's layout engine start), later ones about 0.1–0.3 s. Draw it after the
// page is stored, never before answering the owner's publish.
import { FONTS, initWasm, Resvg, RESVG_WASM, satori, type CardNode } from './engine.generated.mjs';

export const SHARE_CARD = { width: 1200, height: 630 } as const;

/** What a card shows. Text is cleaned and shortened here; a colour that is not #rrggbb is FolioForge's teal. */
export interface ShareCardContent {
  name: string;
  headline?: string;
  accentHex?: string;
  /** The page's address as shown at the card's foot, e.g. `folioforge.example/p/ada`. */
  address?: string;
}

const DEFAULT_ACCENT = '#0b6e5f';
const INK = '#16181d';
const MUTED = '#3d424a';
const PAPER = '#f7f6f2';

let engineReady: Promise<void> | undefined;
function engine(): Promise<void> {
  engineReady ??= initWasm(RESVG_WASM).catch((error) => {
    engineReady = undefined;
    throw error;
  });
  return engineReady;
}

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

// The card's fonts have no emoji: a pictograph would show as a "no glyph" box, so it is left out.
// Each alternative is one code point (the rule below reads the class as if it held joined emoji).
const PICTOGRAPHS = /\p{Extended_Pictographic}|[\u{1f1e6}-\u{1f1ff}]|[\u{1f3fb}-\u{1f3ff}]|\u200d|\ufe0e|\ufe0f|\u20e3/gu;

/**
 * Text fit for a picture: no control or direction-changing characters, no emoji, spaces collapsed, at
 * most `max` characters. Scripts beyond Latin (Devanagari, Cyrillic …) are kept but the card's font
 * has no glyphs for them yet: they show as boxes.
 */
export function cardText(value: string | undefined, max: number): string {
  const text = (value ?? '').replace(CONTROL, ' ').replace(PICTOGRAPHS, '').replace(/\s+/g, ' ').trim();
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((part) => part.segment);
  return graphemes.length <= max
    ? text
    : `${graphemes
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** The accent as #rrggbb, or the default. */
export function cardAccent(value: string | undefined): string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : DEFAULT_ACCENT;
}

/** Up to two initials: the first letters of the first and the last word ("Ada King Lovelace" → "AL"). */
export function monogram(name: string): string {
  const words = cardText(name, 200)
    .split(' ')
    .filter((word) => /^[\p{L}\p{N}]/u.test(word));
  const first = (word: string | undefined) =>
    word ? ([...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(word)][0]?.segment ?? '') : '';
  const initials = `${first(words[0])}${words.length > 1 ? first(words[words.length - 1]) : ''}`;
  return initials.toLocaleUpperCase() || '•';
}

const box = (style: Record<string, string | number>, children?: CardNode['props']['children']): CardNode => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, ...(children === undefined ? {} : { children }) },
});

function monogramNode(name: string, accent: string, size: number): CardNode {
  const letters = monogram(name);
  return box(
    {
      width: size,
      height: size,
      borderRadius: size / 2,
      background: accent,
      color: '#ffffff',
      alignItems: 'center',
      justifyContent: 'center',
      fontWeight: 700,
      fontSize: Math.round(size * (letters.length > 1 ? 0.4 : 0.5)),
      letterSpacing: letters.length > 1 ? -1 : 0,
    },
    letters,
  );
}

function cardNode(content: ShareCardContent): CardNode {
  const accent = cardAccent(content.accentHex);
  const name = cardText(content.name, 60) || 'My page';
  const headline = cardText(content.headline, 140);
  const address = cardText(content.address, 60);
  return box({ width: '100%', height: '100%', background: PAPER, fontFamily: 'Inter' }, [
    box({ width: 28, height: '100%', background: accent, flexShrink: 0 }),
    box({ flexDirection: 'column', flexGrow: 1, padding: '64px 80px 56px 72px', justifyContent: 'space-between' }, [
      monogramNode(name, accent, 132),
      box({ flexDirection: 'column' }, [
        box({ fontSize: name.length > 28 ? 60 : 76, fontWeight: 700, color: INK, lineHeight: 1.1, marginBottom: 20 }, name),
        ...(headline ? [box({ fontSize: 34, fontWeight: 400, color: MUTED, lineHeight: 1.35 }, headline)] : []),
      ]),
      box({ fontSize: 26, fontWeight: 700, color: accent }, address || ' '),
    ]),
  ]);
}

async function png(svg: string, width: number): Promise<Uint8Array> {
  await engine();
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: width } });
  const image = resvg.render();
  try {
    return image.asPng();
  } finally {
    image.free();
    resvg.free();
  }
}

/** The card as SVG (text drawn as paths). */
export function shareCardSvg(content: ShareCardContent): Promise<string> {
  return satori(cardNode(content), { ...SHARE_CARD, fonts: FONTS });
}

/** The card as a 1200×630 PNG. */
export async function shareCardPng(content: ShareCardContent): Promise<Uint8Array> {
  return png(await shareCardSvg(content), SHARE_CARD.width);
}

/** The monogram favicon as SVG (64×64 view box, letters as paths): `<link rel="icon" type="image/svg+xml">`. */
export function monogramFaviconSvg(name: string, accentHex?: string): Promise<string> {
  return satori(box({ width: '100%', height: '100%', fontFamily: 'Inter' }, monogramNode(name, cardAccent(accentHex), 64)), {
    width: 64,
    height: 64,
    fonts: FONTS,
  });
}

/** The monogram as a square PNG (180 px: `apple-touch-icon`, and the icon of browsers without SVG icons). */
export async function monogramFaviconPng(name: string, accentHex?: string, size = 180): Promise<Uint8Array> {
  return png(await monogramFaviconSvg(name, accentHex), size);
}

/**
 * The card's file name in the page's files: named by what it shows, so a changed card is a new
 * address and social networks, which cache a card by its URL, fetch the new one.
 */
export async function shareCardFileName(content: ShareCardContent): Promise<string> {
  const key = JSON.stringify([
    cardText(content.name, 60),
    cardText(content.headline, 140),
    cardAccent(content.accentHex),
    content.address ?? '',
  ]);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  return `share-card-${[...digest.slice(0, 5)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}.png`;
}
