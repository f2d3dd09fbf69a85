// `npm run bench` (browser part): first-load JS and carousel time on /home, /login, /design, /portfo,
// the editor's key-press-to-preview latency, publishing (click to live, page bytes, time to first
// byte, Lighthouse on the public page), and Lighthouse's mobile figures per route.
// `npm run bench -- publishing` runs only the publishing figures.
// `npm run bench -- resume-viewer [--runs=N]` runs only the résumé viewer's added download and last key to new PDF.
// `npm run bench -- pages [--runs=N]` runs only issue 22's published pages: a 5 MB photo beside the sample drawings.
// `npm run bench -- photos [--runs=N]` runs only issue 46's photo upload: choosing a 3.7 MB photo until it is stored.
// `npm run bench -- shop [--runs=N]` runs only issue 48's published shop page: weight, scripts, Lighthouse, order form without scripts.
// `npm run bench -- lighthouse [--baseline=<commit>] [--runs=N]` runs only Lighthouse, with a
// baseline commit built and measured beside this tree.
// `npm run bench -- editor [--baseline=<commit>]` runs only the editor's figures (typing in a
// 30-item, 8-section portfolio beside the floors, and Lighthouse on /design and /portfo), before
// (the baseline's build) and after (this tree), from one run.
import { launchBrowser } from '../support/browser';
import { startStack, type Stack } from '../support/stack';
import { benchLighthouse, type LighthouseTarget } from './lighthouse';
import { benchPhotoPages } from './photoPages';
import { benchPhotoUpload } from './photoUpload';
import { benchShopPage } from './shopPage';
import { serveReactFloorPage } from './reactFloorPage';
import { benchPublishing } from './publishing';
import { benchResumeViewer } from './resumeViewer';
import { measureSaveToOtherTab } from './realtime';
import { buildRevision, resolveCommit, revisionHas } from './revision';
import { formatKb, measureFirstLoad, median, percentile } from './firstLoad';
import {
  measureBarePageLatency,
  measureEditorLatency,
  measureReactFloorLatency,
  measureRichTextLatency,
  measureTimeToSaved,
  bigPortfolio,
  pooledLatency,
  WARM_UP_PRESSES,
  type LatencyResult,
} from './editorLatency';

// Issue 2's first-load budget for /home, which issue 4 applies to the login route too.
const BUDGET_BYTES = 200 * 1024;

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const lighthouseOnly = args.includes('lighthouse');
const editorOnly = args.includes('editor');
const runs = Number(option('runs') ?? 3);
const baseline = option('baseline');

/** The baseline commit's builds, served beside this tree's (started once, for every figure that compares). */
let baselineStack: Stack | undefined;
async function baselineBuild(): Promise<Stack | undefined> {
  if (!baseline) return undefined;
  baselineStack ??= await startStack({ distDirs: await buildRevision(baseline) });
  return baselineStack;
}
const baselineLabel = () => `baseline ${resolveCommit(baseline!).slice(0, 7)}`;

/** Lighthouse on this tree's builds, after the baseline's when one is named. Exits 0 either way: timing is reported, not tested. */
async function lighthouseTable(current: Stack, only?: readonly string[]): Promise<void> {
  const targets: LighthouseTarget[] = [];
  const before = await baselineBuild();
  if (before) targets.push({ label: baselineLabel(), shellUrl: before.shellUrl });
  targets.push({ label: 'this tree', shellUrl: current.shellUrl });
  const floor = await serveReactFloorPage();
  const missing = await benchLighthouse(targets, runs, { only, floorUrl: floor.url }).finally(() => floor.stop());
  console.log(missing.length ? `  routes missing a goal: ${missing.join(', ')}` : '  every route meets its goals');
}

/** Keys typed per build and field, and in how many turns. */
const TYPED_KEYS = 200;
const TYPING_ROUNDS = 4;
const KEYS_PER_ROUND = TYPED_KEYS / TYPING_ROUNDS;

