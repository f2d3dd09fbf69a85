// The Content-Security-Policy of the app's pages (every HTML answer of the six apps), built from the
// same app-config.json the shell reads: the remotes' origins (their scripts, styles, manifests), the
// Supabase project (its API, signed pictures, the local Razorpay sandbox's checkout.js), Razorpay's
// checkout, the origins the page's own scripts come from, and the hashes of its inline scripts (the
// startup script, the prerendered page's). `frame-ancestors 'none'`: no other site frames the app (a
// click-jacked /account).
// docs/DEPLOY.md gives the same policy for the CDN.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** scheme://host:port of an http(s) URL, or undefined. */
function originOf(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where Razorpay's checkout runs: checkout.js's own origin, and on razorpay.com its dialog (an
 * iframe from api.razorpay.com) and the calls checkout.js makes. A sandbox serves everything itself.
 * @param {string} checkoutUrl
 */
function razorpayOrigins(checkoutUrl) {
  const origin = originOf(checkoutUrl);
  if (!origin) return [];
  return new URL(origin).hostname.endsWith('razorpay.com')
    ? ['https://checkout.razorpay.com', 'https://api.razorpay.com', 'https://lumberjack.razorpay.com']
    : [origin];
}

/**
 * What a page itself brings: the `sha256-…` sources of its inline <script>s (as the browser hashes
 * them), and the origins its own scripts and styles load from (the CDN of a release, when built with
 * a PUBLIC_URL elsewhere).
 * @param {string} html
 * @returns {{ scriptHashes: string[], origins: string[] }}
 */
export function pageSources(html) {
  const scriptHashes = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '')) continue;
    scriptHashes.push(
      `'sha256-${crypto
        .createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  const origins = new Set();
  for (const match of html.matchAll(/<(?:script|link)\s[^>]*?(?:src|href)="(https?:\/\/[^"]+)"/gi)) {
    const origin = originOf(match[1] ?? '');
    if (origin) origins.add(origin);
  }
  return { scriptHashes, origins: [...origins] };
}

/**
 * The policy for a page with `sources` (pageSources), under the runtime config `config`.
 * @param {{ supabaseUrl?: string, razorpayCheckoutUrl?: string, remotes?: Record<string, string> }} config
 * @param {{ scriptHashes: string[], origins: string[] }} [sources]
 */
export function appSecurityPolicy(config, { scriptHashes = [], origins = [] } = { scriptHashes: [], origins: [] }) {
  const code = [
    ...origins,
    ...Object.values(config.remotes ?? {})
      .map(originOf)
      .filter(Boolean),
  ];
  const supabase = originOf(config.supabaseUrl ?? '');
  // Realtime's websocket on the same host (ws: or wss:): Chromium does not count it under the http origin.
  const realtime = supabase ? supabase.replace(/^http/, 'ws') : '';
  const razorpay = razorpayOrigins(config.razorpayCheckoutUrl ?? '');
  const list = (...sources) => [...new Set(sources.flat().filter(Boolean))].join(' ');
  return [
    `default-src 'self'`,
    // 'wasm-unsafe-eval': pdf.js may compile WebAssembly for some pictures inside a resume.
    `script-src ${list("'self'", code, supabase, razorpay, scriptHashes, "'wasm-unsafe-eval'")}`,
    `style-src ${list("'self'", "'unsafe-inline'", code, razorpay)}`,
    `img-src ${list("'self'", 'data:', 'blob:', 'https:', code, supabase)}`,
    `font-src ${list("'self'", 'data:', code)}`,
    // blob:: pdf.js reads a resume just chosen from its object URL.
    `connect-src ${list("'self'", 'blob:', code, supabase, realtime, razorpay)}`,
    `frame-src ${list(supabase, razorpay) || "'none'"}`,
    // pdf.js runs its worker from a blob: that imports the editor's copy.
    `worker-src ${list("'self'", 'blob:', code)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

const sourcesCache = new Map();

/**
 * pageSources of an HTML file, read once per version of the file.
 * @param {string} file
 * @param {fs.Stats} stat
 */
export function pageSourcesOfFile(file, stat) {
  const key = `${file}:${stat.mtimeMs}:${stat.size}`;
  let sources = sourcesCache.get(key);
  if (!sources) {
    sources = pageSources(fs.readFileSync(file, 'utf8'));
    sourcesCache.set(key, sources);
  }
  return sources;
}

// `node tooling/appSecurityPolicy.mjs <page.html> <app-config.json>` prints the header a CDN
// should send with that page (docs/DEPLOY.md).
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [page, config] = process.argv.slice(2);
  if (!page || !config) {
    console.error('usage: node tooling/appSecurityPolicy.mjs <page.html> <app-config.json>');
    process.exit(1);
  }
  console.log(appSecurityPolicy(JSON.parse(fs.readFileSync(config, 'utf8')), pageSources(fs.readFileSync(page, 'utf8'))));
}
