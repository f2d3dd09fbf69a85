// npm test's pgtap stage, Supabase's `supabase test db` without the CLI: a throwaway Postgres 15
// cluster (Debian's binaries, as local-cloud's own Postgres tests start), the schema local-cloud
// builds (its stand-ins for Supabase's auth and storage schemas, then supabase/migrations unchanged),
// the pgTAP extension, and pg_prove over every supabase/tests/*.test.sql in name order.
// Prints pg_prove's report; exits 0 when every test passed. Without Postgres or pgTAP it says what
// to install and exits 0 as skipped, like local-cloud's Postgres run.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/index.ts';
import { postgresUnavailableReason, startTempPostgres } from '../test/support/postgres.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TESTS_DIR = path.join(REPO_ROOT, 'supabase/tests');
const PGTAP_CONTROL = '/usr/share/postgresql/15/extension/pgtap.control';
const PG_PROVE = '/usr/bin/pg_prove';

function unavailable(): string | null {
  const postgres = postgresUnavailableReason();
  if (postgres) return postgres;
  if (!existsSync(PGTAP_CONTROL)) return 'pgTAP is not installed (Debian: postgresql-15-pgtap)';
  if (!existsSync(PG_PROVE)) return 'pg_prove is not installed (Debian: libtap-parser-sourcehandler-pgtap-perl)';
  return null;
}

const why = unavailable();
if (why) {
  console.log(`pgtap: skipped: ${why}`);
  console.log('pgtap: 0 passed, 0 failed, 1 skipped');
  process.exit(0);
}

// `pgTap.ts shop_stock` runs the files whose names hold one of the words given (and 00_helpers first).
const only = process.argv.slice(2);
const files = readdirSync(TESTS_DIR)
  .filter((name) => name.endsWith('.test.sql') && (only.length === 0 || name.startsWith('00_') || only.some((word) => name.includes(word))))
  .sort()
  .map((name) => path.join(TESTS_DIR, name));

const cluster = await startTempPostgres();
let code = 1;
try {
  const url = await cluster.createDatabase('pgtap');
  // The schema exactly as local-cloud builds it on Postgres (db/bootstrapSql.ts, then the migrations).
  const db = await openDatabase({ dataDir: REPO_ROOT, databaseUrl: url, migrationsDir: path.join(REPO_ROOT, 'supabase/migrations') });
  await db.close();
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host')!;
  const port = parsed.searchParams.get('port')!;
  const psqlArgs = ['-h', host, '-p', port, '-U', 'postgres', '-d', 'pgtap'];
  // As on Supabase: pgTAP lives in the `extensions` schema, which every session finds.
  const setup = [
    'create extension if not exists pgtap with schema extensions',
    'alter database pgtap set search_path = "$user", public, extensions',
  ];
  for (const sql of setup) await exec('/usr/lib/postgresql/15/bin/psql', [...psqlArgs, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql]);
  code = await exec(PG_PROVE, [...psqlArgs, '--ext', '.sql', '--failures', ...files]);
} finally {
  await cluster.stop();
}
process.exit(code);

function exec(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, PGOPTIONS: '--client-min-messages=warning' } });
    child.once('error', reject);
    child.once('exit', (status) =>
      status === 0 || command === PG_PROVE ? resolve(status ?? 1) : reject(new Error(`${command} failed (${status})`)),
    );
  });
}