const line = (result: LatencyResult) =>
  `to the next frame median ${result.medianMs.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms; to the DOM median ${result.domMedianMs.toFixed(1)} ms, p95 ${result.domP95Ms.toFixed(1)} ms`;

/** How far the rounds' own p95s to the frame lie apart: the machine's noise, beside the goal's 8 ms. */
function roundsSpread(rounds: readonly LatencyResult[]): string {
  const p95s = rounds.map((round) => round.p95Ms);
  return `p95 per round ${Math.min(...p95s).toFixed(1)}–${Math.max(...p95s).toFixed(1)} ms`;
}

/**
 * Issue 21: typing in a portfolio of 30 items in 8 sections, a plain field and a rich text one, beside
 * the bare page's floor; before (the baseline's editor) and after.
 */
async function editorTyping(current: Stack, browser: Awaited<ReturnType<typeof launchBrowser>>): Promise<void> {
  const portfolio = bigPortfolio();
  const before = await baselineBuild();
  const builds = [
    ...(before
      ? // A baseline with the sections model types in the same portfolio; one from before it, in its own sample.
        revisionHas(baseline!, 'templates/src/model/kinds.ts')
        ? ([[`${baselineLabel()}, 30 items in 8 sections`, before, { portfolio }]] as const)
        : ([[`${baselineLabel()}, its template 1 sample`, before, {}]] as const)
      : []),
    ['this tree, 30 items in 8 sections', current, { portfolio }],
  ] as const;
  // The floors and the builds take turns, a quarter of the keys at a time, the builds in turn first and
  // last: a busy moment of the machine (its figures drift by 10 ms at p95 over minutes) weighs on all
  // of them alike.
  const floorRuns: LatencyResult[] = [];
  const reactFloorRuns: LatencyResult[] = [];
  const runs = builds.map(() => ({ plain: [] as LatencyResult[], rich: [] as LatencyResult[] }));
  for (let round = 0; round < TYPING_ROUNDS; round += 1) {
    floorRuns.push(await measureBarePageLatency(browser, KEYS_PER_ROUND));
    reactFloorRuns.push(await measureReactFloorLatency(browser, KEYS_PER_ROUND));
    const turns = [...builds.entries()];
    for (const [index, [, stack, options]] of round % 2 ? turns.reverse() : turns) {
      runs[index]!.plain.push(await measureEditorLatency(browser, stack, KEYS_PER_ROUND, options));
      runs[index]!.rich.push(await measureRichTextLatency(browser, stack, KEYS_PER_ROUND, options));
    }
  }
  const floor = pooledLatency(floorRuns);
  console.log(
    `\nEditor input latency on /design (key press → preview shows the character), ${TYPED_KEYS} keys in ${TYPING_ROUNDS} alternating rounds (${WARM_UP_PRESSES} untimed presses first in each), 4x CPU slowdown:`,
  );
  console.log(`  bare page: ${line(floor)}; ${roundsSpread(floorRuns)} (the floor of this browser and machine)`);
  console.log(
    `  React page with one controlled input: ${line(pooledLatency(reactFloorRuns))}; ${roundsSpread(reactFloorRuns)} (the floor of any React screen here)`,
  );
  for (const [index, [label]] of builds.entries()) {
    const plain = pooledLatency(runs[index]!.plain);
    const rich = pooledLatency(runs[index]!.rich);
    console.log(`  ${label}:`);
    console.log(`    Name (plain): ${line(plain)}; ${roundsSpread(runs[index]!.plain)}`);
    console.log(`    About (rich): ${line(rich)}; ${roundsSpread(runs[index]!.rich)}`);
    for (const [field, result] of [
      ['Name', plain],
      ['About', rich],
    ] as const) {
      const over = result.p95Ms - floor.p95Ms;
      console.log(
        `    ${field}: p95 to the next frame within 8 ms of the bare page's: ${over <= 8 ? 'met' : 'NOT met'} (${result.p95Ms.toFixed(1)} − ${floor.p95Ms.toFixed(1)} = ${over.toFixed(1)} ms)`,
      );
    }
  }
}

