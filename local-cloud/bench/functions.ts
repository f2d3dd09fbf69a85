// `npm run bench -- functions`: each edge function's size and how fast it answers under Deno, the way
// local-cloud runs it (edgeWorkers.ts: one Deno worker per function, as Supabase's edge runtime).
//   size   the function's module graph bundled and minified (esbuild, npm packages included, node:
//          built-ins left out), raw and gzipped; Supabase allows 20 MB after its own bundling
//   cold   from starting the worker to the first answer (boot + first request)
//   warm   median and 95th percentile of the next 50 answers
// The requests need no database: a preflight, and a body the function refuses (400) after reading and
// checking it, so the figures are the runtime's and the function's own, not the network's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { FUNCTIONS_DIR, functionNames } from '../../tooling/deno.mjs';
import { EdgeWorkers } from '../src/functions/edgeWorkers.ts';
import type { Logger } from '../src/context.ts';

const WARM_REQUESTS = 50;
const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const ENV = {
  SUPABASE_URL: 'http://127.0.0.1:9',
  SUPABASE_ANON_KEY: 'anon',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
  SITE_URL: 'http://localhost:3000',
  RAZORPAY_KEY_ID: 'rzp_test_bench',
  RAZORPAY_KEY_SECRET: 'bench',
  RAZORPAY_WEBHOOK_SECRET: 'bench',
  NAMECOM_USERNAME: 'bench',
  NAMECOM_TOKEN: 'bench',
};

/** The function's bundle, resolved as deployed: its deno.json maps `npm:pkg@version` to the package in node_modules. */
async function bundleSize(name: string): Promise<{ raw: number; gzip: number }> {
  const imports =
    (JSON.parse(readFileSync(path.join(FUNCTIONS_DIR, name, 'deno.json'), 'utf8')) as { imports?: Record<string, string> }).imports ?? {};
  const alias = Object.fromEntries(
    Object.entries(imports).map(([specifier, target]) => [specifier, target.replace(/^npm:/, '').replace(/(.)@[^/]+$/, '$1')]),
  );
  const result = await build({
    entryPoints: [path.join(FUNCTIONS_DIR, name, 'index.ts')],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['deno', 'import', 'default'],
    external: ['node:*'],
    alias,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { raw: code.byteLength, gzip: gzipSync(code).byteLength };
}

function requestFor(name: string): () => Request {
  if (name === 'subscribe')
    return () =>
      new Request(`http://bench.local/functions/v1/${name}`, {
        method: 'POST',
        body: 'slug=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
  return () =>
    new Request(`http://bench.local/functions/v1/${name}`, {
      method: 'POST',
      body: JSON.stringify({ action: 'no-such-action' }),
      headers: { 'content-type': 'application/json' },
    });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function benchFunctions(): Promise<void> {
  console.log(`Edge functions under Deno (${WARM_REQUESTS} warm requests each, a request the function refuses after reading it)`);
  console.log('function         bundle (min)   gzip     cold start   warm p50   warm p95   answer');
  for (const name of functionNames()) {
    const size = await bundleSize(name);
    const workers = new EdgeWorkers({ env: () => ENV, log: quiet });
    try {
      const request = requestFor(name);
      const started = performance.now();
      const first = await workers.fetch(name, request(), '');
      await first.arrayBuffer();
      const cold = performance.now() - started;
      const warm: number[] = [];
      for (let i = 0; i < WARM_REQUESTS; i++) {
        const t0 = performance.now();
        const res = await workers.fetch(name, request(), '');
        await res.arrayBuffer();
        warm.push(performance.now() - t0);
      }
      warm.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(16)} ${kb(size.raw).padStart(12)} ${kb(size.gzip).padStart(8)} ${`${cold.toFixed(0)} ms`.padStart(12)}` +
          ` ${`${percentile(warm, 50).toFixed(1)} ms`.padStart(10)} ${`${percentile(warm, 95).toFixed(1)} ms`.padStart(10)}   ${first.status}`,
      );
    } finally {
      await workers.close();
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFunctions();
