// Absolute http(s) URLs in a text, in order of appearance, without duplicates.
// Trailing punctuation is dropped because mails end sentences right after a link.
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;

export function extractLinks(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(URL_PATTERN)) {
    found.add(match[0].replace(/[.,;:!?)\]}]+$/, ''));
  }
  return [...found];
}
