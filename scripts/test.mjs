// npm test: every test of the project, in order of speed — lint, types (every project), the edge functions on
// Deno (deno check, their own tests), the database's rules in SQL (pgTAP), component tests (jest), local-cloud
// against the real clients, the tooling's own tests on the built apps, then browser tests of the built apps
// in Chromium (Playwright's runner).
// Prints one closing line for CI: "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { denoArgs, denoBinary, denoEnv, functionNames, withoutNetwork } from '../tooling/deno.mjs';
import { writeTemplateIndex } from '../tooling/templateIndex.mjs';
import { buildShareCardEngine } from '../tooling/shareCardEngine.mjs';
import { buildSiteRenderer } from '../tooling/siteRenderer.mjs';
import { repoRoot } from '../tooling/repo.mjs';

const args = process.argv.slice(2);
// e.g. `npm test -- e2e` runs one stage; what follows `e2e` goes to Playwright (`npm test -- e2e --grep <name>`).
const only = args.includes('e2e') ? args.slice(0, args.indexOf('e2e') + 1) : args;
const playwrightArgs = args.includes('e2e') ? args.slice(args.indexOf('e2e') + 1) : [];
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];
/**
 * Wall seconds per stage and how busy the machine's cores were meanwhile, printed at the end so CI shows
 * where its time goes and which stages leave cores idle (waiting, not computing).
 * @type {Map<string, { seconds: number; busy: number; all: number }>}
 */
const stageTimes = new Map();

/** CPU seconds of the whole machine so far, summed over its cores: busy, and in all. */
function machineCpuSeconds() {
  let busy = 0;
  let all = 0;
  for (const { times } of os.cpus()) {
    const total = times.user + times.nice + times.sys + times.irq + times.idle;
    all += total / 1000;
    busy += (total - times.idle) / 1000;
  }
  return { busy, all };
}

/** Starts timing part of a stage; the returned function adds the time since to the stage. */
function stageClock(stage) {
  const wall = Date.now();
  const cpu = machineCpuSeconds();
  return () => {
    const now = machineCpuSeconds();
    const times = stageTimes.get(stage) ?? { seconds: 0, busy: 0, all: 0 };
    times.seconds += (Date.now() - wall) / 1000;
    times.busy += now.busy - cpu.busy;
    times.all += now.all - cpu.all;
    stageTimes.set(stage, times);
  };
}

function testFiles(dir) {
  const full = path.join(repoRoot, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full)
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * Runs a command, echoing its output, and reads its pass/fail counts from the runner's summary.
 * Side by side, its output is kept and handed to `print` whole when it ends, not interleaved; at the
 * lowest priority it runs at nice 19 (startBuildBeside).
 * @param {string} stage
 * @param {string} command
 * @param {string[]} args
 * @param {(output: string) => { passed: number; failed: number; skipped: number }} [parseCounts]
 * @param {NodeJS.ProcessEnv} [env]
 * @param {{ sideBySide?: boolean; lowestPriority?: boolean; print?: (block: string) => void }} [options]
 * @returns {Promise<number | null>} the exit code
 */
function run(
  stage,
  command,
  args,
  parseCounts,
  env = { ...process.env, FORCE_COLOR: '0' },
  { sideBySide = false, lowestPriority = false, print = console.log } = {},
) {
  return new Promise((resolve) => {
    const title = `\n=== ${stage}: ${[command, ...args].map((arg) => (arg === process.execPath ? 'node' : path.relative(repoRoot, arg) || arg)).join(' ')}`;
    if (!sideBySide) console.log(title);
    const started = Date.now();
    const stopClock = sideBySide ? undefined : stageClock(stage);
    const [file, fileArgs] = lowestPriority ? ['nice', ['-n', '19', command, ...args]] : [command, args];
    const child = spawn(file, fileArgs, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    child.on('error', (error) => (output += `${error}\n`));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (!sideBySide) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      if (!sideBySide) process.stderr.write(chunk);
    });
    // 'close', not 'exit': it also comes when the command could not start.
    child.on('close', (code) => {
      if (sideBySide) print(`${title} (${Math.round((Date.now() - started) / 1000)} s)\n${output.trimEnd()}`);
      const counts = parseCounts ? parseCounts(output) : { passed: 0, failed: 0, skipped: 0 };
      if (code !== 0 && counts.failed === 0) counts.failed = 1; // a crash with no test summary still fails
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.skipped += counts.skipped;
      if (code !== 0) failedStages.push(stage);
      stopClock?.();
      resolve(code);
    });
  });
}

