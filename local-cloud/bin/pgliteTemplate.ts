// Builds a PGlite folder with every migration applied (and supabase/seed.sql with `--seed`, as a new
// database of `npm start` gets) into <dir>/pglite, for tests to copy instead of migrating from
// nothing each time: tooling/pgliteTemplate.mjs runs it once per set of migrations.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/index.ts';
import { readProjectConfig } from '../src/projectConfig.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const [dir, flag] = process.argv.slice(2);
if (!dir) throw new Error('usage: pgliteTemplate.ts <dir> [--seed]');
const seed = flag === '--seed' && readProjectConfig().db.seed.enabled;
const db = await openDatabase({
  dataDir: dir,
  migrationsDir: path.join(REPO_ROOT, 'supabase', 'migrations'),
  seedFile: seed ? path.join(REPO_ROOT, 'supabase', 'seed.sql') : undefined,
});
await db.close();
