// Starts a throwaway Postgres 15 cluster (Debian's packaged binaries) for the test run: a copy of one
// made once per set of migrations, which holds a migrated database to clone.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../../tooling/freePorts.mjs';
import { migratedDatabaseStamp, staleTemplates } from '../../../tooling/pgliteTemplate.mjs';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface TempPostgres {
  /** A URL for a fresh, empty database in the cluster. */
  createDatabase(name: string): Promise<string>;
  /**
   * A URL for a fresh database as local-cloud's migrations leave it (its own schema, then every
   * migration): a clone of the one in the cluster, in a tenth of a second instead of a migration run.
   */
  createMigratedDatabase(name: string): Promise<string>;
  /** The superuser's URL, for what a test does to the server itself (pg_terminate_backend). */
  adminUrl: string;
  /** Shuts the server down, keeping its data, and starts it again: a Postgres restart in two steps. */
  shutDown(): Promise<void>;
  startUp(): Promise<void>;
  stop(): Promise<void>;
}

/** Why Postgres tests cannot run here, or null when they can. */
export function postgresUnavailableReason(): string | null {
  for (const b of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(path.join(BIN, b))) return `Postgres binaries not found in ${BIN} (install Debian's postgresql-15)`;
  }
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) {
    return 'running as root and runuser is missing, so Postgres cannot be started as a non-root user';
  }
  return null;
}

/** Postgres refuses to run as root: as root, commands run as the `postgres` system user. */
async function asPostgresUser(cmd: string, args: string[]): Promise<void> {
  if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', cmd, ...args]);
  else await run(cmd, args);
}

async function systemUser(name: string): Promise<{ uid: number; gid: number }> {
  const { stdout: uid } = await run('id', ['-u', name]);
  const { stdout: gid } = await run('id', ['-g', name]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/** A new folder, the `postgres` user's when running as root (Postgres refuses to run as root). */
async function postgresUsersDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(prefix);
  if (process.getuid?.() === 0) {
    const { uid, gid } = await systemUser('postgres');
    await chown(dir, uid, gid);
  }
  return dir;
}

const TEMPLATES_DIR = path.join(REPO_ROOT, 'node_modules/.cache/postgres-templates');
const TEMPLATE_PREFIX = 'folioforge-postgres-';
/** The migrated database in every copy of the template cluster; createMigratedDatabase clones it. */
const MIGRATED = 'lc_migrated';

/**
 * The data folder of a stopped cluster (initdb) holding MIGRATED, made now when there is none for these
 * migrations. Kept in the checkout's node_modules/.cache beside the PGlite templates (tooling/pgliteTemplate.mjs),
 * under the same stamp: initdb and the migrations once a run, not once a test file.
 */
async function templateCluster(): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migratedDatabaseStamp(false, [path.relative(REPO_ROOT, fileURLToPath(import.meta.url))])}`;
  const folder = path.join(TEMPLATES_DIR, name);
  if (existsSync(folder)) return folder;
  await mkdir(TEMPLATES_DIR, { recursive: true });
  const work = await postgresUsersDir(path.join(TEMPLATES_DIR, `${name}-making-`));
  // The socket's path must be short (about 100 bytes): it lives in the temp folder, not in the checkout.
  const socketDir = await postgresUsersDir(path.join(os.tmpdir(), 'lc-pg-'));
  try {
    const dataDir = path.join(work, 'data');
    await asPostgresUser(path.join(BIN, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    const cluster = await startCluster(dataDir, socketDir);
    try {
      const url = await cluster.createDatabase(MIGRATED);
      // local-cloud's own migration run, as on any new database (bootstrapSql.ts, then supabase/migrations).
      const { openDatabase } = await import('../../src/db/index.ts');
      const db = await openDatabase({ dataDir: work, databaseUrl: url, migrationsDir: path.join(REPO_ROOT, 'supabase/migrations') });
      await db.close();
      await cluster.query(`alter database ${MIGRATED} is_template true`);
    } finally {
      await cluster.shutDown();
    }
    try {
      await rename(dataDir, folder);
    } catch (error) {
      if (!existsSync(folder)) throw error; // another test process made it meanwhile: theirs is as good
    }
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(socketDir, { recursive: true, force: true });
  }
  for (const entry of staleTemplates(await readdir(TEMPLATES_DIR), TEMPLATE_PREFIX))
    await rm(path.join(TEMPLATES_DIR, entry), { recursive: true, force: true });
  return folder;
}

export async function startTempPostgres(): Promise<TempPostgres> {
  const template = await templateCluster();
  const dir = await postgresUsersDir(path.join(os.tmpdir(), 'lc-pg-'));
  // -a keeps the owner (the `postgres` user's, as root) and the 0700 Postgres asks of its folder.
  await run('cp', ['-a', template, path.join(dir, 'data')]);
  const cluster = await startCluster(path.join(dir, 'data'), dir);
  return {
    ...cluster,
    async stop() {
      await cluster.shutDown().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the cluster of `dataDir`, listening on a socket in `dir` (its log there too) and a free port. */
async function startCluster(dataDir: string, dir: string): Promise<Omit<TempPostgres, 'stop'> & { query(sql: string): Promise<void> }> {
  const port = await freePort();
  const startUp = () =>
    asPostgresUser(path.join(BIN, 'pg_ctl'), [
      '-D',
      dataDir,
      '-w',
      '-l',
      path.join(dir, 'server.log'),
      'start',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses='' -c fsync=off -c max_connections=100`,
    ]);
  const shutDown = () => asPostgresUser(path.join(BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  await startUp();
  const urlOf = (database: string) => `postgresql://postgres@localhost/${database}?host=${encodeURIComponent(dir)}&port=${port}`;
  const adminUrl = urlOf('postgres');
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const create = async (name: string, sql: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
    await query(sql);
    return urlOf(name);
  };

  return {
    adminUrl,
    shutDown,
    startUp,
    query,
    createDatabase: (name) => create(name, `create database ${name}`),
    createMigratedDatabase: (name) => create(name, `create database ${name} template ${MIGRATED}`),
  };
}