/**
 * Runs independent commands side by side, as many at once as the machine has cores (each is
 * single-threaded: ESLint, Prettier, tsc) in the order given, longest first. Commands of several stages
 * share the cores (the next starts as soon as one ends, whichever stage it is of), so the time is the
 * pool's wall time, reported under `clock`; a failure is reported under the command's own stage.
 * @param {string} clock
 * @param {[string, string, string[]][]} commands stage, command, arguments
 */
async function runSideBySide(clock, commands) {
  const stopClock = stageClock(clock);
  const waiting = [...commands];
  const lane = async () => {
    for (let next = waiting.shift(); next; next = waiting.shift())
      await run(next[0], next[1], next[2], undefined, undefined, { sideBySide: true });
  };
  await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), waiting.length) }, lane));
  stopClock();
}

const nodeTestCounts = (output) => {
  const number = (label) =>
    [...output.matchAll(new RegExp(`^(?:#|ℹ) ${label} (\\d+)$`, 'gm'))].reduce((sum, match) => sum + Number(match[1]), 0);
  return { passed: number('pass'), failed: number('fail'), skipped: number('skipped') + number('todo') };
};
/** Playwright's list reporter closes with "  N passed (…)", "  N failed", "  N skipped", "  N flaky". */
const playwrightCounts = (output) => {
  const number = (label) => Number(output.match(new RegExp(`^\\s+(\\d+) ${label}\\b`, 'm'))?.[1] ?? 0);
  return {
    passed: number('passed') + number('flaky'),
    failed: number('failed') + number('interrupted'),
    skipped: number('skipped') + number('did not run'),
  };
};
const jestCounts = (output) => {
  const match = output.match(/^jest: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/m);
  return match
    ? { passed: Number(match[1]), failed: Number(match[2]), skipped: Number(match[3] ?? 0) }
    : { passed: 0, failed: 0, skipped: 0 };
};

const denoTestCounts = (output) => {
  const match = output.match(/^(?:ok|FAILED) \| (\d+) passed(?: \([^)]*\))? \| (\d+) failed(?: \([^)]*\))?(?: \| (\d+) ignored)?/m);
  return match
    ? { passed: Number(match[1]), failed: Number(match[2]), skipped: Number(match[3] ?? 0) }
    : { passed: 0, failed: 0, skipped: 0 };
};

/** pg_prove's closing report: every file listed in the failure summary counts, a bad plan as one failure. */
const pgProveCounts = (output) => {
  const skipped = /^pgtap: 0 passed, 0 failed, 1 skipped$/m.test(output) ? 1 : 0;
  const total = Number(output.match(/^Files=\d+, Tests=(\d+)/m)?.[1] ?? 0);
  const failed = [...output.matchAll(/\(Wstat: \d+(?: \([^)]*\))? Tests: \d+ Failed: (\d+)\)/g)].reduce(
    (sum, match) => sum + Math.max(Number(match[1]), 1),
    0,
  );
  return { passed: Math.max(total - failed, 0), failed, skipped };
};

/** The functions' own tests: every *.test.ts under supabase/functions. */
function functionTestFiles(dir = 'supabase/functions') {
  return fs
    .readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? functionTestFiles(path.join(dir, entry.name))
        : entry.name.endsWith('.test.ts')
          ? [path.join(dir, entry.name)]
          : [],
    )
    .sort();
}

/**
 * Test files in a few processes instead of one each: a local-cloud suite's process spends about 2 CPU s
 * loading local-cloud through tsx before its first test, and starts a Postgres cluster of its own. Each
 * group is a file in a temp folder that imports its share of the files in turn, so their suites run one
 * after another as a file's do, on one cluster (each suite still on a database and a server of its own;
 * a file's top-level after() runs when its group ends). The runner runs the groups as it ran the files;
 * a failure is reported at its test's own file. Shares are balanced by size, largest first.
 * @param {string[]} files relative to the repo
 * @param {number} count
 */
