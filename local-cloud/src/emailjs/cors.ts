// CORS for the services' browser-facing routes. The core's app-wide middleware normally answers
// first; these only fill in what is missing, so running both never duplicates or contradicts headers.
import type { Context, MiddlewareHandler } from 'hono';

const DEFAULT_ALLOWED_HEADERS =
  'authorization, x-client-info, apikey, content-type, x-supabase-api-version, x-upsert, cache-control, x-metadata';

function allowOrigin(c: Context): string {
  return c.req.header('origin') ?? '*';
}

/** Answers an OPTIONS preflight with 204 and the headers the browser asked to send. */
export function preflight(c: Context): Response {
  const requested = c.req.header('access-control-request-headers');
  const headers = new Headers({
    'Access-Control-Allow-Origin': allowOrigin(c),
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': requested ?? DEFAULT_ALLOWED_HEADERS,
    'Access-Control-Max-Age': '86400',
    Vary: 'Origin, Access-Control-Request-Headers',
  });
  return new Response(null, { status: 204, headers });
}

/** Adds Access-Control-Allow-Origin to a response unless something earlier already set it. */
export const withCors: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'OPTIONS') return preflight(c);
  await next();
  if (!c.res.headers.has('Access-Control-Allow-Origin')) {
    try {
      c.res.headers.set('Access-Control-Allow-Origin', allowOrigin(c));
      c.res.headers.append('Vary', 'Origin');
    } catch {
      // Immutable headers (a Response from fetch): rebuild it with the header added.
      const headers = new Headers(c.res.headers);
      headers.set('Access-Control-Allow-Origin', allowOrigin(c));
      c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
    }
  }
};
