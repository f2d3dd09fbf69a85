import { createContext, memo, useContext, useMemo } from 'react';
// By package name, not './sanitizeRichText': under federation a relative path is a second instance of
// the module, and the editor's just-sanitised values would be sanitised again on every key press.
import {
  postBodyToSafeHtml,
  richTextToSafeHtml,
  richTextToSafeInlineHtml,
  type RichTextBlocks,
  type SanitizingHost,
} from './sanitizeRichText';
import styles from './RichText.module.scss';

/**
 * What rich text is sanitised with. A browser has its DOM; a server (the publish function) has none
 * and hands in the DOM-free sanitiser, so its page keeps the formatting instead of falling back to text.
 */
export const SanitizingHostContext = createContext<SanitizingHost | undefined>(undefined);

interface RichTextProps {
  /** A long field's value: the editor's HTML, or plain text from before rich text existed. */
  value: string | undefined;
  className?: string;
  /** Inside a heading or a line: only bold, italic, links and line breaks (a span, not blocks). */
  inline?: boolean;
  /** The allow-list the value follows: a field's (the default) or a post body's, with headings, quotes and code. */
  blocks?: RichTextBlocks;
}

/**
 * A long field as the visitor formatted it. The HTML is sanitised here, at every render, whatever
 * stored it: this is the one place a template puts typed HTML into the page.
 */
export const RichText = memo(function RichText({ value = '', className, inline = false, blocks = 'field' }: RichTextProps) {
  const host = useContext(SanitizingHostContext) ?? globalThis.window;
  const html = useMemo(() => {
    if (inline) return richTextToSafeInlineHtml(value, host);
    return blocks === 'post' ? postBodyToSafeHtml(value, host) : richTextToSafeHtml(value, host);
  }, [blocks, inline, value, host]);
  const classes = [styles.richText, className].filter(Boolean).join(' ');
  // Sanitised just above. data-rich-text marks where typed HTML lands, for the XSS browser tests to inspect.
  return inline ? (
    <span className={className} data-rich-text="" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div className={classes} data-rich-text="" dangerouslySetInnerHTML={{ __html: html }} />
  );
});