function writeTestGroups(files, count) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'test-groups-'));
  /** @type {{ bytes: number; files: string[] }[]} */
  const shares = Array.from({ length: Math.min(count, files.length) }, () => ({ bytes: 0, files: [] }));
  const bySize = files.map((file) => ({ file, bytes: fs.statSync(path.join(repoRoot, file)).size })).sort((a, b) => b.bytes - a.bytes);
  for (const { file, bytes } of bySize) {
    const lightest = shares.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    lightest.bytes += bytes;
    lightest.files.push(file);
  }
  const groupFiles = shares.map((share, index) => {
    const groupFile = path.join(folder, `group-${index + 1}.test.mjs`);
    const imports = share.files.map((file) => `await import(${JSON.stringify(pathToFileURL(path.join(repoRoot, file)).href)});`);
    fs.writeFileSync(groupFile, imports.join('\n') + '\n');
    return groupFile;
  });
  return { files: groupFiles, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

const wants = (stage) => only.length === 0 || only.includes(stage);
const node = process.execPath;
// Two files (or groups of files) at once on two cores: each suite starts a local-cloud of its own (temp folder, free port).
const nodeTest = (files) => ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files];

// A template folder added locally is indexed before anything runs; CI only checks the committed
// index is current (a unit test), so a deploy from git never charges from a stale price list.
if (process.env.CI !== 'true') await writeTemplateIndex();

/**
 * The production build that the tooling and browser stages test, started before the first stage at the
 * lowest CPU priority (nice 19): it runs on what the stages before it leave idle (a suite waiting, a
 * stage's tail) and takes little from them, so little of it is left when it is needed. The page renderer
 * the functions share with it is made first, here, so only one process ever writes it. A failed build is
 * counted once, under 'build'.
 */
async function startBuildBeside() {
  await buildSiteRenderer();
  let output = '';
  const built = run('build', node, [path.join(repoRoot, 'scripts/build.mjs'), '--stale'], undefined, undefined, {
    sideBySide: true,
    lowestPriority: true,
    print: (block) => (output = block),
  });
  /** Waits for the build, printing its output once; whether it succeeded. */
  return async () => {
    const stopClock = stageClock('build');
    const code = await built;
    stopClock();
    if (output) console.log(output);
    output = '';
    return code === 0;
  };
}
const buildSucceeded = wants('tooling') || wants('e2e') ? await startBuildBeside() : async () => true;

