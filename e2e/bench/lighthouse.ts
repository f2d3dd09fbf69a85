// Lighthouse's mobile profile (simulated slow 4G, 4x CPU) on the routes a new visitor lands on,
// against Debian's Chromium. Reports (HTML and JSON) go to .cache/lighthouse/.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH, CHROMIUM_FLAGS } from '../support/browser';
import { median } from './firstLoad';

export interface RouteGoal {
  route: string;
  /** Lowest acceptable performance score (0–100). */
  performance: number;
  /** Highest acceptable Largest Contentful Paint, ms; none for routes judged on the score alone. */
  lcpMs?: number;
  /** Highest acceptable Total Blocking Time, ms. */
  tbtMs?: number;
  accessibility: number;
}

// The goals of issue 14: a first load like a static site on the public routes; issue 21's for the
// editor's two screens (what their first screen does not need loads later).
export const ROUTE_GOALS: RouteGoal[] = [
  { route: '/', performance: 90, lcpMs: 2500, accessibility: 100 },
  { route: '/home', performance: 90, lcpMs: 2500, accessibility: 100 },
  { route: '/templates', performance: 90, lcpMs: 2500, accessibility: 100 },
  { route: '/pricing', performance: 90, lcpMs: 2500, accessibility: 100 },
  { route: '/design', performance: 90, lcpMs: 2500, tbtMs: 200, accessibility: 100 },
  { route: '/portfo', performance: 90, lcpMs: 2500, tbtMs: 200, accessibility: 100 },
];

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  /** The LCP element as Lighthouse names it, to see what a route waits for. */
  lcpElement: string;
  /** TBT's rule applied to the page's main-thread CPU time instead of its wall time: see cpuBlockingMs. */
  cpuTbtMs: number;
  /** The main thread's long tasks (over 50 ms, throttled) and the script Lighthouse lays each to: a script's share of TBT. */
  longTasks: { url: string; durationMs: number }[];
}

export const REPORT_DIR = path.join(process.cwd(), '.cache/lighthouse');

/** A fresh Chromium with its DevTools port open, as Lighthouse's own launcher would start it. */
async function startChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-lighthouse-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_FLAGS,
      // Headless Chromium still builds the omnibox's popup UI (chrome://omnibox-popup.top-chrome) in a
      // renderer of its own, whose start-up ran beside the page measured on two cores and showed up
      // as long tasks in its figures. Playwright passes a --disable-features list of its own, which a
      // second one would replace (the last wins), so this is for Lighthouse's browser only.
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // Its own process group, so stopping it stops its renderer and utility processes too.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port:\n${output}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before opening its DevTools port:\n${output}`)));
  });
  child.stderr!.resume();
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        child.kill();
      }
      await exited;
      // A helper process may still be flushing its cache: a left temp folder is not worth a failed bench.
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 200 });
      } catch (error) {
        console.warn(`  (could not remove ${profile}: ${(error as Error).message})`);
      }
    },
  };
}

