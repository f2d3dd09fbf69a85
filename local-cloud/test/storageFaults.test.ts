// Storage and rows through a crash (kill -9 in the middle of overwrites and inserts), and Storage's
// smaller promises: files for the owner's eyes only, bodies capped while read, the content type as
// sent, the uploader's metadata kept, unknown routes answered as unknown, private folders unlisted.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { JOURNEY_BACKENDS, skipFor, startTestCloud, stopClusters, type TestCloud } from './support/cloud.ts';
import { postgresUnavailableReason, startTempPostgres, type TempPostgres } from './support/postgres.ts';
import { spawnLocalCloud, tempDirs, type CloudProcess } from './support/process.ts';

after(stopClusters);
const tempDir = tempDirs('lc-crash-');

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** A PNG (magic bytes first) whose body says which write made it. */
function pngSaying(text: string): Uint8Array {
  const body = new TextEncoder().encode(text.padEnd(20_000, '.'));
  const bytes = new Uint8Array(8 + body.length);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  bytes.set(body, 8);
  return bytes;
}

async function confirmedUser(cloud: CloudProcess, email: string): Promise<{ client: SupabaseClient; id: string }> {
  const client = cloud.client();
  const { error } = await client.auth.signUp({ email, password: 'secret-123' });
  assert.equal(error, null);
  const session = await client.auth.signInWithPassword({ email, password: 'secret-123' });
  assert.equal(session.error, null);
  return { client, id: session.data.user!.id };
}

const pgReason = postgresUnavailableReason();

for (const backend of ['pglite', 'postgres'] as const) {
  describe(
    `kill -9 during writes and storage overwrites (${backend})`,
    { skip: backend === 'postgres' ? (pgReason ?? false) : false },
    () => {
      let cluster: TempPostgres | undefined;
      let databaseUrl = '';
      let dataDir: string;
      before(async () => {
        dataDir = await tempDir();
        if (backend === 'postgres') {
          cluster = await startTempPostgres();
          databaseUrl = await cluster.createMigratedDatabase(`crash_${process.pid}`);
        }
      });
      after(() => cluster?.stop());

      test('after the restart every acknowledged row and object is there, whole, with a matching ETag', async () => {
        const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AUTH_AUTOCONFIRM: 'true' };
        let cloud = await spawnLocalCloud(env);
        const user = await confirmedUser(cloud, 'crash@example.com');
        const keys = Array.from({ length: 6 }, (_, i) => `${user.id}/crash/${i}.png`);
        // Per key: what the server acknowledged last, and what was in flight when it died.
        const acknowledged = new Map<string, string>();
        const inFlight = new Map<string, string>();
        const rows: string[] = [];
        let stop = false;
        const overwrite = async (key: string) => {
          for (let round = 0; !stop; round++) {
            const text = `${key} round ${round}`;
            inFlight.set(key, text);
            const { error } = await user.client.storage
              .from('portfolio-images')
              .upload(key, pngSaying(text), { upsert: true, contentType: 'image/png' });
            if (error) return;
            acknowledged.set(key, text);
          }
        };
        const insertRows = async () => {
          for (let i = 0; !stop; i++) {
            const { data, error } = await user.client
              .from('portfolios')
              .insert({ template_id: '1', title: `row ${i}` })
              .select('id')
              .single();
            if (error) return;
            rows.push(data.id as string);
          }
        };
        const writers = [...keys.map(overwrite), insertRows(), insertRows()];
        // Killed mid-write once every key has been acknowledged at least once (however slow the machine),
        // and a moment later, so writes are in flight.
        for (const deadline = Date.now() + 60_000; !(acknowledged.size === keys.length && rows.length > 0) && Date.now() < deadline;)
          await new Promise((resolve) => setTimeout(resolve, 50));
        await new Promise((resolve) => setTimeout(resolve, 300));
        cloud.child.kill('SIGKILL');
        await cloud.exited;
        stop = true;
        await Promise.allSettled(writers);
        assert.ok(acknowledged.size === keys.length && rows.length > 0, 'writes were acknowledged before the crash');

        cloud = await spawnLocalCloud(env);
        try {
          const again = cloud.client();
          assert.equal((await again.auth.signInWithPassword({ email: 'crash@example.com', password: 'secret-123' })).error, null);
          for (const key of keys) {
            const { data, error } = await again.storage.from('portfolio-images').download(key);
            assert.equal(error, null, key);
            const bytes = new Uint8Array(await data!.arrayBuffer());
            const text = new TextDecoder().decode(bytes.subarray(8)).replace(/\.+$/, '');
            assert.ok(
              [acknowledged.get(key), inFlight.get(key)].includes(text),
              `${key}: "${text}" was neither acknowledged last nor in flight`,
            );
            const info = await again.storage.from('portfolio-images').info(key);
            assert.equal(info.data?.etag, `"${md5(bytes)}"`, `${key}: the ETag matches the bytes`);
          }
          // All of the user's rows (RLS shows only theirs): an `in` list of hundreds of ids outgrows a URL.
          const { data: kept, error: keptError } = await again.from('portfolios').select('id');
          assert.equal(keptError, null);
          const keptIds = new Set(kept!.map((row) => row.id as string));
          assert.deepEqual(
            rows.filter((id) => !keptIds.has(id)),
            [],
            'every acknowledged row survived',
          );
          // Nothing half-written is left: no staging files, and a file for each object, no more.
          assert.deepEqual(await readdir(path.join(dataDir, 'storage', '.tmp')).catch(() => []), []);
          const files = await readdir(path.join(dataDir, 'storage', 'objects', 'portfolio-images'));
          assert.equal(files.length, keys.length);
        } finally {
          await cloud.stop();
        }

        if (backend === 'postgres') {
          const db = new pg.Client({ connectionString: databaseUrl });
          await db.connect();
          try {
            await db.query('create extension if not exists amcheck');
            const indexes = await db.query<{ oid: number; name: string }>(
              `select c.oid, c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
               join pg_namespace n on n.oid = c.relnamespace join pg_am a on a.oid = c.relam
              where a.amname = 'btree' and n.nspname in ('public', 'auth', 'storage', 'local_cloud')`,
            );
            for (const index of indexes.rows) await db.query('select bt_index_check($1::regclass, true)', [index.oid]);
            const tables = await db.query<{ oid: number; name: string }>(
              `select c.oid, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where c.relkind = 'r' and n.nspname in ('public', 'auth', 'storage', 'local_cloud')`,
            );
            for (const table of tables.rows) {
              const problems = await db.query('select * from verify_heapam($1::regclass)', [table.oid]);
              assert.deepEqual(problems.rows, [], `heap of ${table.name}`);
            }
            assert.ok(indexes.rows.length > 0 && tables.rows.length > 0);
          } finally {
            await db.end();
          }
        }
      });
    },
  );
}

