// What the résumé's Node tests and bench share: fonts read from node_modules, and a PDF read back
// with pdf.js (the legacy build, for Node) as a reader or applicant tracking system reads it.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
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
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: bytes.slice(), useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
  const pages: ReadPage[] = [];
  const fonts = new Set<string>();
  const sizes: [number, number][] = [];
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
    operators.fnArray.forEach((fn, index) => {
      if (fn !== pdfjs.OPS.setFont) return;
      const id = operators.argsArray[index][0] as string;
      const font = page.commonObjs.get(id) as { name?: string };
      if (font?.name) fonts.add(font.name.replace(/^[A-Z]{6}\+/, '').replace(/-\d+$/, ''));
    });
  }
  const { info } = (await document.getMetadata()) as { info: ReadPdf['info'] };
  await document.destroy();
  return { pages, text: pages.map((page) => page.text).join('\n'), fonts: [...fonts].sort(), info, sizes };
}
