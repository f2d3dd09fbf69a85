import type { MiddlewareHandler } from 'hono';

const ALLOW_HEADERS = [
  'authorization',
  'content-type',
  'apikey',
  'x-client-info',
  'x-supabase-api-version',
  'prefer',
  'range',
  'accept-profile',
  'content-profile',
  'x-upsert',
  'x-metadata',
  'cache-control',
  'x-razorpay-signature',
  'x-razorpay-event-id',
];
const EXPOSE_HEADERS = ['Content-Range', 'X-Supabase-Api-Version', 'x-sb-error-code', 'Content-Location', 'Preference-Applied', 'Location'];

/** The scheme://host:port of a URL, or undefined when it is not an http(s) URL. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CORS for the app's own origins only (`allowedOrigins`). Another website gets no CORS headers, so the
 * browser keeps the answers from it; credentials are never allowed, since Supabase's clients send
 * their keys in headers, not cookies. (The mailbox is on a listener of its own, with no CORS at all.)
 */
export function cors(allowedOrigins: ReadonlySet<string>): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    const allowed = origin !== undefined && allowedOrigins.has(origin);
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      if (!allowed) return new Response(null, { status: 403, headers: { Vary: 'Origin' } });
      const requested = c.req.header('access-control-request-headers');
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
          // Echoed so new client headers (x-client-info variants) never break a page of the app.
          'Access-Control-Allow-Headers': requested ?? ALLOW_HEADERS.join(', '),
          'Access-Control-Expose-Headers': EXPOSE_HEADERS.join(', '),
          'Access-Control-Max-Age': '86400',
          Vary: 'Origin, Access-Control-Request-Headers',
        },
      });
    }
    await next();
    if (!allowed) return;
    const addCors = (headers: Headers) => {
      headers.set('Access-Control-Allow-Origin', origin);
      // Kept beside what the answer exposes itself: a function names its own (Content-Disposition of a download).
      const own = headers.get('Access-Control-Expose-Headers');
      headers.set('Access-Control-Expose-Headers', [...(own ? [own] : []), ...EXPOSE_HEADERS].join(', '));
      headers.append('Vary', 'Origin');
    };
    try {
      addCors(c.res.headers);
    } catch {
      // A response from fetch (the functions relay) has immutable headers: answer with a copy.
      const headers = new Headers(c.res.headers);
      addCors(headers);
      c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
    }
  };
}