for (const backend of JOURNEY_BACKENDS) {
  describe(`storage's smaller promises (${backend})`, { skip: skipFor(backend) }, () => {
    let cloud: TestCloud;
    let alice: SupabaseClient;
    let aliceId: string;
    before(async () => {
      cloud = await startTestCloud(backend, { autoconfirm: true });
      alice = cloud.client();
      const email = `alice.${Date.now()}@example.com`;
      await alice.auth.signUp({ email, password: 'secret-123' });
      aliceId = (await alice.auth.getUser()).data.user!.id;
      await cloud.ctx.db.asOwner((tx) =>
        tx.query(`insert into storage.buckets (id, name, public) values ('notes', 'notes', false) on conflict do nothing`),
      );
    });
    after(() => cloud?.stop());

    test("stored files are the owner's alone (0600 in 0700 folders)", async () => {
      const { error } = await alice.storage
        .from('portfolio-images')
        .upload(`${aliceId}/mode.png`, pngSaying('mode'), { contentType: 'image/png' });
      assert.equal(error, null);
      const folder = path.join(cloud.ctx.config.dataDir, 'storage', 'objects', 'portfolio-images');
      assert.equal((await stat(folder)).mode & 0o777, 0o700);
      for (const file of await readdir(folder)) assert.equal((await stat(path.join(folder, file))).mode & 0o777, 0o600);
    });

    test('a download has the bare type uploaded (no charset, which a copy could not check); info returns the uploader metadata', async () => {
      const service = cloud.serviceClient();
      const text = new Blob(['héllo'], { type: 'text/plain;charset=utf-8' });
      const up = await service.storage.from('notes').upload('hello.txt', text, { metadata: { topic: 'greeting', n: 1 } });
      assert.equal(up.error, null);
      const res = await fetch(`${cloud.url}/storage/v1/object/notes/hello.txt`, {
        headers: { apikey: cloud.keys.serviceRoleKey, authorization: `Bearer ${cloud.keys.serviceRoleKey}` },
      });
      assert.equal(res.headers.get('content-type'), 'text/plain');
      assert.equal(await res.text(), 'héllo');
      const info = await service.storage.from('notes').info('hello.txt');
      assert.equal(info.error, null);
      assert.deepEqual(info.data?.metadata, { topic: 'greeting', n: 1 });
      assert.equal(info.data?.contentType, 'text/plain');
    });

    test('a chunked JSON body past the limit is refused while it is read', async () => {
      let sent = 0;
      const chunk = new TextEncoder().encode(`{"prefix":"${'x'.repeat(64 * 1024)}`);
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += chunk.byteLength;
          if (sent > 64 * 1024 * 1024) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const res = await fetch(`${cloud.url}/storage/v1/object/list/notes`, {
        method: 'POST',
        headers: { apikey: cloud.keys.anonKey, authorization: `Bearer ${cloud.keys.serviceRoleKey}`, 'content-type': 'application/json' },
        body: endless,
        duplex: 'half',
      } as RequestInit);
      const answer = (await res.json()) as { statusCode: string };
      assert.equal(answer.statusCode, '413');
      assert.ok(sent < 16 * 1024 * 1024, `stopped reading early (${sent} bytes sent)`);
    });

    test('a route Storage has but this stand-in does not serve is "not found", not a missing bucket', async () => {
      const res = await fetch(`${cloud.url}/storage/v1/object/copy`, {
        method: 'PATCH',
        headers: { apikey: cloud.keys.anonKey, authorization: `Bearer ${cloud.keys.serviceRoleKey}` },
      });
      const answer = (await res.json()) as { statusCode: string; message: string };
      assert.equal(answer.statusCode, '404');
      assert.doesNotMatch(answer.message, /Bucket not found/);
    });

    test("the anon key lists no one's folders of unpublished work", async () => {
      await alice.storage.from('portfolio-images').upload(`${aliceId}/draft/pic.png`, pngSaying('private'), { contentType: 'image/png' });
      const anon = cloud.client().storage.from('portfolio-images');
      assert.deepEqual((await anon.list('')).data, []);
      assert.deepEqual((await anon.list(aliceId)).data, []);
      assert.ok(((await alice.storage.from('portfolio-images').list(aliceId)).data ?? []).length > 0, 'the owner sees them');
    });
  });
}
