// local-cloud as its own process (the CLI), for what only a process shows: a crash, a kill -9, a
// second process on one data directory, the interface it listens on.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { copyMigratedPglite } from '../../../tooling/pgliteTemplate.mjs';

/** The environment that lifts config.toml's auth limits, for processes tested for something else. */
const RELAXED_RATE_LIMIT_ENV = {
  EMAILJS_PER_SECOND: '1000',
  AUTH_RATE_LIMIT_EMAIL_SENT: '1000000',
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000000',
  AUTH_RATE_LIMIT_TOKEN_REFRESH: '1000000',
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '1000000',
};

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'main.ts');

export interface CloudProcess {
  url: string;
  port: number;
  anonKey: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once it has exited. */
  exited: Promise<number | NodeJS.Signals | null>;
  client(): SupabaseClient;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

/** Starts the CLI on a free port and waits for its ready line; rejects with its output if it exits first. */
export async function spawnLocalCloud(
  env: Record<string, string>,
  { timeoutMs = 180_000, user }: { timeoutMs?: number; user?: { uid: number; gid: number } } = {},
): Promise<CloudProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: '0', MAILBOX_PORT: '0', ...RELAXED_RATE_LIMIT_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...user,
  });
  let printed = '';
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`local-cloud did not start in time:\n${printed}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      printed += chunk.toString();
      const ready = /local-cloud ready on (http:\/\/\S+)/.exec(printed);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`local-cloud exited (${String(code)}) before it was ready:\n${printed}`));
    });
  });
  // Written just before the ready line, with what a browser may know.
  const keys = JSON.parse(await readFile(path.join(env.DATA_DIR!, 'public-keys.json'), 'utf8')) as { anonKey: string };
  return {
    url,
    port: Number(new URL(url).port),
    anonKey: keys.anonKey,
    child,
    output: () => printed,
    exited,
    client: () =>
      createClient(url, keys.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: class {} as never },
      }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A maker of temp folders for one test file; they are removed when the file's tests are done. */
export function tempDirs(prefix: string): () => Promise<string> {
  const made: string[] = [];
  after(async () => {
    for (const dir of made) await rm(dir, { recursive: true, force: true });
  });
  return async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}

/**
 * Puts a migrated PGlite database in a new data folder and returns it: the process starts in about a
 * second instead of migrating from nothing, for tests about something else than a first start.
 */
export function withMigratedPglite(dataDir: string): string {
  copyMigratedPglite(dataDir);
  return dataDir;
}
