// The one way this project runs Deno, the runtime Supabase Edge Functions run on: the binary the npm
// package `deno` ships (its per-platform package, installed by `npm ci`), never one fetched at run
// time. Every call resolves npm packages from the repository's node_modules (deno.json at the root:
// `nodeModulesDir: "manual"`) and runs with `--cached-only`, so Deno fetches nothing: a module that is
// not on disk is an error, not a download. Used by `npm test` (check, test), the bench and local-cloud.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FUNCTIONS_DIR = path.join(REPO_ROOT, 'supabase/functions');

/** The `@deno/<target>` package that holds this machine's binary (the names the `deno` package uses). */
function platformPackage() {
  const arch = os.arch();
  if (arch !== 'x64' && arch !== 'arm64') throw new Error(`Deno ships no binary for ${arch}`);
  return os.platform() === 'linux' ? `@deno/linux-${arch}-glibc` : `@deno/${os.platform()}-${arch}`;
}

let binary;

/** Path of the Deno executable, or an error saying how to get it. */
export function denoBinary() {
  if (binary) return binary;
  const name = os.platform() === 'win32' ? 'deno.exe' : 'deno';
  const candidates = [];
  try {
    candidates.push(path.join(path.dirname(require.resolve(`${platformPackage()}/package.json`)), name));
  } catch {
    // not installed for this platform: the copy `deno`'s install script makes may still be there
  }
  try {
    candidates.push(path.join(path.dirname(require.resolve('deno/package.json')), name));
  } catch {
    // no deno package at all
  }
  binary = candidates.find((candidate) => existsSync(candidate));
  if (!binary) throw new Error('Deno is not installed: run `npm ci` (the dev dependency `deno` ships the binary).');
  return binary;
}

/** Deno's own cache (type-check results, code cache) inside node_modules: per clone, never the network. */
const DENO_DIR = path.join(REPO_ROOT, 'node_modules/.cache/deno');

/**
 * The environment every Deno call gets: its cache here, no update check, no prompt, no colour. Only
 * PATH and HOME are kept from the caller, so a function sees what its host gives it and nothing else.
 * @param {Record<string, string>} [extra]
 * @returns {Record<string, string>}
 */
export function denoEnv(extra = {}) {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? os.tmpdir(),
    DENO_DIR,
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    NO_COLOR: '1',
    ...extra,
  };
}

/** The workspace file: each function's deno.json as a member, npm packages from node_modules. */
const DENO_CONFIG = path.join(REPO_ROOT, 'deno.local.jsonc');

/**
 * Arguments for a Deno subcommand that loads modules: this repository's workspace, and nothing remote
 * (`--cached-only`: a module that is not on disk is an error, never a download).
 * @param {string} subcommand
 * @param {string[]} rest
 */
export function denoArgs(subcommand, ...rest) {
  return [subcommand, '--config', DENO_CONFIG, '--cached-only', ...rest];
}

/**
 * `command args` in a network namespace of its own where the machine allows it (root, or user
 * namespaces), so that any attempt to reach the network fails: the proof that nothing is fetched.
 * @param {string} command
 * @param {string[]} args
 */
export function withoutNetwork(command, args) {
  for (const flags of [['--net'], ['--map-root-user', '--net']]) {
    if (spawnSync('unshare', [...flags, 'true'], { stdio: 'ignore' }).status === 0)
      return { command: 'unshare', args: [...flags, command, ...args], isolated: true };
  }
  return { command, args, isolated: false };
}

/** The edge functions: folders of supabase/functions with an index.ts (`_shared` and friends are not). */
export function functionNames() {
  return readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && existsSync(path.join(FUNCTIONS_DIR, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}
