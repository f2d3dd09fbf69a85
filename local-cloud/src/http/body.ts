import type { Context } from 'hono';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export type BodyResult =
  | { ok: true; value: unknown; raw: string }
  | { ok: false; reason: 'too_large' | 'bad_json' };

/** Reads and parses a JSON body, refusing bodies over `limit` bytes without buffering them whole. */
export async function readJsonBody(c: Context, limit = DEFAULT_BODY_LIMIT, emptyAs: unknown = undefined): Promise<BodyResult> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > limit) return { ok: false, reason: 'too_large' };
  const stream = c.req.raw.body;
  let raw = '';
  if (stream) {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too_large' };
      }
      raw += decoder.decode(value, { stream: true });
    }
    raw += decoder.decode();
  }
  if (raw.trim() === '') return { ok: true, value: emptyAs, raw };
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
