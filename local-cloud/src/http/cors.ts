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
  'cache-control',
  'x-razorpay-signature',
  'x-razorpay-event-id',
];
const EXPOSE_HEADERS = ['Content-Range', 'X-Supabase-Api-Version', 'x-sb-error-code', 'Content-Location', 'Preference-Applied', 'Location'];

/**
 * CORS for every route: browsers on the app ports call local-cloud directly. The preflight echoes
 * what the browser asks for, so new client headers (x-client-info variants) never break a page.
 */
export const cors: MiddlewareHandler = async (c, next) => {
  const origin = c.req.header('origin');
  const allowOrigin = origin ?? '*';
  if (c.req.method === 'OPTIONS') {
    const requested = c.req.header('access-control-request-headers');
    return new Response(null, {
      status: 204,
      headers: {
        'Access-Control-Allow-Origin': allowOrigin,
        'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': requested ?? ALLOW_HEADERS.join(', '),
        'Access-Control-Expose-Headers': EXPOSE_HEADERS.join(', '),
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Max-Age': '86400',
        Vary: 'Origin, Access-Control-Request-Headers',
      },
    });
  }
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', allowOrigin);
  c.res.headers.set('Access-Control-Expose-Headers', EXPOSE_HEADERS.join(', '));
  if (origin) {
    c.res.headers.set('Access-Control-Allow-Credentials', 'true');
    c.res.headers.append('Vary', 'Origin');
  }
};
