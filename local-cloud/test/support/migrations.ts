// The project's migrations up to (not including) the one a test is about, in a folder of its own: a
// database as it was before that migration, to fill with old rows and then migrate.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../supabase/migrations');

/** A new folder with the migrations before the first whose name matches `migration`. */
export async function migrationsBefore(migration: RegExp): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lc-migrations-'));
  const files = (await readdir(MIGRATIONS)).filter((file) => file.endsWith('.sql')).sort();
  const upTo = files.findIndex((file) => migration.test(file));
  assert.ok(upTo > 0, `the migration ${String(migration)} is there`);
  for (const file of files.slice(0, upTo)) await cp(path.join(MIGRATIONS, file), path.join(dir, file));
  return dir;
}
