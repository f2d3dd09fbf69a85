// Builds the published pages' cart script (issue 48: templates/src/forms/cart/) into one minified
// file named by its content hash, for the site renderer to carry (tooling/siteRenderer.mjs): a page
// that sells stores it beside itself and loads it from its own origin. Its budget is 10 KB gzip:
// the build fails above it, so a page's script can only grow by a decision.
import crypto from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { repoRoot } from './repo.mjs';

export const CART_ENTRY = path.join(repoRoot, 'templates/src/forms/cart/cartEntry.ts');
/** The most the cart may weigh, gzip (level 9, as the check measures it). */
export const CART_GZIP_BUDGET = 10 * 1024;

/**
 * The cart script: its file name (`cart.<hash>.js`), its code, and its size plain and gzip.
 * Throws when it is over the budget (`budget`: gzip bytes; a test gives a smaller one).
 */
export async function buildCartScript({ budget = CART_GZIP_BUDGET } = {}) {
  const result = await esbuild.build({
    entryPoints: [CART_ENTRY],
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15.4'],
    platform: 'browser',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no cart script');
  const code = output.text;
  const gzipBytes = zlib.gzipSync(code, { level: 9 }).length;
  if (gzipBytes > budget)
    throw new Error(`The cart script is ${gzipBytes} bytes gzip, over its budget of ${budget} (templates/src/forms/cart/)`);
  const hash = crypto.createHash('sha256').update(code).digest('hex').slice(0, 12);
  return { name: `cart.${hash}.js`, code, bytes: Buffer.byteLength(code), gzipBytes };
}

// `node tooling/cartScript.mjs`: prints its name and size.
if (import.meta.url === `file://${process.argv[1]}`) {
  const cart = await buildCartScript();
  console.log(`${cart.name}: ${cart.bytes} bytes, ${cart.gzipBytes} bytes gzip (budget ${CART_GZIP_BUDGET})`);
}
