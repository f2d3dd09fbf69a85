import { PGlite } from '@electric-sql/pglite';
import type { Database, JwtClaims, Queryable } from '../context.ts';
import { SerialQueue } from './queue.ts';
import { actAs } from './claimsSql.ts';
import type { ScriptRunner } from './types.ts';

/** PGlite runs one statement at a time, so every transaction goes through one FIFO queue. */
export async function openPglite(dir: string): Promise<Database & ScriptRunner> {
  let pg = new PGlite(dir);
  await pg.waitReady;
  const queue = new SerialQueue();
  let closed = false;
  // Kept so a reopened instance (checkHealth) listens again.
  const listeners = new Map<string, Set<() => void>>();
  const listenOn = (instance: PGlite, channel: string) =>
    instance.listen(channel, () => {
      for (const onNotify of listeners.get(channel) ?? []) onNotify();
    });

  const tx: Queryable = {
    async query<R = Record<string, unknown>>(sql: string, params?: unknown[]) {
      const res = await pg.query<R>(sql, params ?? []);
      const affected = res.affectedRows ?? 0;
      return { rows: res.rows, rowCount: affected > 0 ? affected : res.rows.length };
    },
  };

  async function inTransaction<T>(prelude: (q: Queryable) => Promise<void>, fn: (q: Queryable) => Promise<T>): Promise<T> {
    if (closed) throw new Error('database is closed');
    return queue.run(async () => {
      await pg.exec('begin');
      try {
        await prelude(tx);
        const out = await fn(tx);
        await pg.exec('commit');
        return out;
      } catch (err) {
        await pg.exec('rollback').catch(() => undefined);
        throw err;
      }
    });
  }

  return {
    kind: 'pglite',
    asOwner: (fn) => inTransaction(async () => undefined, fn),
    withClaims: <T>(claims: JwtClaims, fn: (q: Queryable) => Promise<T>) => inTransaction((q) => actAs(q, claims), fn),
    execScript: (sql: string) =>
      queue.run(async () => {
        await pg.exec(sql);
      }),
    checkHealth: () =>
      queue.run(async () => {
        if (closed) throw new Error('database is closed');
        try {
          await pg.query('select 1');
          return;
        } catch {
          // After a fatal error (a WAL write that failed on a full or read-only disk) the embedded
          // Postgres stays down: a new instance replays the WAL from the last good commit.
        }
        await pg.close().catch(() => undefined);
        const reopened = new PGlite(dir);
        await reopened.waitReady;
        await reopened.query('select 1');
        for (const channel of listeners.keys()) await listenOn(reopened, channel);
        pg = reopened;
        for (const callbacks of listeners.values()) for (const onNotify of callbacks) onNotify();
      }),
    listen: (channel, onNotify) =>
      queue.run(async () => {
        let callbacks = listeners.get(channel);
        if (!callbacks) {
          callbacks = new Set();
          listeners.set(channel, callbacks);
          await listenOn(pg, channel);
        }
        callbacks.add(onNotify);
        return async () => {
          callbacks.delete(onNotify);
        };
      }),
    async close() {
      if (closed) return;
      closed = true;
      await queue.drain();
      await pg.close();
    },
  };
}
