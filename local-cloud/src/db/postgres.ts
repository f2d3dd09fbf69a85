import pg from 'pg';
import type { Database, JwtClaims, Queryable } from '../context.ts';
import { unavailableReason } from '../serviceHealth.ts';
import { actAs } from './claimsSql.ts';
import type { ScriptRunner } from './types.ts';

// Keep timestamps and bigints as Postgres prints them, like PGlite's JSON output paths do.
const { types } = pg;
types.setTypeParser(20, (v: string) => {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
});

const POOL_SIZE = 16;

/** A real Postgres behind a pool: each transaction takes its own connection. */
export async function openPostgres(url: string): Promise<Database & ScriptRunner> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: 5000 });
  // A connection Postgres drops (pg_terminate_backend, a restart) emits 'error' on its client, idle
  // or checked out; without a listener that would end the process. The failing query rejects anyway.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const probe = await pool.connect();
  probe.release();
  const listening = new Set<() => Promise<void>>();
  const listenPostgres = async (connectionString: string, channel: string, onNotify: () => void) => {
    const stop = await listenOnOwnConnection(connectionString, channel, onNotify);
    const stopOnce = async () => {
      listening.delete(stopOnce);
      await stop();
    };
    listening.add(stopOnce);
    return stopOnce;
  };

  /** A pooled connection inside `begin`. */
  async function begin(): Promise<pg.PoolClient> {
    // A pooled connection Postgres dropped while idle shows only on use: it is discarded and the next
    // one tried; every idle one may be dead (a restart), so up to the pool's size. When Postgres is
    // down, connecting itself fails and that error goes to the caller.
    for (let attempt = 0; ; attempt++) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        return client;
      } catch (err) {
        client.release(true);
        if (attempt >= POOL_SIZE || !unavailableReason(err)) throw err;
      }
    }
  }

  async function inTransaction<T>(prelude: (q: Queryable) => Promise<void>, fn: (q: Queryable) => Promise<T>): Promise<T> {
    const client = await begin();
    const q: Queryable = {
      async query<R = Record<string, unknown>>(sql: string, params?: unknown[]) {
        const res = await client.query(sql, params ?? []);
        return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
      },
    };
    let broken = false;
    try {
      await prelude(q);
      const out = await fn(q);
      await client.query('commit');
      return out;
    } catch (err) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  }

  return {
    kind: 'postgres',
    asOwner: (fn) => inTransaction(async () => undefined, fn),
    withClaims: <T>(claims: JwtClaims, fn: (q: Queryable) => Promise<T>) => inTransaction((q) => actAs(q, claims), fn),
    async execScript(sql: string) {
      const client = await pool.connect();
      try {
        await client.query(sql);
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async checkHealth() {
      const client = await pool.connect();
      try {
        await client.query('select 1');
        client.release();
      } catch (err) {
        client.release(true);
        throw err;
      }
    },
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    close: async () => {
      await Promise.all([...listening].map((stop) => stop()));
      await pool.end();
    },
  };
}

/**
 * LISTEN needs a connection of its own, outside the pool, held for as long as it listens. A lost one
 * (Postgres restarted, the backend terminated) is replaced a second later, then onNotify is called
 * once: notifications sent meanwhile are gone.
 */
async function listenOnOwnConnection(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on('error', () => {
      next.end().catch(() => undefined);
      // Errors before it listened reject connect() instead, and its caller retries.
      if (client !== next) return;
      client = undefined;
      if (!stopped) retry = setTimeout(reconnect, 1000);
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const reconnect = () => {
    connect().then(onNotify, () => {
      if (!stopped) retry = setTimeout(reconnect, 1000);
    });
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