// The house rules (lint): ESLint (imports between packages, hooks, accessibility …) and Prettier's
// formatting; ESLint reads every file once with all its rules, the type-aware one too
// (eslintPromises.config.mjs). The types: every TypeScript project (the apps, local-cloud, the browser
// tests, the JavaScript tooling). ESLint and tsc share one TypeScript program per project
// (tooling/lintAndTypes.mjs, in two parts: the apps, and the rest). Both stages share one pool, longest
// first: the two parts side by side, then Prettier, the import cycles and the tooling's tsc.
const lintAndTypes = (part) => {
  const halves = ['lint', 'types'].filter(wants);
  const alone = halves.length === 1 ? [`--${halves[0]}`] : [];
  return /** @type {[string, string, string[]]} */ ([
    halves.join('+'),
    node,
    [path.join(repoRoot, 'tooling/lintAndTypes.mjs'), '--part', part, ...alone],
  ]);
};
/** @type {[string, string, string[]][]} */
const checks = [
  ...(wants('lint') || wants('types') ? [lintAndTypes('apps'), lintAndTypes('rest')] : []),
  ...(wants('lint')
    ? /** @type {[string, string, string[]][]} */ ([
        ['lint', node, [path.join(repoRoot, 'node_modules/prettier/bin/prettier.cjs'), '--check', '.']],
        ['lint', node, [path.join(repoRoot, 'tooling/importCycles.mjs')]],
      ])
    : []),
  ...(wants('types')
    ? /** @type {[string, string, string[]][]} */ ([
        ['types', node, [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.tooling.json', '--noEmit']],
      ])
    : []),
];
if (checks.length > 0) await runSideBySide(['lint', 'types'].filter(wants).join('+'), checks);
// The edge functions on the runtime Supabase runs them on, from the binary the npm package ships, in a
// network namespace of their own where the machine allows: nothing may be fetched (tooling/deno.mjs).
if (wants('deno')) {
  await buildSiteRenderer(); // the publish function imports the page renderer
  await buildShareCardEngine(); // satori, resvg's wasm and fonts for _shared/shareCard
  const deno = denoBinary();
  const entries = [...functionNames().map((name) => `supabase/functions/${name}/index.ts`), 'local-cloud/edge-runtime/worker.ts'];
  const check = withoutNetwork(deno, denoArgs('check', ...entries));
  console.log(
    check.isolated
      ? '\n(deno runs without any network: a namespace of its own)'
      : '\n(unshare is not available: deno runs with --cached-only, which refuses to fetch)',
  );
  await run('deno', check.command, check.args, undefined, denoEnv());
  // No permissions: a test reaching the network, the disk or the environment fails.
  const tests = withoutNetwork(deno, denoArgs('test', ...functionTestFiles()));
  await run('deno', tests.command, tests.args, denoTestCounts, denoEnv());
}
// The database's rules in SQL, as `supabase test db` runs them: supabase/tests/*.test.sql on Postgres 15.
if (wants('pgtap')) await run('pgtap', node, ['--import', 'tsx', path.join(repoRoot, 'local-cloud/bin/pgTap.ts')], pgProveCounts);
if (wants('unit')) {
  await run('unit', node, [path.join(repoRoot, 'node_modules/jest/bin/jest.js'), '--ci'], jestCounts);
  // The résumé PDF read back with pdf.js, which loads only as an ES module: on node's test runner.
  await run('unit', node, nodeTest(testFiles('templates/src/resume/test')), nodeTestCounts);
}
if (wants('local-cloud')) {
  // The publish function renders pages with the templates' components, bundled (tooling/siteRenderer.mjs).
  await buildSiteRenderer();
  const groups = writeTestGroups(testFiles('local-cloud/test'), os.availableParallelism() * 4);
  try {
    await run('local-cloud', node, nodeTest(groups.files), nodeTestCounts);
  } finally {
    groups.remove();
  }
}
// The tooling's own tests (tooling/test): what `npm start`'s servers answer for the build stage's
// dist/ and what the build rendered ahead, read over HTTP with no browser. The 'build' time is what is
// left of the build started beside the stages before (startBuildBeside) when this stage needs it.
if (wants('tooling')) {
  if (await buildSucceeded()) {
    const toolingTests = fs
      .readdirSync(path.join(repoRoot, 'tooling/test'))
      .filter((name) => name.endsWith('.test.mjs'))
      .sort()
      .map((name) => path.join('tooling/test', name));
    await run('tooling', node, ['--test', '--test-reporter=spec', ...toolingTests], nodeTestCounts);
  } else console.log('\n=== tooling: not run, the build failed');
}
if (wants('e2e')) {
  if (await buildSucceeded())
    await run(
      'e2e',
      node,
      [path.join(repoRoot, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.config.ts', ...playwrightArgs],
      playwrightCounts,
    );
  else console.log('\n=== e2e: not run, the build failed');
}

console.log('');
console.log(`time per stage: ${[...stageTimes].map(([stage, { seconds }]) => `${stage} ${Math.round(seconds)} s`).join(', ')}`);
// Below 100 %, a stage waits more than it computes: more of it at once would end it sooner.
console.log(
  `cores busy per stage (of ${os.cpus().length}, the whole machine): ${[...stageTimes].map(([stage, { busy, all }]) => `${stage} ${all ? Math.round((100 * busy) / all) : 0} %`).join(', ')}`,
);
if (failedStages.length) console.log(`Failed stages: ${failedStages.join(', ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedStages.length ? 1 : 0);
