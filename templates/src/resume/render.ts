// Lays a résumé's content out in lines and draws them: text wrapped by measured widths, blocks placed
// down columns page by page with the rules a reader expects — an item never split across pages (unless
// it is taller than a page, then it splits between lines), a heading never left alone at the bottom
// (kept with the first item under it). Text is drawn in reading order, each line's runs left to right,
// so extraction (an applicant tracking system, copy and paste) reads it as written.
import { PDFHexString, PDFName, PDFOperator, PDFOperatorNames, PDFString, rgb, type Color, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { ContactLine, Entry, ResumeContent, ResumeSection } from './content';
import type { FontBook, Weight } from './fonts';
import type { LayoutStyle } from './layouts';
import { INK } from './layouts';
import { paragraphText, type Paragraph, type TextSpan } from './richText';

export interface Colours {
  accent: Color;
  text: Color;
  muted: Color;
  onAccent: Color;
  sideTint: Color;
}

export const colourOf = (hex: string): Color =>
  rgb(parseInt(hex.slice(1, 3), 16) / 255, parseInt(hex.slice(3, 5), 16) / 255, parseInt(hex.slice(5, 7), 16) / 255);

export const coloursFor = (accentHex: string): Colours => ({
  accent: colourOf(accentHex),
  text: colourOf(INK.text),
  muted: colourOf(INK.muted),
  onAccent: colourOf(INK.onAccent),
  sideTint: colourOf(INK.sideTint),
});

interface Style {
  size: number;
  weight: Weight;
  colour: Color;
}

interface Piece extends Style {
  text: string;
  x: number;
  width: number;
  href?: string;
}

interface Line {
  height: number;
  pieces: Piece[];
  /** A rule under the text, in this colour. */
  rule?: Color;
}

interface Block {
  lines: Line[];
  spaceBefore: number;
  /** An item: moved whole to the next page when it does not fit (unless taller than a page). */
  keepTogether: boolean;
  /** A heading: placed only where the block after it starts too. */
  keepWithNext: boolean;
}

interface Column {
  x: number;
  width: number;
}

const LINE_SPACING = 1.32;

export class Typesetter {
  constructor(
    private readonly book: FontBook,
    readonly style: LayoutStyle,
    readonly colours: Colours,
  ) {}

  private width(text: string, style: Style) {
    return this.book.width(text, style.weight, style.size);
  }

  /** Words of styled spans wrapped into lines of at most `width`, from `indent` on. */
  wrap(
    spans: (TextSpan & Style)[],
    width: number,
    { align = 'left', indent = 0 }: { align?: 'left' | 'centre'; indent?: number } = {},
  ): Line[] {
    const lines: Piece[][] = [[]];
    let x = indent;
    const push = (piece: Piece) => {
      const line = lines[lines.length - 1]!;
      const last = line[line.length - 1];
      if (last && last.href === piece.href && last.size === piece.size && last.weight === piece.weight && last.colour === piece.colour) {
        last.text += piece.text;
        last.width += piece.width;
      } else line.push(piece);
      x += piece.width;
    };
    const newLine = () => {
      const line = lines[lines.length - 1]!;
      const last = line[line.length - 1];
      if (last && last.text.endsWith(' ')) {
        last.width -= this.width(' ', last);
        last.text = last.text.trimEnd();
      }
      lines.push([]);
      x = indent;
    };
    for (const span of spans) {
      for (const word of span.text.split(/( +)/)) {
        if (!word) continue;
        const base = { size: span.size, weight: span.weight, colour: span.colour, ...(span.href ? { href: span.href } : {}) };
        if (word.startsWith(' ')) {
          if (lines[lines.length - 1]!.length) push({ ...base, text: ' ', x, width: this.width(' ', span) });
          continue;
        }
        let wordWidth = this.width(word, span);
        if (x + wordWidth > width && lines[lines.length - 1]!.length) newLine();
        if (wordWidth <= width - x) {
          push({ ...base, text: word, x, width: wordWidth });
          continue;
        }
        // A word longer than the line (a long address): broken between characters.
        let rest = word;
        while (rest) {
          let cut = [...rest].length;
          const chars = [...rest];
          while (cut > 1 && this.width(chars.slice(0, cut).join(''), span) > width - x) cut -= 1;
          const part = chars.slice(0, cut).join('');
          wordWidth = this.width(part, span);
          push({ ...base, text: part, x, width: wordWidth });
          rest = chars.slice(cut).join('');
          if (rest) newLine();
        }
      }
    }
    const lineHeight = Math.max(...spans.map((span) => span.size), 1) * LINE_SPACING;
    return lines
      .filter((pieces) => pieces.length)
      .map((pieces) => {
        if (align === 'centre') {
          const used = pieces.reduce((sum, piece) => sum + piece.width, 0);
          const shift = (width - used) / 2 - pieces[0]!.x;
          for (const piece of pieces) piece.x += shift;
        }
        return { height: lineHeight, pieces };
      });
  }

  private body(colour?: Color): Style {
    return { size: this.style.bodySize, weight: 400, colour: colour ?? this.colours.text };
  }

  paragraphs(paragraphs: Paragraph[], width: number, colour?: Color): Line[] {
    const style = this.body(colour);
    return paragraphs.flatMap((paragraph) => {
      if (!paragraph.marker) return this.wrap(styled(paragraph.spans, style, this.colours.accent), width);
      const indent = this.width('• ', style) + 4;
      const lines = this.wrap(styled(paragraph.spans, style, this.colours.accent), width, { indent });
      const first = lines[0];
      if (first)
        first.pieces.unshift({
          ...style,
          text: paragraph.marker,
          x: indent - this.width(`${paragraph.marker} `, style) - 1,
          width: this.width(paragraph.marker, style),
        });
      return lines;
    });
  }

  heading(title: string, width: number, colour?: Color): Block {
    const text = this.style.headingCase === 'upper' ? title.toUpperCase() : title;
    const lines = this.wrap([{ text, size: this.style.headingSize, weight: 700, colour: colour ?? this.colours.accent }], width);
    const last = lines[lines.length - 1];
    if (last && this.style.headingRule) {
      last.rule = colour ?? this.colours.accent;
      last.height += 3;
    }
    return { lines, spaceBefore: this.style.bodySize * 1.3, keepTogether: true, keepWithNext: true };
  }

  entry(entry: Entry, width: number): Block {
    const title: Style = { size: this.style.titleSize, weight: 700, colour: this.colours.text };
    const muted: Style = { ...this.body(this.colours.muted) };
    const lines: Line[] = [];
    const dateWidth = entry.dates ? this.width(entry.dates, muted) : 0;
    const titleLines = entry.title ? this.wrap([{ text: entry.title, ...title }], width - (dateWidth ? dateWidth + 12 : 0)) : [];
    if (entry.dates) {
      const datePiece: Piece = { ...muted, text: entry.dates, x: width - dateWidth, width: dateWidth };
      if (titleLines[0]) titleLines[0].pieces.push(datePiece);
      else titleLines.push({ height: muted.size * LINE_SPACING, pieces: [datePiece] });
    }
    lines.push(...titleLines);
    if (entry.subtitle) lines.push(...this.wrap([{ text: entry.subtitle, ...muted }], width));
    lines.push(...this.paragraphs(entry.paragraphs, width));
    if (entry.link) lines.push(...this.wrap([{ text: entry.link.text, href: entry.link.href, ...this.body(this.colours.accent) }], width));
    return { lines, spaceBefore: this.style.bodySize * 0.7, keepTogether: true, keepWithNext: false };
  }

  /** A section: its heading, its text, its items; skills as one line of names (a side column: one a line). */
  section(section: ResumeSection, width: number, { oneSkillALine = false } = {}): Block[] {
    const blocks: Block[] = [this.heading(section.title, width)];
    if (section.body.length)
      blocks.push({ lines: this.paragraphs(section.body, width), spaceBefore: 2, keepTogether: false, keepWithNext: false });
    if (section.kind === 'skills') {
      const names = section.entries
        .map((entry) => [entry.title, entry.subtitle].filter(Boolean).join(oneSkillALine ? ' — ' : ' ('))
        .map((text, index) => (oneSkillALine || !section.entries[index]!.subtitle ? text : `${text})`));
      const paragraphs: Paragraph[] = oneSkillALine
        ? names.map((text) => ({ spans: [{ text }] }))
        : [{ spans: [{ text: names.join(' · ') }] }];
      blocks.push({ lines: this.paragraphs(paragraphs, width), spaceBefore: 3, keepTogether: false, keepWithNext: false });
      return blocks;
    }
    blocks.push(...section.entries.map((entry) => this.entry(entry, width)));
    return blocks;
  }

  contactBlock(
    contacts: ContactLine[],
    width: number,
    { colour, align = 'left', oneALine = false }: { colour: Color; align?: 'left' | 'centre'; oneALine?: boolean },
  ): Block {
    const style = this.body(colour);
    const lines = oneALine
      ? contacts.flatMap((contact) => this.wrap([{ ...style, text: contact.text, ...(contact.href ? { href: contact.href } : {}) }], width))
      : this.wrap(
          contacts.flatMap((contact, index): (TextSpan & Style)[] => [
            ...(index ? [{ ...style, text: '  ·  ' }] : []),
            { ...style, text: contact.text.replace(/ /g, '\u00a0'), ...(contact.href ? { href: contact.href } : {}) },
          ]),
          width,
          { align },
        );
    return { lines, spaceBefore: 4, keepTogether: true, keepWithNext: false };
  }

  nameBlock(content: ResumeContent, width: number, { colour, align = 'left' }: { colour: Color; align?: 'left' | 'centre' }): Block {
    const lines = [
      ...(content.name ? this.wrap([{ text: content.name, size: this.style.nameSize, weight: 700, colour }], width, { align }) : []),
      ...(content.headline
        ? this.wrap([{ text: content.headline, size: this.style.headlineSize, weight: 400, colour }], width, { align })
        : []),
    ];
    return { lines, spaceBefore: 0, keepTogether: true, keepWithNext: false };
  }

  aboutBlocks(content: ResumeContent, width: number, title = 'About'): Block[] {
    if (!content.about.length) return [];
    return [
      this.heading(title, width),
      { lines: this.paragraphs(content.about, width), spaceBefore: 2, keepTogether: false, keepWithNext: false },
    ];
  }
}

/** Spans in a style; linked words in the accent, so a reader sees they can be followed. */
const styled = (spans: TextSpan[], style: Style, accent?: Color): (TextSpan & Style)[] =>
  spans.map((span) => ({ ...span, ...style, ...(span.href && accent ? { colour: accent } : {}) }));

export const blockHeight = (block: Block) => block.lines.reduce((sum, line) => sum + line.height, 0);

export interface Placed {
  page: number;
  /** The line's top, from the page's top. */
  top: number;
  column: Column;
  line: Line;
}

/**
 * Places blocks down a column, page after page. `space(page)` is the column's top and bottom on a page
 * (measured from the page's top).
 */
export function paginate(
  blocks: Block[],
  column: Column,
  space: (page: number) => { top: number; bottom: number },
  firstPage = 0,
): Placed[] {
  const placed: Placed[] = [];
  let page = firstPage;
  let y = space(page).top;
  const atTop = () => y === space(page).top;
  const nextPage = () => {
    page += 1;
    y = space(page).top;
  };
  const room = () => space(page).bottom - y;
  const pageHeight = (index: number) => space(index).bottom - space(index).top;
  blocks.forEach((block, index) => {
    const gap = atTop() ? 0 : block.spaceBefore;
    const height = blockHeight(block);
    // What must fit with it: a heading brings the start of what follows (all of an item that fits a page).
    let needed = gap + height;
    if (block.keepWithNext) {
      const next = blocks[index + 1];
      if (next)
        needed +=
          next.spaceBefore +
          (next.keepTogether && blockHeight(next) <= pageHeight(page + 1) ? blockHeight(next) : (next.lines[0]?.height ?? 0));
    }
    if ((block.keepTogether || block.keepWithNext) && needed > room() && !atTop() && height <= pageHeight(page + 1)) nextPage();
    else y += gap;
    for (const line of block.lines) {
      if (line.height > room() && !atTop()) nextPage();
      placed.push({ page, top: y, column, line });
      y += line.height;
    }
  });
  return placed;
}

/** A URI as PDF keeps it: ASCII, anything else percent-encoded. */
const asciiUri = (href: string) => href.replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(char));

