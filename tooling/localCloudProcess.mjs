// Starts local-cloud as a child process and waits until it answers /health.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOCAL_CLOUD_PORT } from './ports.mjs';
import { repoRoot } from './repo.mjs';

/**
 * The mailbox's port is `mailboxPort` when given; on the usual API port the usual one (54324, or
 * MAILBOX_PORT); a local-cloud on a port of its own (tests) gets a free one, never another's mailbox.
 * @param {{ port?: number, mailboxPort?: number, dataDir?: string, env?: Record<string,string>, onOutput?: (line: string) => void }} [options]
 */
export async function startLocalCloud({
  port = LOCAL_CLOUD_PORT,
  mailboxPort,
  dataDir = path.join(repoRoot, '.data'),
  env = {},
  onOutput,
} = {}) {
  const mailboxEnv =
    mailboxPort !== undefined ? { MAILBOX_PORT: String(mailboxPort) } : port === LOCAL_CLOUD_PORT ? {} : { MAILBOX_PORT: '0' };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'local-cloud/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...mailboxEnv, ...env },
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
  // The ready line names the mailbox's address (its port may have been a free one).
  const mailboxUrl = () => /local-cloud ready on \S+ \(mailbox: (http:\/\/[^\s)]+)\)/.exec(output)?.[1];
  // Generous: PGlite compiles its WebAssembly at start, which takes long on a loaded 2-core machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`local-cloud exited with code ${exited}:\n${output.slice(-2000)}`);
    try {
      const response = await fetch(`${url}/health`);
      // Ready once it answers and has written the public keys the app config needs.
      if (response.ok && fs.existsSync(path.join(dataDir, 'public-keys.json')) && mailboxUrl()) break;
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
  /** @type {string} */
  const serviceRoleKey = JSON.parse(fs.readFileSync(path.join(dataDir, 'site-server-key.json'), 'utf8')).serviceRoleKey;
  return {
    url,
    /** The mailbox: `/` the page, `/api` the JSON (local-cloud's mail/index.ts). */
    mailboxUrl: /** @type {string} */ (mailboxUrl()),
    keys,
    /** For the site server alone (page views), never for /app-config.json. */
    serviceRoleKey,
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
