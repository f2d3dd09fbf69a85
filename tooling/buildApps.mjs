// Builds the apps whose inputs changed since their last build (a stamp in dist/ records them).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { APPS } from './ports.mjs';
import { writeTemplateIndex } from './templateIndex.mjs';
import { prerenderPages } from './prerender.mjs';
import { buildSiteRenderer } from './siteRenderer.mjs';
import { inputsFingerprint } from './buildInputs.mjs';
import { repoRoot } from './repo.mjs';

const STAMP = '.build-stamp';
function isStale(app) {
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
 * Builds one app alone when its inputs changed since its last build (a remote's contract check,
 * tooling/remoteContract.mjs). No pages are rendered ahead: buildApps does that for a release.
 * @param {(typeof APPS)[number]} app
 * @returns {Promise<boolean>} whether it built
 */
export async function buildAppIfStale(app, log = console.log) {
  if (!isStale(app)) return false;
  const started = Date.now();
  await runWebpack(app, log);
  log(`  built ${app.dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/**
 * @param {{ force?: boolean, log?: (line: string) => void, concurrency?: number }} [options]
 */
export async function buildApps({ force = false, log = console.log, concurrency = 2 } = {}) {
  // A template folder added or changed since the last build reaches the registry and the price list.
  for (const file of await writeTemplateIndex()) log(`Wrote ${path.relative(repoRoot, file)}`);
  // The publish function's page renderer, from the same template components.
  await buildSiteRenderer({ force, log });
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
