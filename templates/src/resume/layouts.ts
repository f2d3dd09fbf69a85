// The three layouts' looks, one per family of templates (model/resumeSettings.ts): sizes, colours and
// where the contact lines and skills go. The look's accent colour and font carry over from the page;
// without one, each layout keeps its family's own.
import type { ResumeLayout } from '../model/resumeSettings';
import type { FontName } from '../looks';

export interface LayoutStyle {
  /** The look's font a layout falls back to. */
  font: FontName;
  margin: number;
  nameSize: number;
  headlineSize: number;
  headingSize: number;
  titleSize: number;
  bodySize: number;
  /** The name, headline and contact lines: centred above one column, on a band of the accent, or atop a side column. */
  header: 'centred' | 'band' | 'side';
  headingCase: 'upper' | 'as-typed';
  /** A thin rule in the accent under each section heading. */
  headingRule: boolean;
  /** The side column's share of the page's width (sidebar only). */
  sideShare?: number;
}

export const LAYOUT_STYLES: Readonly<Record<ResumeLayout, LayoutStyle>> = {
  classic: {
    font: 'serif',
    margin: 50,
    nameSize: 24,
    headlineSize: 11.5,
    headingSize: 12.5,
    titleSize: 10.5,
    bodySize: 9.8,
    header: 'centred',
    headingCase: 'as-typed',
    headingRule: true,
  },
  modern: {
    font: 'system',
    margin: 46,
    nameSize: 24,
    headlineSize: 11,
    headingSize: 10,
    titleSize: 10.5,
    bodySize: 9.5,
    header: 'band',
    headingCase: 'upper',
    headingRule: false,
  },
  sidebar: {
    font: 'rounded',
    margin: 36,
    nameSize: 20,
    headlineSize: 10.5,
    headingSize: 10.5,
    titleSize: 10.5,
    bodySize: 9.5,
    header: 'side',
    headingCase: 'upper',
    headingRule: true,
    sideShare: 0.33,
  },
};

/** The text colours every layout uses beside the accent: near-black for text, a grey for dates and places. */
export const INK = { text: '#1f2328', muted: '#57606a', onAccent: '#ffffff', sideTint: '#f3f5f7' } as const;

export const PAPER_SIZES = { a4: [595.28, 841.89], letter: [612, 792] } as const;
