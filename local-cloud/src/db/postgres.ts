import pg from 'pg';
import type { Database, JwtClaims, Queryable } from '../context.ts';
import { actAs } from './claims-sql.ts';
import type { ScriptRunner } from './types.ts';

// Keep timestamps and bigints as Postgres prints them, like PGlite's JSON output paths do.
const { types } = pg;
types.setTypeParser(20, (v: string) => {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
});

/** A real Postgres behind a pool: each transaction takes its own connection. */
export async function openPostgres(url: string): Promise<Database & ScriptRunner> {
  const pool = new pg.Pool({ connectionString: url, max: 16 });
  pool.on('error', () => undefined); // idle client errors must not kill the process
  const probe = await pool.connect();
  probe.release();

  async function inTransaction<T>(prelude: (q: Queryable) => Promise<void>, fn: (q: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    const q: Queryable = {
      async query<R = Record<string, unknown>>(sql: string, params?: unknown[]) {
        const res = await client.query(sql, params ?? []);
        return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
      },
    };
    let broken = false;
    try {
      await client.query('begin');
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
    close: () => pool.end(),
  };
}
