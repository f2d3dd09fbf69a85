import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../context.ts';
import type { ScriptRunner } from './types.ts';
import { BOOTSTRAP_SQL } from './bootstrapSql.ts';

interface AppliedMigration {
  version: string;
  name: string;
}

/** Supabase CLI names migrations `<timestamp>_<name>.sql`; the timestamp is the version. */
function parseMigrationFile(file: string): AppliedMigration | null {
  const m = /^(\d+)_(.+)\.sql$/.exec(file);
  return m ? { version: m[1], name: m[2] } : null;
}

/**
 * Bootstraps what hosted Supabase provides, then applies each not-yet-applied migration in filename
 * order, each in its own transaction together with its record in local_cloud.schema_migrations.
 */
export async function migrate(db: Database & ScriptRunner, migrationsDir: string): Promise<AppliedMigration[]> {
  await db.execScript(`select pg_advisory_lock(5432100); ${BOOTSTRAP_SQL}; select pg_advisory_unlock(5432100);`);
  const files = (await readdir(migrationsDir).catch(() => [] as string[])).filter((f) => f.endsWith('.sql')).sort();
  const applied: AppliedMigration[] = [];
  for (const file of files) {
    const mig = parseMigrationFile(file);
    if (!mig) continue;
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    const done = await db.asOwner(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(5432101)');
      const { rows } = await tx.query('select 1 from local_cloud.schema_migrations where version = $1', [mig.version]);
      return rows.length > 0;
    });
    if (done) continue;
    // Scripts may hold several statements, which only the simple protocol accepts.
    await db
      .execScript(
        `begin; select pg_advisory_xact_lock(5432101);\n${sql}\n;insert into local_cloud.schema_migrations (version, name) values ('${mig.version}', '${mig.name.replace(/'/g, "''")}'); commit;`,
      )
      .catch(async (err: unknown) => {
        await db.execScript('rollback').catch(() => undefined);
        throw new Error(`migration ${file} failed: ${err instanceof Error ? err.message : String(err)}`);
      });
    applied.push(mig);
  }
  return applied;
}
