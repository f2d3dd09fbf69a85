// `npm run bench -- resume`: how long the résumé PDF of a 30-item portfolio takes to make in Chromium
// (the maker bundled for the browser, run in a worker as the editor runs it) and on Deno (the publish
// function's engine), each repeated, with the spread and a floor (a one-line résumé) measured in the
// same run; and what the maker adds to a browser's download: its script (gzip) and the fonts a
// Latin résumé fetches. Goal: ≤ 1 s each on this machine.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../../tooling/chromium.mjs';
import { denoArgs, denoBinary, denoEnv } from '../../../../tooling/deno.mjs';
import { repoRoot } from '../../../../tooling/repo.mjs';
import { buildResumeEngine, RESUME_ENGINE_FILE } from '../../../../tooling/resumeEngine.mjs';

const RUNS = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 10);

interface Figures {
  cold: number;
  runs: number[];
  floor: number[];
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
function summary({ cold, runs, floor }: Figures): string {
  const sorted = [...runs].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  const floorMedian = [...floor].sort((a, b) => a - b)[Math.floor(floor.length / 2)]!;
  return `first ${ms(cold)} (cold, fonts and module included); next ${runs.length}: median ${ms(at(0.5))}, min ${ms(sorted[0]!)}, p90 ${ms(at(0.9))}, max ${ms(sorted[sorted.length - 1]!)}; floor (a one-line résumé) ${ms(floorMedian)}`;
}

// The same loop in both places: a cold résumé, RUNS more (each a new text, as typing makes), a floor.
const LOOP = `
async function measure(make, fixture, runs) {
  const options = { layout: 'classic', paper: 'a4', extraSections: [] };
  let t = performance.now();
  await make(fixture, options);
  const cold = performance.now() - t;
  const times = [];
  for (let i = 0; i < runs; i++) {
    const changed = { ...fixture, profile: { ...fixture.profile, headline: fixture.profile.headline + ' ' + i } };
    t = performance.now();
    await make(changed, options);
    times.push(performance.now() - t);
  }
  const floor = [];
  const tiny = { ...fixture, sections: [], profile: { ...fixture.profile, about: '' }, socials: [] };
  for (let i = 0; i < 5; i++) {
    t = performance.now();
    await make(tiny, options);
    floor.push(performance.now() - t);
  }
  return { cold, runs: times, floor };
}`;

function benchDeno(): Figures {
  const engine = pathToFileURL(RESUME_ENGINE_FILE).href;
  const script = `${LOOP}
const engine = await import(${JSON.stringify(engine)});
const figures = await measure((p, o) => engine.makeResumePdf(p, o, engine.bundledResources), engine.RESUME_FIXTURE, ${RUNS});
console.log(JSON.stringify(figures));`;
  const result = spawnSync(denoBinary(), denoArgs('eval', script), { env: denoEnv(), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the Deno résumé bench failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as Figures;
}

/** The maker as a browser module (what the editor's worker imports), its fonts as files beside it. */
async function buildBrowserBundle(dir: string): Promise<{ scriptBytes: number; scriptGzip: number }> {
  await esbuild.build({
    stdin: {
      contents: `export { makeResumePdf, fetchedResources } from './templates/src/resume/browser.ts';
export { FACE_URLS } from './templates/src/resume/faceUrls.generated.ts';
export { RESUME_FIXTURE } from './templates/src/resume/fixture.ts';`,
      resolveDir: repoRoot,
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    loader: { '.woff': 'file' },
    outfile: path.join(dir, 'resume.js'),
    logLevel: 'warning',
  });
  const script = fs.readFileSync(path.join(dir, 'resume.js'));
  fs.writeFileSync(
    path.join(dir, 'worker.js'),
    `import * as resume from './resume.js';
${LOOP}
const resources = resume.fetchedResources(resume.FACE_URLS);
measure((p, o) => resume.makeResumePdf(p, o, resources), resume.RESUME_FIXTURE, ${RUNS}).then((figures) => postMessage(figures), (error) => postMessage({ error: String(error) }));`,
  );
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><title>résumé bench</title><script type="module">
const worker = new Worker('./worker.js', { type: 'module' });
window.figures = new Promise((resolve) => { worker.onmessage = (event) => resolve(event.data); });
</script>`,
  );
  return { scriptBytes: script.length, scriptGzip: gzipSync(script).length };
}

async function benchChromium(dir: string): Promise<{ figures: Figures; fontBytes: number }> {
  let fontBytes = 0;
  const server = http.createServer((request, response) => {
    const file = path.join(dir, path.normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    const body = fs.readFileSync(file);
    if (file.endsWith('.woff')) fontBytes += body.length;
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.html') ? 'text/html' : 'font/woff';
    response.writeHead(200, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/index.html`);
    const figures = (await page.evaluate('window.figures', undefined)) as Figures & { error?: string };
    if (figures.error) throw new Error(`the browser résumé bench failed: ${figures.error}`);
    return { figures, fontBytes };
  } finally {
    await browser.close();
    server.close();
  }
}

async function main() {
  await buildResumeEngine();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'resume-bench-'));
  try {
    const size = await buildBrowserBundle(dir);
    const browser = await benchChromium(dir);
    const deno = benchDeno();
    console.log('\nRésumé PDF of a 30-item portfolio (classic layout, A4, 3 pages; goal ≤ 1 s each)');
    console.log(`  Chromium, in a worker: ${summary(browser.figures)}`);
    console.log(`  Deno (publish function's engine): ${summary(deno)}`);
    console.log(
      `  added download, only where a résumé is shown: the maker ${(size.scriptGzip / 1024).toFixed(0)} KB gzip (${(size.scriptBytes / 1024).toFixed(0)} KB), ` +
        `fonts of a Latin résumé ${(browser.fontBytes / 1024).toFixed(0)} KB (WOFF, fetched once)`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// The templates package is CommonJS to tsx: no top-level await.
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
