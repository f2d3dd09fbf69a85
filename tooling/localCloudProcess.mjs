// Starts local-cloud as a child process and waits until it answers /health.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './repo.mjs';

/**
 * @param {{ port?: number, dataDir?: string, env?: Record<string,string>, onOutput?: (line: string) => void }} [options]
 */
export async function startLocalCloud({ port = 54321, dataDir = path.join(repoRoot, '.data'), env = {}, onOutput } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'local-cloud/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exited = null;
  let output = '';
  const collect = (chunk) => {
    output += chunk;
    if (onOutput) for (const line of String(chunk).split('\n').filter(Boolean)) onOutput(line);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  child.on('exit', (code) => {
    exited = code;
  });
  const url = `http://localhost:${port}`;
  // Generous: PGlite compiles its WebAssembly at start, which takes long on a loaded 2-core machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`local-cloud exited with code ${exited}:\n${output.slice(-2000)}`);
    try {
      const response = await fetch(`${url}/health`);
      // Ready once it answers and has written the public keys the app config needs.
      if (response.ok && fs.existsSync(path.join(dataDir, 'public-keys.json'))) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGTERM');
    throw new Error(`local-cloud did not answer on ${url}/health within 180 s:\n${output.slice(-2000)}`);
  }
  const keys = JSON.parse(fs.readFileSync(path.join(dataDir, 'public-keys.json'), 'utf8'));
  return {
    url,
    keys,
    child,
    stop() {
      return new Promise((resolve) => {
        if (exited !== null) return resolve(undefined);
        child.once('exit', () => resolve(undefined));
        child.kill('SIGTERM');
      });
    },
  };
}
