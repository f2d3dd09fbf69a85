// Rich text (about, summaries: the editor's p, br, strong, em, ul, ol, li, a) as the résumé's plain
// paragraphs and list items. Nothing here reaches HTML: tags are only read for where a paragraph or
// item ends; a link keeps its address only when it is safe (http(s), mailto, tel).
import { isSafeHref } from '@folioforge/shared/safe-url';

/** Words of a paragraph, linked or not. */
export interface TextSpan {
  text: string;
  href?: string;
}

export interface Paragraph {
  /** A list item is drawn with a bullet (an ordered one with its number). */
  marker?: string;
  spans: TextSpan[];
}

/** A paragraph's text, as one string. */
export const paragraphText = (paragraph: Paragraph) => paragraph.spans.map((span) => span.text).join('');

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[name.toLowerCase()] ?? entity;
  });
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The paragraphs of a rich text value (plain text too: each line a paragraph). */
export function richTextParagraphs(value: string): Paragraph[] {
  if (!/<[a-z][^>]*>/i.test(value))
    return value
      .split(/\n+/)
      .map((line) => clean(line))
      .filter(Boolean)
      .map((text) => ({ spans: [{ text }] }));
  const paragraphs: Paragraph[] = [];
  const lists: { ordered: boolean; count: number }[] = [];
  let marker: string | undefined;
  let spans: TextSpan[] = [];
  let href: string | undefined;
  const add = (text: string) => {
    const last = spans[spans.length - 1];
    if (last && last.href === href) last.text += text;
    else spans.push(href ? { text, href } : { text });
  };
  const flush = () => {
    // Runs of space one, none at either end.
    const joined = spans.map((span) => ({ ...span, text: span.text.replace(/\s+/g, ' ') }));
    if (joined[0]) joined[0].text = joined[0].text.trimStart();
    const last = joined[joined.length - 1];
    if (last) last.text = last.text.trimEnd();
    const kept = joined.filter((span) => span.text);
    if (kept.length) paragraphs.push(marker ? { marker, spans: kept } : { spans: kept });
    spans = [];
    marker = undefined;
  };
  for (const token of value.split(/(<[^>]*>)/)) {
    const tag = /^<\s*(\/?)\s*([a-z0-9]+)([^>]*)>$/i.exec(token);
    if (!tag) {
      if (!token.startsWith('<')) add(decode(token));
      continue;
    }
    const [, closing, rawName, attributes = ''] = tag;
    const name = rawName!.toLowerCase();
    if (name === 'p' || name === 'br' || name === 'div') flush();
    else if ((name === 'ul' || name === 'ol') && !closing) {
      flush();
      lists.push({ ordered: name === 'ol', count: 0 });
    } else if (name === 'ul' || name === 'ol') {
      flush();
      lists.pop();
    } else if (name === 'li' && !closing) {
      flush();
      const list = lists[lists.length - 1];
      if (list) list.count += 1;
      marker = list?.ordered ? `${list.count}.` : '•';
    } else if (name === 'li') flush();
    else if (name === 'a' && !closing) {
      const value = decode(/href\s*=\s*"([^"]*)"|href\s*=\s*'([^']*)'/i.exec(attributes)?.slice(1).find(Boolean) ?? '').trim();
      href = isSafeHref(value) ? value : undefined;
    } else if (name === 'a') href = undefined;
  }
  flush();
  return paragraphs;
}