/** Draws placed lines, in order, on their pages; links become link annotations over their words. */
export function drawLines(doc: PDFDocument, pages: PDFPage[], placed: Placed[], book: FontBook): void {
  for (const { page: index, top, column, line } of placed) {
    const page = pages[index]!;
    const height = page.getHeight();
    const maxSize = Math.max(...line.pieces.map((piece) => piece.size));
    const baseline = height - top - maxSize * 1.02;
    for (const piece of line.pieces) {
      let x = column.x + piece.x;
      for (const run of book.runs(piece.text, piece.weight)) {
        const other = run.font !== book.base(piece.weight);
        // Runs in another script are marked with their text as typed, for readers that honour it
        // (shaping puts some Devanagari glyphs, such as the i-matra, before the letter they follow).
        if (other)
          page.pushOperators(
            PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
              PDFName.of('Span'),
              `<< /ActualText ${PDFHexString.fromText(run.text).toString()} >>`,
            ]),
          );
        page.drawText(run.text, { x, y: baseline, size: piece.size, font: run.font, color: piece.colour });
        if (other) page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
        x += run.font.widthOfTextAtSize(run.text, piece.size);
      }
      if (piece.href) {
        const rect = [column.x + piece.x, baseline - piece.size * 0.25, column.x + piece.x + piece.width, baseline + piece.size * 0.9];
        const annotation = doc.context.obj({
          Type: 'Annot',
          Subtype: 'Link',
          Rect: rect,
          Border: [0, 0, 0],
          A: { Type: 'Action', S: 'URI', URI: PDFString.of(asciiUri(piece.href)) },
        });
        page.node.addAnnot(doc.context.register(annotation));
      }
    }
    if (line.rule) {
      const y = height - top - line.height + 1.5;
      page.drawLine({ start: { x: column.x, y }, end: { x: column.x + column.width, y }, thickness: 0.7, color: line.rule });
    }
  }
}

/** Plain text of a paragraph list (for metadata). */
export const plainOf = (paragraphs: Paragraph[]) => paragraphs.map(paragraphText).join(' ');
