// Builds the six apps of another commit (the baseline of a change) beside this tree, so one bench run
// measures before and after on the same machine at the same time. Kept in .cache/revisions/<commit>/.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { APPS } from '../../tooling/ports.mjs';
import { repoRoot } from '../../tooling/repo.mjs';
import type { AppKey } from '../support/stack';

// Named anew when what a build includes changed: a revision built before is built again.
const BUILT = '.built-with-pages';

/** The full hash of a commit name (`HEAD~3`, `main`, a short hash); throws on an unknown name. */
export function resolveCommit(name: string): string {
  return execFileSync('git', ['rev-parse', '--verify', `${name}^{commit}`], { cwd: repoRoot, encoding: 'utf8' }).trim();
}

/**
 * The commit's tree uses this checkout's installed packages, except its own workspace packages:
 * node_modules/@folioforge/* must point into the old tree, or the build would mix in today's shared code.
 */
function linkNodeModules(tree: string): void {
  const target = path.join(tree, 'node_modules');
  fs.mkdirSync(target);
  for (const entry of fs.readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@folioforge') continue;
    fs.symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(target, entry));
  }
  fs.mkdirSync(path.join(target, '@folioforge'));
  const workspaces = (JSON.parse(fs.readFileSync(path.join(tree, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  for (const workspace of workspaces) {
    const manifest = path.join(tree, workspace, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const name = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name: string }).name;
    if (name.startsWith('@folioforge/')) fs.symlinkSync(path.join(tree, workspace), path.join(target, name));
  }
}

/** Runs a Node script of the old tree in it; rejects with its output when it fails. */
function runInTree(tree: string, args: string[], what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      args,
      // PUBLIC_URL or an output folder meant for this tree must not leak into the old one.
      { cwd: tree, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PUBLIC_URL: '', FOLIOFORGE_OUT_DIR: '' } },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} at ${tree} failed:\n${output}`))));
  });
}

const webpack = (tree: string, appDir: string) =>
  runInTree(
    tree,
    [path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '-c', `${appDir}/webpack.config.mjs`],
    `Building ${appDir}`,
  );

/** Where a commit's tree is unpacked and built. */
const revisionTree = (commit: string) => path.join(repoRoot, '.cache/revisions', resolveCommit(commit));

/** Whether the commit's tree (once built by buildRevision) holds a file, e.g. the portfolio model's. */
export const revisionHas = (commit: string, file: string): boolean => fs.existsSync(path.join(revisionTree(commit), file));

/**
 * The dist folder of each app as built at `commit`, building them (two at a time) unless a previous
 * run already did.
 */
export async function buildRevision(commit: string, log = console.log): Promise<Record<AppKey, string>> {
  const hash = resolveCommit(commit);
  const tree = revisionTree(hash);
  const dists = Object.fromEntries(APPS.map((app) => [app.key, path.join(tree, app.dir, 'dist')])) as Record<AppKey, string>;
  if (fs.existsSync(path.join(tree, BUILT))) return dists;

  log(`Building ${commit} (${hash.slice(0, 10)}) into ${path.relative(repoRoot, tree)} …`);
  fs.rmSync(tree, { recursive: true, force: true });
  fs.mkdirSync(tree, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${hash} | tar -x -C "${tree}"`], { cwd: repoRoot });
  linkNodeModules(tree);
  const queue = [...APPS];
  await Promise.all(
    [0, 1].map(async () => {
      for (let app = queue.shift(); app; app = queue.shift()) {
        const started = Date.now();
        await webpack(tree, app.dir);
        log(`  built ${app.dir} at ${hash.slice(0, 10)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
    }),
  );
  // The pages its own `npm run build` renders ahead are part of the build (a revision from before
  // them has no such script): without them a baseline's first paint is that of a build nobody ships.
  if (fs.existsSync(path.join(tree, 'scripts/prerender.mjs'))) {
    const started = Date.now();
    await runInTree(tree, ['scripts/prerender.mjs'], 'Rendering pages ahead');
    log(`  rendered its pages ahead in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  fs.writeFileSync(path.join(tree, BUILT), new Date().toISOString());
  return dists;
}