/** One Lighthouse run of `url` (mobile, simulated throttling); saves its reports under `reportName`. */
export async function runLighthouse(url: string, reportName: string): Promise<LighthouseFigures> {
  const chromium = await startChromium();
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      output: ['html', 'json'],
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    const [html, json] = result.report as string[];
    fs.writeFileSync(path.join(REPORT_DIR, `${reportName}.html`), html!);
    fs.writeFileSync(path.join(REPORT_DIR, `${reportName}.json`), json!);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const lcpItems = (
      lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] }
    )?.items?.[0]?.items;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
      lcpElement: lcpItems?.[0]?.node?.snippet ?? '',
      cpuTbtMs: cpuBlockingMs((result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace?.traceEvents ?? []),
      longTasks: ((lhr.audits['long-tasks']?.details as { items?: { url?: string; duration?: number }[] })?.items ?? []).map((task) => ({
        url: task.url ?? '',
        durationMs: task.duration ?? 0,
      })),
    };
  } finally {
    await chromium.stop();
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * Total Blocking Time's rule (each main-thread task after the first paint counts 4 × its length − 50 ms,
 * 4 for Lighthouse's CPU slowdown) applied to the thread's CPU time (`tdur`) rather than its wall time.
 * On a machine of two cores the browser process, the GPU process and Lighthouse itself keep both
 * busy as a page loads, and the page's main thread waits for a core inside its tasks: in the traces of
 * `/design` its tasks' wall time was about twice their CPU time, which Lighthouse's TBT counts in
 * full. This figure is the page's own work, so a change to it shows between runs that TBT's drift hides.
 * Its first paint is the one the trace observed (Lighthouse's is simulated): a page that paints only
 * once its scripts have run, as the app did before its pages were rendered ahead, reads near 0 here.
 */
export function cpuBlockingMs(events: readonly TraceEvent[]): number {
  const runTasks = new Map<string, number>();
  for (const event of events)
    if (event.name === 'RunTask' && event.ph === 'X')
      runTasks.set(`${event.pid}:${event.tid}`, (runTasks.get(`${event.pid}:${event.tid}`) ?? 0) + 1);
  // The page's renderer main thread: of the threads named so, the busiest.
  const mainThread = events
    .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .map((event) => `${event.pid}:${event.tid}`)
    .sort((a, b) => (runTasks.get(b) ?? 0) - (runTasks.get(a) ?? 0))[0];
  const onMain = (event: TraceEvent) => `${event.pid}:${event.tid}` === mainThread;
  const firstPaint = events.find((event) => event.name === 'firstContentfulPaint' && onMain(event))?.ts;
  if (firstPaint === undefined) return NaN;
  let blocking = 0;
  for (const event of events)
    if (event.name === 'RunTask' && event.ph === 'X' && onMain(event) && event.ts >= firstPaint)
      blocking += Math.max(0, (4 * (event.tdur ?? 0)) / 1000 - 50);
  return blocking;
}

/** The run with the median performance score, as Lighthouse's docs advise over averaging. */
export function medianRun(runs: LighthouseFigures[]): LighthouseFigures {
  const middle = median(runs.map((run) => run.performance));
  return runs.find((run) => run.performance === middle)!;
}

/** Which goals a route misses, in words; empty when it meets them all. */
export function missedGoals(goal: RouteGoal, figures: LighthouseFigures): string[] {
  const missed: string[] = [];
  if (figures.performance < goal.performance) missed.push(`performance < ${goal.performance}`);
  if (goal.lcpMs !== undefined && figures.lcpMs > goal.lcpMs) missed.push(`LCP > ${(goal.lcpMs / 1000).toFixed(1)} s`);
  if (goal.tbtMs !== undefined && figures.tbtMs > goal.tbtMs) missed.push(`TBT > ${goal.tbtMs} ms`);
  if (figures.accessibility < goal.accessibility) missed.push(`accessibility < ${goal.accessibility}`);
  return missed;
}

export interface LighthouseTarget {
  /** What was built, e.g. "this tree" or "baseline 1a2b3c4". */
  label: string;
  /** Where its shell is served. */
  shellUrl: string;
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs every route of ROUTE_GOALS `runs` times on each target and prints one table: the median run's
 * score, LCP, TBT and bytes per route, and the goals it misses, after the floor's row when a floor page
 * is given (reactFloorPage.ts: what any React page scores on this machine). Returns the routes that
 * miss a goal.
 */
export async function benchLighthouse(
  targets: LighthouseTarget[],
  runs: number,
  { log = console.log, only, floorUrl }: { log?: typeof console.log; only?: readonly string[]; floorUrl?: string } = {},
): Promise<string[]> {
  const missing: string[] = [];
  log(
    `\nLighthouse ${runs > 1 ? `median of ${runs} runs` : 'one run'}, mobile (simulated slow 4G, 4x CPU); reports in ${path.relative(process.cwd(), REPORT_DIR)}/`,
  );
  log(`  ${'route'.padEnd(11)} ${'build'.padEnd(18)} perf  LCP     FCP     TBT      CPU-TBT  CLS   bytes    a11y  goal`);
  const row = (route: string, label: string, result: LighthouseFigures, cpuTbt: number, verdict: string) =>
    log(
      `  ${route.padEnd(11)} ${label.padEnd(18)} ${String(result.performance).padStart(4)}  ${seconds(result.lcpMs).padEnd(7)} ${seconds(result.fcpMs).padEnd(7)} ${`${Math.round(result.tbtMs)} ms`.padEnd(8)} ${`${Math.round(cpuTbt)} ms`.padEnd(8)} ${result.cls.toFixed(2).padEnd(5)} ${kb(result.bytes).padEnd(8)} ${String(result.accessibility).padStart(4)}  ${verdict}`,
    );
  if (floorUrl) {
    const floor: LighthouseFigures[] = [];
    for (let run = 1; run <= runs; run += 1) floor.push(await runLighthouse(floorUrl, `react-floor-${run}`));
    row(
      'floor',
      'React, 1 component',
      medianRun(floor),
      median(floor.map((run) => run.cpuTbtMs)),
      '(no goal: the floor of any React page here)',
    );
  }
  for (const goal of ROUTE_GOALS.filter((candidate) => !only || only.includes(candidate.route))) {
    // Runs alternate between the builds, each in turn first, so a busy moment on a shared machine (or
    // a run's place in the pair) weighs on both alike.
    const figures = targets.map(() => [] as LighthouseFigures[]);
    for (let run = 1; run <= runs; run += 1) {
      const turns = [...targets.entries()];
      for (const [index, target] of run % 2 ? turns : turns.reverse()) {
        const name = `${target.label.replace(/\W+/g, '-')}${goal.route === '/' ? '-root' : goal.route.replace(/\W+/g, '-')}-${run}`;
        figures[index]!.push(await runLighthouse(`${target.shellUrl}${goal.route}`, name));
      }
    }
    for (const [index, target] of targets.entries()) {
      const result = medianRun(figures[index]!);
      // Its own median over the runs: steadier than the median-score run's own figure.
      const cpuTbt = median(figures[index]!.map((run) => run.cpuTbtMs));
      const missed = missedGoals(goal, result);
      if (missed.length && index === targets.length - 1) missing.push(goal.route);
      row(goal.route, target.label, result, cpuTbt, missed.length ? `MISSED: ${missed.join(', ')}` : 'met');
      if (process.env.LIGHTHOUSE_VERBOSE) log(`      LCP element: ${result.lcpElement}`);
    }
  }
  return missing;
}
