// Browser calls to functions are cross-origin (the app and the functions host differ).
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-supabase-api-version',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export function json(body: unknown, status = 200, headers: Record<string, string> = corsHeaders): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'Content-Type': 'application/json' },
  });
}

/** The origins whose pages may call the public functions: the site's (SITE_URL) and ALLOWED_ORIGINS (comma-separated). */
export function allowedOriginsOf(env: (name: string) => string | undefined): Set<string> {
  const origins = [env('SITE_URL') ?? '', ...(env('ALLOWED_ORIGINS') ?? '').split(',')].map((value) => originOf(value.trim()));
  return new Set(origins.filter((origin): origin is string => origin !== undefined));
}

/** scheme://host:port of an http(s) URL, or undefined. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** CORS for one allowed origin (never `*`): the browser lets only that page read the answer. */
export function corsFor(origin: string): Record<string, string> {
  return { ...corsHeaders, 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
}