// Autoconfirmed sign-ups: the save benchmark makes a user through the Auth API.
const stack = await startStack({ localCloudEnv: { AUTH_AUTOCONFIRM: 'true' } });
if (lighthouseOnly) {
  try {
    await lighthouseTable(stack);
  } finally {
    await baselineStack?.stop();
    await stack.stop();
  }
  process.exit(0);
}
const browser = await launchBrowser();

/** Issue 51: a save in one browser to the other showing it, per run (p95 each) and pooled, goal 300 ms. */
async function realtimeSaves(): Promise<void> {
  const perRun: number[][] = [];
  for (let run = 0; run < runs; run += 1) perRun.push(await measureSaveToOtherTab(browser, stack));
  const all = perRun.flat();
  const p95s = perRun.map((times) => percentile(times, 95));
  console.log(`\nRealtime: a save in one browser until the other shows it, ${all.length} saves in ${runs} runs:`);
  console.log(
    `  median ${median(all).toFixed(0)} ms, p95 ${percentile(all, 95).toFixed(0)} ms (goal <= 300 ms: ${percentile(all, 95) <= 300 ? 'met' : 'MISSED'}); p95 per run ${Math.min(...p95s).toFixed(0)}–${Math.max(...p95s).toFixed(0)} ms`,
  );
}
if (args.includes('realtime')) {
  try {
    await realtimeSaves();
  } finally {
    await browser.close();
    await stack.stop();
  }
  process.exit(0);
}
if (editorOnly) {
  try {
    await editorTyping(stack, browser);
    await lighthouseTable(stack, ['/design', '/portfo']);
  } finally {
    await browser.close();
    await baselineStack?.stop();
    await stack.stop();
  }
  process.exit(0);
}
if (args.includes('resume-viewer')) {
  try {
    await benchResumeViewer(browser, stack, runs);
  } finally {
    await browser.close();
    await stack.stop();
  }
  process.exit(0);
}
if (args.includes('pages')) {
  try {
    const missed = await benchPhotoPages(browser, stack, runs);
    console.log(missed.length ? `  pages missing a goal: ${missed.join('; ')}` : '  both pages meet their goals');
  } finally {
    await browser.close();
    await stack.stop();
  }
  process.exit(0);
}
if (args.includes('shop')) {
  try {
    const missed = await benchShopPage(browser, stack, runs);
    console.log(missed.length ? `  the shop page misses: ${missed.join('; ')}` : '  the shop page meets its goals');
  } finally {
    await browser.close();
    await stack.stop();
  }
  process.exit(0);
}
if (args.includes('photos')) {
  try {
    const missed = await benchPhotoUpload(browser, stack, Math.max(runs, 5));
    console.log(missed.length ? `  photos miss: ${missed.join(', ')}` : '  the photo meets its goal');
  } finally {
    await browser.close();
    await stack.stop();
  }
  process.exit(0);
}
if (args.includes('publishing')) {
  try {
    const missed = await benchPublishing(browser, stack);
    console.log(missed.length ? `  publishing misses: ${missed.join(', ')}` : '  publishing meets its goals');
  } finally {
    await browser.close();
    await stack.stop();
  }
  process.exit(0);
}
try {
  const pages = [
    { route: '/home', selector: '[aria-roledescription="carousel"]', label: 'carousel visible', budget: BUDGET_BYTES },
    { route: '/login', selector: 'main h1', label: 'login visible', budget: BUDGET_BYTES },
    { route: '/design', selector: 'main h2, main h1', label: 'editor visible' },
    // pdf.js loads when the resume is scrolled near (issue 21): the generator shows without it.
    { route: '/portfo', selector: 'main h1', label: 'generator visible', match: /GlobalWorkerOptions|pdf\.worker/ },
  ];
  for (const { route, selector, label, match, budget } of pages) {
    const result = await measureFirstLoad(browser, stack, route, selector, { match });
    console.log(`\nFirst load of ${route} (JS, gzip level 6):`);
    for (const [app, bytes] of Object.entries(result.gzipBytesByApp).sort()) console.log(`  ${app.padEnd(12)} ${formatKb(bytes)}`);
    const verdict = budget ? `  (budget ${formatKb(budget)}: ${result.totalGzipBytes <= budget ? 'within' : 'OVER'})` : '';
    console.log(`  ${'total'.padEnd(12)} ${formatKb(result.totalGzipBytes)}${verdict}`);
    if (match) console.log(`  of which pdf.js on the main thread ${formatKb(result.matchedGzipBytes)}`);
    console.log(
      `  time to ${label}: median ${median(result.visibleMs).toFixed(0)} ms over ${result.visibleMs.length} cold loads (${result.visibleMs.map((ms) => ms.toFixed(0)).join(', ')})`,
    );
  }
  await editorTyping(stack, browser);
  await realtimeSaves();
  const latency = await measureEditorLatency(browser, stack);
  const floor = await measureBarePageLatency(browser);
  const reactFloor = await measureReactFloorLatency(browser);
  console.log(
    `\nEditor input latency on /design (key press → preview shows the character), ${latency.samples} presses after ${WARM_UP_PRESSES} untimed ones, 4x CPU slowdown:`,
  );
  console.log(`  /design:   ${line(latency)}`);
  console.log(`  bare page: ${line(floor)} (the floor of this browser and machine)`);
  console.log(`  React page with one controlled input: ${line(reactFloor)} (the floor of any React screen here)`);
  // The frame figure also waits for the display's next frame (0 to 16.7 ms wherever the key lands), which
  // no page can avoid: the bare page's own p95 to the frame is above 16 ms. The target is for the work.
  console.log(
    `  target p95 < 16 ms (one frame) from key press to the character in the preview: ${latency.domP95Ms < 16 ? 'met' : 'NOT met'} (p95 ${latency.domP95Ms.toFixed(1)} ms)`,
  );
  const rich = await measureRichTextLatency(browser, stack);
  console.log(`
Rich text field (About, Tiptap) on /design, same measure, ${rich.samples} presses:`);
  console.log(`  rich text: ${line(rich)}`);
  const overFloor = rich.domP95Ms - floor.domP95Ms;
  console.log(
    `  target p95 within 8 ms of the bare page's, to the DOM: ${overFloor <= 8 ? 'met' : 'NOT met'} (${rich.domP95Ms.toFixed(1)} − ${floor.domP95Ms.toFixed(1)} = ${overFloor.toFixed(1)} ms)`,
  );
  const saved = await measureTimeToSaved(browser, stack);
  console.log(
    `
Signed in, last key press → "Saved" (typing pause of about 1 s, then the save): median ${median(saved).toFixed(0)} ms over ${saved.length} (${saved.map((ms) => ms.toFixed(0)).join(', ')})`,
  );
  const publishingMissed = await benchPublishing(browser, stack);
  console.log(publishingMissed.length ? `  publishing misses: ${publishingMissed.join(', ')}` : '  publishing meets its goals');
  const photosMissed = await benchPhotoUpload(browser, stack, Math.max(runs, 5));
  console.log(photosMissed.length ? `  photos miss: ${photosMissed.join(', ')}` : '  the photo meets its goal');
  const pagesMissed = await benchPhotoPages(browser, stack, runs);
  console.log(pagesMissed.length ? `  pages missing a goal: ${pagesMissed.join('; ')}` : '  both pages meet their goals');
  const shopMissed = await benchShopPage(browser, stack, runs);
  console.log(shopMissed.length ? `  the shop page misses: ${shopMissed.join('; ')}` : '  the shop page meets its goals');
  await lighthouseTable(stack);
} finally {
  await browser.close();
  await baselineStack?.stop();
  await stack.stop();
}
