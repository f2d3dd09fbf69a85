// A migrated PGlite database for tests, made once and copied: a new PGlite runs initdb and every
// migration (10 s and more on a 2-core machine), a copy of a closed one opens in about one second.
// The copy is what a new data folder would hold after local-cloud's first migration run, so the
// server starts on it as on any existing database. Kept in this checkout's node_modules/.cache (not
// the system's temp folder, where another checkout's tests would remove it while it is copied), one per
// set of migrations (and seed) and hour, so a seed's `now()` is never far off; those of an hour before
// the last are removed.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './repo.mjs';

const PREFIX = 'folioforge-pglite-';
const TEMPLATES_DIR = path.join(repoRoot, 'node_modules/.cache/pglite-templates');
const INPUTS = ['supabase/migrations', 'supabase/config.toml', 'local-cloud/src/db', 'package-lock.json'];

/** @param {string} target */
function* filesUnder(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) yield target;
  else for (const name of fs.readdirSync(target).sort()) yield* filesUnder(path.join(target, name));
}

/** @param {boolean} seed */
const kindOf = (seed) => `${PREFIX}${seed ? 'seeded' : 'migrated'}-`;

/**
 * What a migrated database is made of (the migrations, local-cloud's own schema and the packages that run
 * them, with the seed when `seed`, and the `maker`'s files) and the hour: a template of other inputs, or an
 * older hour, is not used.
 * @param {boolean} [seed]
 * @param {string[]} [maker] more files (from the repository's root) the template depends on
 */
export function migratedDatabaseStamp(seed = false, maker = []) {
  const hash = crypto.createHash('sha256');
  for (const input of [...INPUTS, ...(seed ? ['supabase/seed.sql'] : []), ...maker])
    for (const file of filesUnder(path.join(repoRoot, input))) hash.update(path.relative(repoRoot, file)).update(fs.readFileSync(file));
  const hour = Math.floor(Date.now() / 3_600_000);
  return `${hash.digest('hex').slice(0, 16)}-${hour}`;
}

/**
 * The templates in TEMPLATES_DIR-like `entries` (of `prefix`, stamped by migratedDatabaseStamp) that no
 * test needs: of an hour before the last. The last hour's stays, since a test process that took its
 * name just before the hour turned may still be copying it.
 * @param {string[]} entries @param {string} prefix @returns {string[]}
 */
export function staleTemplates(entries, prefix) {
  const hour = Math.floor(Date.now() / 3_600_000);
  return entries.filter((entry) => {
    if (!entry.startsWith(prefix) || entry.includes('-making-')) return false;
    const madeIn = Number(entry.slice(entry.lastIndexOf('-') + 1));
    return !(madeIn >= hour - 1);
  });
}

/** @param {boolean} seed */
const templateName = (seed) => `${kindOf(seed)}${migratedDatabaseStamp(seed)}`;

/**
 * The template's folder, made now when there is none for these migrations.
 * @param {boolean} seed
 */
function template(seed) {
  const name = templateName(seed);
  const folder = path.join(TEMPLATES_DIR, name);
  if (fs.existsSync(folder)) return folder;
  fs.mkdirSync(TEMPLATES_DIR, { recursive: true });
  const work = fs.mkdtempSync(path.join(TEMPLATES_DIR, `${name}-making-`));
  try {
    const made = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'local-cloud/bin/pgliteTemplate.ts'), work, ...(seed ? ['--seed'] : [])],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`the PGlite template could not be made:\n${made.stderr.slice(-2000)}`);
    try {
      fs.renameSync(path.join(work, 'pglite'), folder);
    } catch (error) {
      if (!fs.existsSync(folder)) throw error; // another run made it meanwhile: theirs is as good
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  for (const entry of staleTemplates(fs.readdirSync(TEMPLATES_DIR), kindOf(seed)))
    fs.rmSync(path.join(TEMPLATES_DIR, entry), { recursive: true, force: true });
  return folder;
}

/**
 * Puts a migrated PGlite database (seeded, as `npm start` seeds a new one, when `seed`) where
 * local-cloud looks for it in `dataDir` (<dataDir>/pglite), which must have none yet.
 * @param {string} dataDir
 * @param {{ seed?: boolean }} [options]
 */
export function copyMigratedPglite(dataDir, { seed = false } = {}) {
  fs.cpSync(template(seed), path.join(dataDir, 'pglite'), { recursive: true, errorOnExist: true, force: false });
}
