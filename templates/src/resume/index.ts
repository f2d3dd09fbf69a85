// The résumé PDF made from a portfolio: the same data as the page, as a real text PDF (selectable,
// searchable, read in order by applicant tracking systems, with live links), its fonts embedded and
// self-hosted, A4 or US Letter, in the layout of the template's family with the page's accent and
// font. pdf-lib writes the PDF and fontkit shapes the text: both are plain JavaScript with no platform
// built-ins, so this same module runs in the editor's worker (the browser) and in the publish function
// (Deno), each handing it its own way to read font files (ResumeResources). It is large (fonts' shaping
// tables), so it is loaded only where a résumé is shown: import it dynamically.
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { accentHex, type PageLook } from '../looks';
import type { Portfolio } from '../model';
import { pageMeta } from '../model/pageSettings';
import type { ResumeSettings } from '../model/resumeSettings';
import { contentTexts, resumeContent } from './content';
import { FontBook, TEXT_FAMILIES, type ResumeResources } from './fonts';
import { LAYOUT_STYLES, PAPER_SIZES } from './layouts';
import { blockHeight, coloursFor, drawLines, paginate, Typesetter, type Placed } from './render';

export { FACES } from './faces.generated';
export type { FaceSpec, ResumeResources } from './fonts';
export { resumeContent, resumeSections, type ResumeContent } from './content';

/** What makes one résumé: its stored settings (resumeSettingsOf fills the defaults) and the page's look. */
export interface ResumeOptions extends ResumeSettings {
  look?: PageLook;
}

/** Headings and marks the layouts add to the portfolio's own text. */
const LAYOUT_TEXTS = ['About', 'ABOUT', 'Contact', 'CONTACT', '•', '·', '—', '–', '()', '0123456789.'];

/** The résumé of a portfolio as PDF bytes. */
export async function makeResumePdf(portfolio: Portfolio, options: ResumeOptions, resources: ResumeResources): Promise<Uint8Array> {
  const style = LAYOUT_STYLES[options.layout];
  const look = options.look ?? {};
  const content = resumeContent(portfolio, options);
  const doc = await PDFDocument.create();
  const book = await FontBook.load(doc, resources, TEXT_FAMILIES[look.font ?? style.font], [...contentTexts(content), ...LAYOUT_TEXTS]);
  const colours = coloursFor(accentHex(look));
  const set = new Typesetter(book, style, colours);
  const [pageWidth, pageHeight] = PAPER_SIZES[options.paper];
  const { margin } = style;
  const bottom = pageHeight - margin;
  const sections = content.sections;

  /** Flows in drawing (reading) order, and what each page shows behind them. */
  const flows: Placed[][] = [];
  let background: (page: PDFPage, index: number) => void = () => {};

  if (style.header === 'side') {
    const sideWidth = pageWidth * (style.sideShare ?? 0.33);
    const side = { x: margin * 0.75, width: sideWidth - margin * 1.25 };
    const main = { x: sideWidth + margin * 0.6, width: pageWidth - sideWidth - margin * 1.35 };
    const inSide = (kind: string) => kind === 'skills';
    const sideBlocks = [
      set.nameBlock(content, side.width, { colour: colours.accent }),
      ...(content.contacts.length
        ? [set.heading('Contact', side.width), set.contactBlock(content.contacts, side.width, { colour: colours.text, oneALine: true })]
        : []),
      ...sections.filter((section) => inSide(section.kind)).flatMap((section) => set.section(section, side.width, { oneSkillALine: true })),
    ];
    const mainBlocks = [
      ...set.aboutBlocks(content, main.width),
      ...sections.filter((section) => !inSide(section.kind)).flatMap((section) => set.section(section, main.width)),
    ];
    const space = () => ({ top: margin, bottom });
    flows.push(paginate(sideBlocks, side, space), paginate(mainBlocks, main, space));
    background = (page) => page.drawRectangle({ x: 0, y: 0, width: sideWidth, height: pageHeight, color: colours.sideTint });
  } else {
    const column = { x: margin, width: pageWidth - margin * 2 };
    const band = style.header === 'band';
    const headerColour = band ? colours.onAccent : colours.text;
    const align = band ? 'left' : 'centre';
    const header = [
      set.nameBlock(content, column.width, { colour: band ? colours.onAccent : colours.accent, align }),
      ...(content.contacts.length ? [set.contactBlock(content.contacts, column.width, { colour: headerColour, align })] : []),
    ];
    const headerTop = band ? margin * 0.8 : margin;
    const headerHeight = header.reduce((sum, block, index) => sum + blockHeight(block) + (index ? block.spaceBefore : 0), 0);
    const bandBottom = headerTop + headerHeight + margin * 0.55;
    flows.push(paginate(header, column, () => ({ top: headerTop, bottom: Number.POSITIVE_INFINITY })));
    const mainBlocks = [...set.aboutBlocks(content, column.width), ...sections.flatMap((section) => set.section(section, column.width))];
    const mainTop = band ? bandBottom + margin * 0.5 : headerTop + headerHeight + style.bodySize;
    flows.push(paginate(mainBlocks, column, (page) => ({ top: page === 0 ? mainTop : margin, bottom })));
    if (band)
      background = (page, index) => {
        if (index === 0)
          page.drawRectangle({ x: 0, y: pageHeight - bandBottom, width: pageWidth, height: bandBottom, color: colours.accent });
      };
  }

  const pageCount = Math.max(1, ...flows.flat().map((placed) => placed.page + 1));
  const pages = Array.from({ length: pageCount }, (_, index) => {
    const page = doc.addPage([pageWidth, pageHeight]);
    background(page, index);
    return page;
  });
  for (const flow of flows) drawLines(doc, pages, flow, book);

  const meta = pageMeta(portfolio);
  doc.setTitle(content.name || 'Résumé', { showInWindowTitleBar: true });
  if (content.name) doc.setAuthor(content.name);
  if (content.headline) doc.setSubject(content.headline);
  doc.setLanguage(meta.language);
  doc.setCreator('FolioForge');
  doc.setProducer('FolioForge résumé (pdf-lib, fontkit)');
  // Without object streams (PDF 1.5): older parsers, as some applicant tracking systems run, read every object.
  return doc.save({ useObjectStreams: false });
}

/** A file name for the résumé: the person's name and "resume", letters of any script kept. */
export function resumeFileName(portfolio: Pick<Portfolio, 'profile'>): string {
  const name = portfolio.profile.name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${name ? `${name}-` : ''}resume.pdf`;
}
