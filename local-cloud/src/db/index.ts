import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../context.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { migrate } from './migrate.ts';

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  migrationsDir: string;
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
    await migrate(db, opts.migrationsDir);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  return db;
}
