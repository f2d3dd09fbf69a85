// What the résumé's Node tests and bench share: fonts read from node_modules, and a PDF read back
// with pdf.js (the legacy build, for Node) as a reader or applicant tracking system reads it.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { zlibSync } from 'fflate';
import type { ResumeResources } from '../index';

const require = createRequire(import.meta.url);

const files = new Map<string, Promise<Uint8Array>>();

/** Font files read once each, as the editor's worker keeps them. */
export const nodeResources: ResumeResources = {
  font: (face) => {
    let file = files.get(face.file);
    if (!file) files.set(face.file, (file = readFile(require.resolve(face.file)).then((bytes) => new Uint8Array(bytes))));
    return file;
  },
};

export interface ReadPage {
  /** The page's text in reading order, a line per line. */
  text: string;
  links: string[];
}

export interface ReadPdf {
  pages: ReadPage[];
  /** The whole text, pages joined. */
  text: string;
  /** The embedded fonts' PostScript names (the subset prefix and pdf-lib's number suffix dropped), e.g. 'Inter-Regular'. */
  fonts: string[];
  info: { Title?: string; Author?: string; Language?: string };
  /** Each page's width and height in points. */
  sizes: [number, number][];
  /** Pictures drawn, per page. */
  images: number[];
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: bytes.slice(), useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
  const pages: ReadPage[] = [];
  const fonts = new Set<string>();
  const sizes: [number, number][] = [];
  const images: number[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const [, , width, height] = page.view as [number, number, number, number];
    sizes.push([Math.round(width), Math.round(height)]);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
    const annotations = (await page.getAnnotations()) as { subtype: string; url?: string }[];
    pages.push({ text, links: annotations.filter((a) => a.subtype === 'Link' && a.url).map((a) => a.url!) });
    const operators = await page.getOperatorList();
    images.push(operators.fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject).length);
    operators.fnArray.forEach((fn, index) => {
      if (fn !== pdfjs.OPS.setFont) return;
      const id = operators.argsArray[index][0] as string;
      const font = page.commonObjs.get(id) as { name?: string };
      if (font?.name) fonts.add(font.name.replace(/^[A-Z]{6}\+/, '').replace(/-\d+$/, ''));
    });
  }
  const { info } = (await document.getMetadata()) as { info: ReadPdf['info'] };
  await document.destroy();
  return { pages, text: pages.map((page) => page.text).join('\n'), fonts: [...fonts].sort(), info, sizes, images };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => (bytes.reduce((c, byte) => crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;

/** A real PNG of one colour (RGB, 8 bits), as a photo the editor resized. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Uint8Array {
  const rows = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) rows.set([r, g, b], y * (width * 3 + 1) + 1 + x * 3);
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array([...new TextEncoder().encode(type), ...data]);
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(body, 4);
    view.setUint32(8 + data.length, crc32(body));
    return out;
  };
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(rows)),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (png.set(part, at), at + part.length), 0);
  return png;
}
