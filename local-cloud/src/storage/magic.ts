// Content sniffing: the claimed type of a well-known format must match the file's first bytes,
// so a text file renamed to .png and sent as image/png is refused.
const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));

const SIGNATURES: Record<string, (bytes: Uint8Array) => boolean> = {
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/gif': (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  'image/webp': (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  'application/pdf': (b) => startsWith(b, ascii('%PDF-')),
};

/** Lower-cased type without parameters: "Text/Plain;charset=UTF-8" → "text/plain". */
export function baseMimeType(contentType: string | undefined | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** True when the type is one we can recognise and the bytes are not that format. */
export function contentContradictsType(mime: string, bytes: Uint8Array): boolean {
  const check = SIGNATURES[mime === 'image/jpg' ? 'image/jpeg' : mime];
  return check ? !check(bytes) : false;
}

/**
 * Types a browser shows without running anything (no script, no plugin that scripts): served inline.
 * Every other type is sent as a download under a sandboxing policy, so an upload (or a copy with a
 * type set by its caller) never becomes a page of the API's origin.
 */
const INERT_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'application/pdf', 'text/plain']);

export const isInertType = (mime: string): boolean => INERT_TYPES.has(mime);

/** True when the type is one we can recognise and the bytes are that format. */
export function contentProvesType(mime: string, bytes: Uint8Array): boolean {
  const check = SIGNATURES[mime === 'image/jpg' ? 'image/jpeg' : mime];
  return check ? check(bytes) : false;
}

/** Bucket allow-lists may hold exact types or wildcards such as "image/*". */
export function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((pattern) => {
    const p = pattern.trim().toLowerCase();
    if (p === '*/*' || p === '*') return true;
    if (p.endsWith('/*')) return mime.startsWith(p.slice(0, -1));
    return p === mime;
  });
}
