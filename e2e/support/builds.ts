// Production builds made by a test, into temp folders: an app for a given PUBLIC_URL, or a changed
// copy of it (a new release), without touching the app's own dist/; unminified, without compressed copies.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS } from '../../tooling/ports.mjs';
import { repoRoot } from '../../tooling/repo.mjs';
import type { AppKey } from './stack';

interface BuildOptions {
  key: AppKey;
  /** Where the build will be served from (PUBLIC_URL); none for 'auto'. */
  publicUrl?: string;
  /** Changes a copy of the app's src/ before building (a new release); the app itself stays as it is. */
  editSource?: (srcDir: string) => void;
}

function webpack(config: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '-c', config],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`webpack -c ${config} failed:\n${output}`))));
  });
}

/** Builds an app into a new temp folder and returns that folder (its dist). */
export async function buildApp({ key, publicUrl, editSource }: BuildOptions): Promise<string> {
  const app = APPS.find((candidate) => candidate.key === key)!;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `folioforge-${key}-build-`));
  const outDir = path.join(work, 'dist');
  let config = path.join(repoRoot, app.dir, 'webpack.config.mjs');
  if (editSource) {
    const copy = path.join(work, 'app');
    fs.cpSync(path.join(repoRoot, app.dir, 'src'), path.join(copy, 'src'), { recursive: true });
    editSource(path.join(copy, 'src'));
    // The app's own config, pointed at the copy: same key, same exposes, same factory.
    const source = fs.readFileSync(config, 'utf8');
    const exposes = source.match(/exposes:\s*(\{[\s\S]*?\})/)?.[1] ?? '{}';
    // Its runtime plugins stay the app's own files, as its config names them.
    const plugins = [...source.matchAll(/path\.join\(dir, '(src\/federation\/\w+\.ts)'\)/g)].map((match) =>
      path.join(repoRoot, app.dir, match[1]!),
    );
    const runtimePlugins = plugins.length ? `runtimePlugins: ${JSON.stringify(plugins)},` : '';
    config = path.join(copy, 'webpack.config.mjs');
    fs.writeFileSync(
      config,
      `import { createWebpackConfig } from ${JSON.stringify(path.join(repoRoot, 'tooling/createWebpackConfig.mjs'))};\n` +
        `export default createWebpackConfig({ dir: ${JSON.stringify(copy)}, key: '${key}', title: '${key}', exposes: ${exposes}, ${runtimePlugins} });\n`,
    );
  }
  // Unminified: what these builds show is where their files load from, and minifying is most of a build's CPU.
  await webpack(config, { FOLIOFORGE_OUT_DIR: outDir, PUBLIC_URL: publicUrl ?? '', FOLIOFORGE_UNMINIFIED: '1' });
  return outDir;
}
