// `npm run bench -- functions` (and the full bench): how long a page's share card and monogram
// favicon take to draw on Deno (supabase/functions/_shared/shareCard), in a fresh process as a
// function's worker would: cold is the first card (module load, resvg's wasm, satori's layout
// engine), warm the median and 95th percentile of the next 20.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { denoArgs, denoBinary, denoEnv, FUNCTIONS_DIR } from '../../tooling/deno.mjs';

const MODULE = pathToFileURL(path.join(FUNCTIONS_DIR, '_shared/shareCard/shareCard.ts')).href;

const SCRIPT = `
const t0 = performance.now();
const card = await import(${JSON.stringify(MODULE)});
const loaded = performance.now();
const content = { name: 'Aarav Sharma', headline: 'Product designer in Pune, building calm tools for busy clinics', accentHex: '#3b4bc8', address: 'folioforge.example/p/aarav' };
const first = await card.shareCardPng(content);
const cold = performance.now();
const warm = [];
for (let i = 0; i < 20; i++) { const s = performance.now(); await card.shareCardPng({ ...content, name: content.name + i }); warm.push(performance.now() - s); }
const f0 = performance.now();
const icon = await card.monogramFaviconPng('Aarav Sharma', '#3b4bc8');
const svg = await card.monogramFaviconSvg('Aarav Sharma', '#3b4bc8');
const favicon = performance.now() - f0;
warm.sort((a, b) => a - b);
console.log(JSON.stringify({ load: loaded - t0, cold: cold - t0, p50: warm[10], p95: warm[19], bytes: first.byteLength, favicon, iconBytes: icon.byteLength, svgBytes: svg.length }));
`;

export function benchShareCard(): void {
  const result = spawnSync(denoBinary(), denoArgs('eval', SCRIPT), { env: denoEnv(), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the share card bench failed: ${result.stderr}`);
  const figures = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as Record<string, number>;
  const ms = (value: number | undefined) => `${(value ?? NaN).toFixed(0)} ms`;
  console.log('\nShare card on Deno (1200×630 PNG, a fresh process as a function worker)');
  console.log(
    `  module load ${ms(figures.load)}, first card ${ms(figures.cold)} (cold, load included), next 20: p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}`,
  );
  console.log(
    `  card ${((figures.bytes ?? 0) / 1024).toFixed(0)} KB; favicon PNG 180 px + SVG in ${ms(figures.favicon)} (${figures.iconBytes} B PNG, ${figures.svgBytes} B SVG)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) benchShareCard();
