import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../context.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { migrate } from './migrate.ts';

interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  migrationsDir: string;
  /** supabase/seed.sql: loaded once, into a database the migrations have just created. */
  seedFile?: string;
}

/** Opens PGlite under <dataDir>/pglite, or Postgres when a URL is given, and brings the schema up to date. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const db = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl)
    : await (async () => {
        const dir = path.join(opts.dataDir, 'pglite');
        await mkdir(dir, { recursive: true });
        return openPglite(dir);
      })();
  try {
    const applied = await migrate(db, opts.migrationsDir);
    // As `supabase db reset` does: the sample data goes into a new database, never into one in use.
    const all = (await readdir(opts.migrationsDir)).filter((file) => /^\d+_.+\.sql$/.test(file));
    if (opts.seedFile && all.length > 0 && applied.length === all.length) await db.execScript(await readFile(opts.seedFile, 'utf8'));
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  return db;
}
