// Starts a throwaway Postgres 15 cluster (Debian's packaged binaries) for the test run.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';

export interface TempPostgres {
  /** A URL for a fresh, empty database in the cluster. */
  createDatabase(name: string): Promise<string>;
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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
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

export async function startTempPostgres(): Promise<TempPostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lc-pg-'));
  if (process.getuid?.() === 0) {
    const { uid, gid } = await systemUser('postgres');
    await chown(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  await asPostgresUser(path.join(BIN, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
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
  const adminUrl = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dir)}&port=${port}`;

  return {
    adminUrl,
    shutDown,
    startUp,
    async createDatabase(name: string) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return `postgresql://postgres@localhost/${name}?host=${encodeURIComponent(dir)}&port=${port}`;
    },
    async stop() {
      await shutDown().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
