// npm run bench: prints the figures the issues ask for. Browser figures first, then local-cloud, then
// the edge functions under Deno.
// `npm run bench -- lighthouse [--baseline=<commit>] [--runs=N]`: only the Lighthouse table;
// `npm run bench -- publishing`: only publishing's figures;
// `npm run bench -- pages [--runs=N]`: only the published pages with a 5 MB photo and with the sample drawings;
// `npm run bench -- photos [--runs=N]`: only choosing a 3.7 MB photo in the editor until it is stored;
// `npm run bench -- editor [--baseline=<commit>]`: only the editor's typing and Lighthouse figures, before and after;
// `npm run bench -- resume-viewer [--runs=N]`: only the résumé viewer's added download and last key to new PDF;
// `npm run bench -- functions`: only the edge functions' bundle sizes and cold and warm times under Deno.
// `npm run bench -- realtime [--runs=N]`: only Realtime: idle connections at 64 clients, a write to its event,
//   and a save to another browser showing it.
// `npm run bench -- resume [--runs=N]`: only the résumé PDF: made in Chromium (a worker) and on Deno, and its download.
// `npm run bench -- blog [--runs=N]`: only the time to publish one post in a blog of 200.
// `npm run bench -- shop [--runs=N]`: only the shop (issue 48): the published template-2 page with 6 products
//   (weight, its scripts apart, Lighthouse, the order form posted with scripts off), then order creation
//   with 64 buyers at once beside a floor of refused posts, and whether the stock came out right.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApps } from '../tooling/buildApps.mjs';
import { buildShareCardEngine } from '../tooling/shareCardEngine.mjs';
import { buildSiteRenderer } from '../tooling/siteRenderer.mjs';
import { repoRoot } from '../tooling/repo.mjs';

const args = process.argv.slice(2);
const FUNCTIONS_BENCH = 'local-cloud/bench/functions.ts';
const SHARE_CARD_BENCH = 'local-cloud/bench/shareCard.ts';
const REALTIME_BENCH = 'local-cloud/bench/realtime.ts';
const RESUME_BENCH = 'templates/src/resume/test/bench.ts';
const BLOG_BENCH = 'local-cloud/bench/blog.ts';
const ORDERS_BENCH = 'local-cloud/bench/orders.ts';
let scripts;
if (args.includes('resume')) scripts = [RESUME_BENCH];
else if (args.includes('functions')) scripts = [FUNCTIONS_BENCH, SHARE_CARD_BENCH];
else if (args.includes('blog')) scripts = [BLOG_BENCH];
else if (args.includes('shop')) scripts = ['e2e/bench/run.ts', ORDERS_BENCH];
else if (args.includes('realtime')) scripts = [REALTIME_BENCH, 'e2e/bench/run.ts'];
else if (
  args.includes('lighthouse') ||
  args.includes('publishing') ||
  args.includes('pages') ||
  args.includes('photos') ||
  args.includes('editor') ||
  args.includes('resume-viewer')
)
  scripts = ['e2e/bench/run.ts'];
else
  scripts = [
    'e2e/bench/run.ts',
    'local-cloud/bench/bench.ts',
    REALTIME_BENCH,
    FUNCTIONS_BENCH,
    SHARE_CARD_BENCH,
    RESUME_BENCH,
    BLOG_BENCH,
    ORDERS_BENCH,
  ];
if (scripts.some((script) => script.startsWith('e2e/'))) await buildApps();
// The publish function imports the page renderer.
if (scripts.includes(FUNCTIONS_BENCH) || scripts.includes(BLOG_BENCH)) await buildSiteRenderer();
if (scripts.includes(SHARE_CARD_BENCH) || scripts.includes(BLOG_BENCH)) await buildShareCardEngine();
let failed = false;
for (const script of scripts) {
  if (!fs.existsSync(path.join(repoRoot, script))) continue;
  console.log(`\n=== ${script}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
