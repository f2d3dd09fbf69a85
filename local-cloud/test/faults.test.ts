// local-cloud when what it stands on fails: Postgres dropping connections or restarting, a full or
// read-only disk. It must never crash or hang: it answers 503 with the reason, /health says why, and
// it serves again by itself once the cause is gone, with every acknowledged write still there.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import pg from 'pg';
import { postgresUnavailableReason, startTempPostgres, type TempPostgres } from './support/postgres.ts';
import { spawnLocalCloud, tempDirs, withMigratedPglite, type CloudProcess } from './support/process.ts';

const run = promisify(execFile);
const tempDir = tempDirs('lc-faults-');

async function signUp(cloud: CloudProcess, email: string): Promise<Response> {
  return fetch(`${cloud.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: cloud.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-123' }),
    signal: AbortSignal.timeout(30_000),
  });
}

async function health(cloud: CloudProcess): Promise<{ status: number; body: { status: string; reason?: string } }> {
  const response = await fetch(`${cloud.url}/health`, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: (await response.json()) as { status: string; reason?: string } };
}

/** Polls /health until it answers ok: the server came back by itself. */
async function recovered(cloud: CloudProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await health(cloud).catch(() => ({ status: 0, body: { status: 'no answer' } }));
    if (status === 200) return;
    if (Date.now() > deadline) assert.fail(`still unavailable after ${timeoutMs} ms: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function signsIn(cloud: CloudProcess, email: string): Promise<boolean> {
  const { error } = await cloud.client().auth.signInWithPassword({ email, password: 'secret-123' });
  return error === null;
}

const pgReason = postgresUnavailableReason();

describe('a Postgres that drops connections or restarts', { skip: pgReason ?? false }, () => {
  let cluster: TempPostgres;
  let cloud: CloudProcess;
  before(async () => {
    cluster = await startTempPostgres();
    // An empty database: the process migrates it from nothing, as on a new Postgres (the other suites
    // start on a migrated clone).
    const databaseUrl = await cluster.createDatabase(`faults_${process.pid}`);
    cloud = await spawnLocalCloud({ DATA_DIR: await tempDir(), DATABASE_URL: databaseUrl, AUTH_AUTOCONFIRM: 'true' });
  });
  after(async () => {
    await cloud?.stop();
    await cluster?.stop();
  });

  test('connections ended by pg_terminate_backend, idle or busy, neither kill the process nor fail later requests', async () => {
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    const terminate = () =>
      admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [
        `faults_${process.pid}`,
      ]);
    try {
      for (let i = 0; i < 8; i++) assert.equal((await signUp(cloud, `warm.${i}@example.com`)).status, 200);
      // Busy ones: ended while sign-ups run on them. Each answer is a success or a clean 503, never a crash.
      const statuses = await Promise.all([
        ...Array.from({ length: 24 }, (_, i) => signUp(cloud, `busy.${i}@example.com`).then((r) => r.status)),
        terminate().then(() => 0),
        new Promise((resolve) => setTimeout(resolve, 30)).then(terminate).then(() => 0),
      ]);
      assert.ok(
        statuses.every((status) => status === 0 || status === 200 || status === 503),
        `answers: ${statuses.join(', ')}`,
      );
      // Idle ones: every pooled connection ended between requests (after a burst filled the pool).
      await Promise.all(Array.from({ length: 16 }, (_, i) => signUp(cloud, `burst.${i}@example.com`)));
      await terminate();
      assert.equal((await signUp(cloud, 'after.idle@example.com')).status, 200, 'a dropped idle connection is replaced');
      assert.equal(cloud.child.exitCode, null, `the process is alive:\n${cloud.output().slice(-2000)}`);
      assert.ok(await signsIn(cloud, 'warm.0@example.com'));
    } finally {
      await admin.end();
    }
  });

  test('while Postgres is down: 503 with the reason, /health says why; after its restart it serves again', async () => {
    assert.equal((await signUp(cloud, 'before.restart@example.com')).status, 200);
    await cluster.shutDown();
    try {
      const during = await signUp(cloud, 'during.restart@example.com');
      assert.equal(during.status, 503);
      assert.match(((await during.json()) as { message: string }).message, /unavailable: the database/);
      const down = await health(cloud);
      assert.equal(down.status, 503);
      assert.match(down.body.reason ?? '', /database/);
    } finally {
      await cluster.startUp();
    }
    await recovered(cloud);
    assert.equal((await signUp(cloud, 'after.restart@example.com')).status, 200);
    assert.ok(await signsIn(cloud, 'before.restart@example.com'), 'what was written before the restart is there');
    assert.equal(cloud.child.exitCode, null);
  });
});

/** A small filesystem of its own (tmpfs) that a test can fill up; needs root. */
async function smallDisk(megabytes: number): Promise<{ dir: string; unmount(): Promise<void> } | string> {
  if (process.getuid?.() !== 0) return 'needs root to mount a small tmpfs';
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lc-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700`, 'tmpfs', dir]);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    return `cannot mount a tmpfs here: ${(err as Error).message.split('\n')[0]}`;
  }
  return {
    dir,
    unmount: async () => {
      await run('umount', ['-l', dir]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Fills the filesystem holding `dir` to the last block. */
async function fill(dir: string): Promise<string> {
  const file = path.join(dir, 'filler');
  // dd stops, failing, at the first block that does not fit.
  await run('dd', ['if=/dev/zero', `of=${file}`, 'bs=1M', 'count=100000']).catch(() => undefined);
  await run('dd', ['if=/dev/zero', `of=${file}`, 'bs=4k', 'count=100000', 'oflag=append', 'conv=notrunc']).catch(() => undefined);
  return file;
}

for (const backend of ['pglite', 'postgres'] as const) {
  describe(`a full disk (${backend})`, { skip: backend === 'postgres' ? (pgReason ?? false) : false }, async () => {
    const disk = await smallDisk(backend === 'pglite' ? 96 : 24);
    if (typeof disk === 'string') {
      test('skipped', { skip: disk }, () => undefined);
      return;
    }
    let cluster: TempPostgres | undefined;
    let cloud: CloudProcess;
    const dataDir = path.join(disk.dir, 'data');
    let databaseUrl = '';
    before(async () => {
      await mkdir(dataDir);
      if (backend === 'postgres') {
        cluster = await startTempPostgres();
        databaseUrl = await cluster.createMigratedDatabase(`disk_${process.pid}`);
      }
      cloud = await spawnLocalCloud({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AUTH_AUTOCONFIRM: 'true' });
    });
    after(async () => {
      await cloud?.stop();
      await cluster?.stop();
      await disk.unmount();
    });

    const acknowledged: string[] = [];
    test('answers 503 with the reason, /health says why, and freeing space brings it back', async () => {
      assert.equal((await signUp(cloud, 'before.full@example.com')).status, 200);
      acknowledged.push('before.full@example.com');
      const filler = await fill(disk.dir);
      const emails = Array.from({ length: 6 }, (_, i) => `during.full.${i}@example.com`);
      const statuses = await Promise.all(emails.map((email) => signUp(cloud, email).then((r) => r.status)));
      // A write either fails with 503 or is kept: PGlite may still have room in its WAL, and
      // Postgres keeps its database on another disk.
      assert.ok(
        statuses.every((status) => status === 200 || status === 503),
        `answers while full: ${statuses.join(', ')}`,
      );
      emails.forEach((email, i) => statuses[i] === 200 && acknowledged.push(email));
      // Stored files live in the data directory on either backend.
      const owner = cloud.client();
      await owner.auth.signInWithPassword({ email: 'before.full@example.com', password: 'secret-123' });
      const userId = (await owner.auth.getUser()).data.user?.id;
      const png = new Uint8Array(64 * 1024);
      png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const upload = await owner.storage.from('portfolio-images').upload(`${userId}/full.png`, png, { contentType: 'image/png' });
      assert.equal((upload.error as { statusCode?: string } | null)?.statusCode, '503');
      assert.match(upload.error?.message ?? '', /disk is full/);
      const down = await health(cloud);
      assert.equal(down.status, 503, 'health answers, and says the service is down');
      assert.match(down.body.reason ?? '', /full/);
      await rm(filler);
      await recovered(cloud);
      assert.equal((await signUp(cloud, 'after.full@example.com')).status, 200);
      acknowledged.push('after.full@example.com');
      assert.equal(cloud.child.exitCode, null);
    });

    test('restarts cleanly afterwards, with every acknowledged account', async () => {
      await cloud.stop();
      cloud = await spawnLocalCloud({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AUTH_AUTOCONFIRM: 'true' });
      for (const email of acknowledged) assert.ok(await signsIn(cloud, email), `${email} signs in`);
    });
  });
}

/** A system user other than root (root writes anywhere, whatever the mode): the Postgres packages' own. */
async function unprivilegedUser(): Promise<{ uid: number; gid: number } | string> {
  if (process.getuid?.() !== 0) return 'needs root to run local-cloud as another user';
  try {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    return { uid, gid };
  } catch {
    return 'no "postgres" system user to run local-cloud as';
  }
}

describe('a data directory that stops being writable', async () => {
  const user = await unprivilegedUser();
  if (typeof user === 'string') {
    test('skipped', { skip: user }, () => undefined);
    return;
  }
  let cloud: CloudProcess;
  let dataDir: string;
  before(async () => {
    const parent = await tempDir();
    await chmod(parent, 0o755);
    dataDir = path.join(parent, 'data');
    await mkdir(dataDir);
    // A migrated database, the unprivileged user's like the folder: a start in seconds, not a migration run.
    withMigratedPglite(dataDir);
    await chown(dataDir, user.uid, user.gid);
    for (const entry of await readdir(dataDir, { recursive: true })) await chown(path.join(dataDir, entry), user.uid, user.gid);
    cloud = await spawnLocalCloud({ DATA_DIR: dataDir, AUTH_AUTOCONFIRM: 'true' }, { user });
  });
  after(() => cloud?.stop());

  test('/health says it is not writable, and it serves again once it is, without a restart', async () => {
    assert.equal((await signUp(cloud, 'before.ro@example.com')).status, 200);
    await chmod(dataDir, 0o500);
    try {
      const down = await health(cloud);
      assert.equal(down.status, 503);
      assert.match(down.body.reason ?? '', /not writable/);
    } finally {
      await chmod(dataDir, 0o700);
    }
    await recovered(cloud);
    assert.equal((await signUp(cloud, 'after.ro@example.com')).status, 200);
    assert.ok(await signsIn(cloud, 'before.ro@example.com'));
    assert.equal(cloud.child.exitCode, null);
  });
});
