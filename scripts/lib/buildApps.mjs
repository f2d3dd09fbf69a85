// Builds the apps whose inputs changed since their last build (a stamp in dist/ records them).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { APPS } from '../../tooling/ports.mjs';
import { writeTemplateIndex } from '../../tooling/templateIndex.mjs';
import { prerenderPages } from './prerender.mjs';
import { repoRoot } from './repo.mjs';

const STAMP = '.build-stamp';
const SHARED_INPUTS = [
  'shared/src',
  'shared/package.json',
  'templates/src',
  'templates/package.json',
  'supabase/functions/_shared',
  'tooling',
  'package-lock.json',
  'types',
];

function* filesUnder(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield target;
    return;
  }
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    yield* filesUnder(path.join(target, entry.name));
  }
}

/** A hash of everything that goes into an app's build: its own files, shared code and the lock file. */
export function inputsFingerprint(app) {
  const hash = crypto.createHash('sha256');
  const roots = [path.join(repoRoot, app.dir), ...SHARED_INPUTS.map((input) => path.join(repoRoot, input))];
  for (const root of roots) {
    for (const file of [...filesUnder(root)].sort()) {
      if (file.endsWith('.test.tsx') || file.endsWith('.test.ts')) continue;
      hash.update(path.relative(repoRoot, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export function isStale(app) {
  const stamp = path.join(repoRoot, app.dir, 'dist', STAMP);
  return !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== inputsFingerprint(app);
}

function runWebpack(app, log) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '-c', `${app.dir}/webpack.config.mjs`],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => {
      if (code === 0) {
        fs.writeFileSync(path.join(repoRoot, app.dir, 'dist', STAMP), inputsFingerprint(app));
        resolve(undefined);
      } else {
        log(output);
        reject(new Error(`Building ${app.dir} failed (exit ${code})`));
      }
    });
  });
}

/**
 * @param {{ force?: boolean, log?: (line: string) => void, concurrency?: number }} [options]
 */
export async function buildApps({ force = false, log = console.log, concurrency = 2 } = {}) {
  // A template folder added or changed since the last build reaches the registry and the price list.
  for (const file of await writeTemplateIndex()) log(`Wrote ${path.relative(repoRoot, file)}`);
  const queue = APPS.filter((app) => force || isStale(app));
  if (queue.length === 0) {
    log('All six apps are up to date.');
    await prerenderPages({ log });
    return;
  }
  log(`Building ${queue.map((app) => app.dir).join(', ')} …`);
  const workers = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const started = Date.now();
      await runWebpack(app, log);
      log(`  built ${app.dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  });
  await Promise.all(workers);
  await prerenderPages({ log });
}
