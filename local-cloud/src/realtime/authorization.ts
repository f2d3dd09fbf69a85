// Realtime Authorization for private channels, as Realtime asks the database: with `realtime.topic()`
// set to the channel's topic and the caller's role and claims in force, a probe row of
// realtime.messages per extension that the caller can select means "may receive", one the caller can
// insert means "may send". Every probe is rolled back.
import type { Database, JwtClaims, Queryable } from '../context.ts';
import { actAs } from '../db/claimsSql.ts';

export type Extension = 'broadcast' | 'presence';

async function asCaller<T>(q: Queryable, claims: JwtClaims, topic: string, run: () => Promise<T>): Promise<T> {
  await q.query("select set_config('realtime.topic', $1, true)", [topic]);
  await actAs(q, claims);
  return run();
}

/** Which extensions the caller may receive on the private topic. */
export async function readableExtensions(db: Database, claims: JwtClaims, topic: string): Promise<Set<Extension>> {
  return db.asOwner(async (q) => {
    await q.query('savepoint realtime_read');
    try {
      const { rows: probes } = await q.query<{ id: string; extension: Extension }>(
        `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true), ($1, 'presence', true)
         returning id, extension`,
        [topic],
      );
      const { rows } = await asCaller(q, claims, topic, () =>
        q.query<{ id: string }>('select id from realtime.messages where id = any($1::uuid[])', [probes.map((probe) => probe.id)]),
      );
      const seen = new Set(rows.map((row) => row.id));
      return new Set(probes.filter((probe) => seen.has(probe.id)).map((probe) => probe.extension));
    } finally {
      await q.query('rollback to savepoint realtime_read');
    }
  });
}

/** Whether the caller may send (broadcast, or track presence) on the private topic. */
export async function maySend(db: Database, claims: JwtClaims, topic: string, extension: Extension): Promise<boolean> {
  return db.asOwner(async (q) => {
    await q.query('savepoint realtime_write');
    try {
      await asCaller(q, claims, topic, () =>
        q.query('insert into realtime.messages (topic, extension, private) values ($1, $2, true)', [topic, extension]),
      );
      return true;
    } catch (err) {
      // insufficient_privilege: the policies refuse; anything else is a real failure.
      if ((err as { code?: string }).code === '42501') return false;
      throw err;
    } finally {
      await q.query('rollback to savepoint realtime_write');
    }
  });
}
