// The résumé's fonts: self-hosted files from the @fontsource packages (FACES), embedded as subsets so
// the PDF holds only the glyphs it shows. Text is split into runs by the face that covers each
// character: the look's family for Latin, Noto Sans Devanagari and Tamil for those scripts, Noto Emoji
// (monochrome outlines: colour emoji cannot be embedded as text) for emoji. A character no face covers
// is left out of the drawn text (the layout covers Latin, Devanagari, Tamil and emoji).
//
// Shaping is fontkit's (OpenType GSUB: Devanagari conjuncts, reph, matras; Tamil two-part vowels),
// through pdf-lib's subset embedder, which also writes the ToUnicode map that lets text be copied and
// searched. pdf-lib asks fontkit 1's API; fontkit 2 (the maintained one, whose Indic shaper runs
// without a polyfill) differs only in how a subset is written, bridged below.
import * as fontkit from 'fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { FACES } from './faces.generated';
import { sfntOfWoff } from './woff';

export interface FaceSpec {
  /** e.g. 'inter-latin-400'. */
  id: string;
  /** The @fontsource package's name, e.g. 'inter'. */
  family: string;
  weight: number;
  /** The file inside node_modules, e.g. '@fontsource/inter/files/inter-latin-400-normal.woff'. */
  file: string;
  /** The code points it covers, as inclusive [from, to] pairs. */
  ranges: readonly (readonly [number, number])[];
}

/** Where the PDF maker gets its files: the same code runs in a browser worker, in Node and in Deno. */
export interface ResumeResources {
  /** A face's file (WOFF), by FaceSpec.file. */
  font(face: FaceSpec): Promise<Uint8Array>;
  /** A picture's bytes (JPEG or PNG) by the portfolio's file value; null or absent: shown without it. */
  image?(ref: string): Promise<Uint8Array | null>;
}

/** The text families a look may name (looks.ts FONTS), as @fontsource packages. */
export const TEXT_FAMILIES = { system: 'inter', serif: 'source-serif-4', rounded: 'nunito', mono: 'jetbrains-mono' } as const;
export type TextFamily = (typeof TEXT_FAMILIES)[keyof typeof TEXT_FAMILIES];

/** The faces tried after the text family, in order. */
const FALLBACK_FAMILIES = ['noto-sans-devanagari', 'noto-sans-tamil', 'noto-emoji'];

export type Weight = 400 | 700;

const covers = (face: FaceSpec, codePoint: number) => face.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

// pdf-lib reads a subset as a stream (fontkit 1); fontkit 2 writes it at once.
interface Subset {
  encode(): Uint8Array;
  encodeStream?: () => unknown;
}
interface Font {
  createSubset(): Subset;
}
/** Fonts opened once per file a worker or function was handed (a résumé is made again at each pause in typing). */
const opened = new WeakMap<Uint8Array, Font>();
const fontkitForPdfLib = {
  create(bytes: Uint8Array) {
    const known = opened.get(bytes);
    if (known) return known;
    const font = fontkit.create(sfntOfWoff(bytes)) as Font;
    opened.set(bytes, font);
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      subset.encodeStream = () => {
        const listeners: Record<string, (value?: unknown) => void> = {};
        const stream = {
          on(event: string, listener: (value?: unknown) => void) {
            listeners[event] = listener;
            if (event === 'end')
              queueMicrotask(() => {
                try {
                  listeners.data?.(subset.encode());
                  listeners.end?.();
                } catch (error) {
                  listeners.error?.(error);
                }
              });
            return stream;
          },
        };
        return stream;
      };
      return subset;
    };
    return font;
  },
};

export interface TextRun {
  text: string;
  font: PDFFont;
}

/** The faces of one résumé: chosen for its text, loaded and embedded once each. */
export class FontBook {
  private readonly embedded = new Map<string, PDFFont>();
  /** Widths at size 1 by weight and text: the layout measures the same words many times, and shaping is slow. */
  private readonly widths = new Map<string, number>();

  private constructor(
    private readonly family: TextFamily,
    private readonly chains: Readonly<Record<Weight, readonly FaceSpec[]>>,
  ) {}

  /** Loads and embeds every face the texts need, in both weights the layouts use. */
  static async load(doc: PDFDocument, resources: ResumeResources, family: TextFamily, texts: readonly string[]): Promise<FontBook> {
    doc.registerFontkit(fontkitForPdfLib as never);
    const chainOf = (weight: Weight) =>
      [family, ...FALLBACK_FAMILIES].flatMap((name) =>
        FACES.filter((face) => face.family === name && (face.weight === weight || name === 'noto-emoji')),
      );
    const book = new FontBook(family, { 400: chainOf(400), 700: chainOf(700) });
    const needed = new Map<string, FaceSpec>();
    for (const weight of [400, 700] as const) {
      // The family's first face always: the layout measures spaces and draws bullets with it.
      const first = book.chains[weight][0]!;
      needed.set(first.id, first);
      for (const text of texts)
        for (const char of text) {
          const face = book.faceFor(char, weight);
          if (face) needed.set(face.id, face);
        }
    }
    await Promise.all(
      [...needed.values()].map(async (face) => {
        const bytes = await resources.font(face);
        book.embedded.set(face.id, await doc.embedFont(bytes, { subset: true }));
      }),
    );
    return book;
  }

  private faceFor(char: string, weight: Weight): FaceSpec | undefined {
    const codePoint = char.codePointAt(0)!;
    return this.chains[weight].find((face) => covers(face, codePoint));
  }

  /** The family's own font, for spaces and bullets. */
  base(weight: Weight): PDFFont {
    return this.embedded.get(this.chains[weight][0]!.id)!;
  }

  /**
   * The text as runs of one font each: a character stays in the run before it when that face covers
   * it (so an emoji sequence or a conjunct is shaped whole), else takes the first face that does;
   * characters no face covers are left out.
   */
  runs(text: string, weight: Weight): TextRun[] {
    const runs: (TextRun & { face: FaceSpec })[] = [];
    for (const char of text) {
      const last = runs[runs.length - 1];
      if (last && (char !== ' ' || last.face === this.chains[weight][0]) && covers(last.face, char.codePointAt(0)!)) {
        last.text += char;
        continue;
      }
      const face = this.faceFor(char, weight);
      const font = face ? this.embedded.get(face.id) : undefined;
      if (face && font) runs.push({ text: char, font, face });
    }
    return runs.map(({ text: runText, font }) => ({ text: runText, font }));
  }

  /** The width of text at a size, as drawn by `runs`. */
  width(text: string, weight: Weight, size: number): number {
    const key = `${weight}${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.runs(text, weight).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, 1), 0);
      this.widths.set(key, width);
    }
    return width * size;
  }

  get textFamily(): TextFamily {
    return this.family;
  }
}
