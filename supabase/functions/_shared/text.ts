// Text a person typed, as the servers and the browser treat it: no control characters (they reach
// mail subjects, break SVG and XML, and hide text), in one place for the functions and the screens
// (shared/src re-exports this file).

/** C0 controls but tab, line feed and carriage return; DEL; the C1 controls; U+FFFE and U+FFFF. */
const CONTROLS_KEPT_IN_PROSE = '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\uFFFE\\uFFFF]';
/** Every control character, line breaks and tabs included: what a one-line value may not hold. */
const CONTROLS_IN_A_LINE = '[\\u0000-\\u001F\\u007F-\\u009F\\uFFFE\\uFFFF]';
/** A surrogate without its other half: no character at all, and not allowed in XML. */
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';

/** Whether `text` holds a character no typed text should: a control character (line breaks too, unless `multiline`). */
export function hasControlCharacters(text: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return new RegExp(`${multiline ? CONTROLS_KEPT_IN_PROSE : CONTROLS_IN_A_LINE}|${LONE_SURROGATE}`).test(text);
}

/**
 * `text` without control characters and lone surrogates: line breaks and tabs kept when `multiline`,
 * else each run of them turned into one space. What is left is valid in HTML, XML and a mail header.
 */
export function withoutControlCharacters(text: string, { multiline = false }: { multiline?: boolean } = {}): string {
  const cleaned = text.replace(new RegExp(`${CONTROLS_KEPT_IN_PROSE}|${LONE_SURROGATE}`, 'g'), '');
  return multiline ? cleaned : cleaned.replace(/[\t\n\r]+/g, ' ');
}
