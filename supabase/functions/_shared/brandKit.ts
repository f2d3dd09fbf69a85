// Professional logo and social media logo files (Premium): a monogram logo and share images in the
// common sizes, drawn as SVG from the owner's name and their page's accent. Dependency-free, so the
// publish function (Deno or Node) makes them and the browser turns the images into PNG files.
import { withoutControlCharacters } from './text.ts';

export interface BrandImage {
  name: string;
  width: number;
  height: number;
  svg: string;
}

/** Open Graph / Twitter card, square post (Instagram, LinkedIn), profile picture. */
export const SHARE_SIZES = [
  { name: 'share-1200x630', width: 1200, height: 630 },
  { name: 'post-1080x1080', width: 1080, height: 1080 },
  { name: 'profile-400x400', width: 400, height: 400 },
] as const;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Text as XML character data: markup escaped, and what XML cannot hold at all (control characters, lone surrogates) left out. */
const escapeXml = (text: string) => withoutControlCharacters(text).replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);

/** "Ada Lovelace" → "AL"; one word → its first letter; nothing → "F". */
export function initialsOf(name: string): string {
  const words = withoutControlCharacters(name).trim().split(/\s+/).filter(Boolean);
  const letters = (words.length > 1 ? [words[0]!, words[words.length - 1]!] : words).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toUpperCase() || 'F';
}

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** The monogram's drawing on a 512 × 512 canvas: the initials in white on a circle of the accent. */
function monogramShapes(name: string, accent: string): string {
  const initials = initialsOf(name);
  return (
    `<circle cx="256" cy="256" r="248" fill="${accent}"/>` +
    `<circle cx="256" cy="256" r="224" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6"/>` +
    `<text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="${initials.length > 1 ? 200 : 240}" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>`
  );
}

/** The monogram logo. */
export function monogramSvg(name: string, accent: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512" role="img" aria-label="${escapeXml(name.trim() || 'Logo')}">` +
    `${monogramShapes(name, accent)}</svg>`
  );
}

/** A share image: the monogram, the name and a line about them, on a light card with an accent band. */
export function shareImageSvg(name: string, tagline: string, accent: string, width: number, height: number): string {
  const shortSide = Math.min(width, height);
  const logo = Math.round(shortSide * 0.32);
  const wide = width > height * 1.3;
  const logoX = wide ? Math.round(width * 0.08) : Math.round((width - logo) / 2);
  const logoY = wide ? Math.round((height - logo) / 2) : Math.round(height * 0.14);
  const textX = wide ? logoX + logo + Math.round(width * 0.05) : Math.round(width / 2);
  const anchor = wide ? 'start' : 'middle';
  const nameSize = Math.round(shortSide * (wide ? 0.11 : 0.085));
  const lineSize = Math.round(nameSize * 0.45);
  const nameY = wide ? Math.round(height / 2) : logoY + logo + Math.round(nameSize * 1.4);
  const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
  const logoMarkup = `<svg x="${logoX}" y="${logoY}" width="${logo}" height="${logo}" viewBox="0 0 512 512">${monogramShapes(name, accent)}</svg>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="#f7f7f5"/>` +
    `<rect width="${width}" height="${Math.round(shortSide * 0.04)}" fill="${accent}"/>` +
    logoMarkup +
    `<text x="${textX}" y="${nameY}" text-anchor="${anchor}" font-family="${FONT}" font-size="${nameSize}" font-weight="700" fill="#1c2321">${escapeXml(clip(name.trim() || 'My portfolio', 28))}</text>` +
    (tagline
      ? `<text x="${textX}" y="${nameY + Math.round(lineSize * 2)}" text-anchor="${anchor}" font-family="${FONT}" font-size="${lineSize}" fill="#37524a">${escapeXml(clip(tagline, wide ? 60 : 40))}</text>`
      : '') +
    `</svg>`
  );
}

/** The whole kit for a name, a line about them and an accent colour (#rrggbb). */
export function brandKit(name: string, tagline: string, accent: string): { logo: string; images: BrandImage[] } {
  return {
    logo: monogramSvg(name, accent),
    images: SHARE_SIZES.map(({ name: file, width, height }) => ({
      name: file,
      width,
      height,
      svg: shareImageSvg(name, tagline, accent, width, height),
    })),
  };
}
