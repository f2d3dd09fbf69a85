// Ids of sections, items and social links: short, random, unique within their list. They name the
// part for the editor (React keys, drag and drop, undo) and the page (anchors), never change with
// its text, and are what `data-section-id` / `data-item-id` carry.

export const ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new id, e.g. 'k3x9q2m7ab'. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}
