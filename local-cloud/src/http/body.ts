import type { Context } from 'hono';

const DEFAULT_BODY_LIMIT = 1024 * 1024;

type BodyResult = { ok: true; value: unknown; raw: string } | { ok: false; reason: 'too_large' | 'bad_json' };

/**
 * Reads a request body into memory, refusing (undefined) one over `limit` bytes as soon as the
 * declared length or the bytes read so far exceed it: a huge body is never buffered whole.
 */
export async function readBodyCapped(c: Context, limit: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > limit) return undefined;
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Deeper nesting than any real document; Postgres's own stack gives out long before 100 000 levels. */
const MAX_JSON_DEPTH = 512;

/** Whether JSON text nests arrays and objects deeper than `max` (brackets inside strings do not count). */
function nestsDeeperThan(raw: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Reads and parses a JSON body, refusing bodies over `limit` bytes or nested deeper than MAX_JSON_DEPTH. */
export async function readJsonBody(c: Context, limit = DEFAULT_BODY_LIMIT, emptyAs: unknown = undefined): Promise<BodyResult> {
  const bytes = await readBodyCapped(c, limit);
  if (!bytes) return { ok: false, reason: 'too_large' };
  const raw = new TextDecoder().decode(bytes);
  if (raw.trim() === '') return { ok: true, value: emptyAs, raw };
  if (nestsDeeperThan(raw)) return { ok: false, reason: 'bad_json' };
  try {
    return { ok: true, value: JSON.parse(raw), raw };
  } catch {
    return { ok: false, reason: 'bad_json' };
  }
}

/** The caller's address for rate limits: the socket's remote address via @hono/node-server. */
export function clientIp(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
