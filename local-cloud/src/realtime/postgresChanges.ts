// Postgres Changes: committed INSERT, UPDATE and DELETE on the tables of the `supabase_realtime`
// publication, sent to each subscriber that may see them, as Supabase Realtime's WALRUS decides:
// the subscriber's filters on the row, then (tables with RLS, not for DELETE) a select of the row by
// its primary key as the subscriber's role and JWT claims. A DELETE carries only the primary key
// when the table has RLS (it cannot be checked: the row is gone). Here the writes are seen through
// triggers (REALTIME_SCHEMA_SQL), not the WAL.
import type { Database, JwtClaims, LocalCloudContext, Queryable } from '../context.ts';
import { actAs } from '../db/claimsSql.ts';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';
const FILTER_OPS = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=', in: '= any' } as const;
type FilterOp = keyof typeof FILTER_OPS;

interface Filter {
  column: string;
  op: FilterOp;
  /** A list for `in`. */
  value: string | string[];
}

/** One `postgres_changes` entry of a join's config, with the id the join reply gave it. */
export interface ChangesBinding {
  id: number;
  event?: unknown;
  schema?: unknown;
  table?: unknown;
  filter?: unknown;
}

export interface ChangeData {
  schema: string;
  table: string;
  commit_timestamp: string;
  type: ChangeType;
  columns: { name: string; type: string }[];
  record?: Record<string, unknown>;
  old_record?: Record<string, unknown>;
  errors: null;
}

/** A joined channel, as the change feed sees it. */
export interface ChangesSubscriber {
  claims(): JwtClaims;
  deliverChange(ids: number[], data: ChangeData): void;
}

interface Subscription {
  id: number;
  subscriber: ChangesSubscriber;
  event: '*' | ChangeType;
  filters: Filter[];
}

interface TableInfo {
  schema: string;
  table: string;
  qualified: string;
  columns: { name: string; type: string }[];
  primaryKey: string[];
  /** The columns an UPDATE's or DELETE's old row carries (REPLICA IDENTITY). */
  identity: string[];
  rls: boolean;
}

interface CapturedChange {
  id: number;
  schema_name: string;
  table_name: string;
  type: ChangeType;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  committed: string;
}

const CHANNEL = 'local_cloud_realtime';
const TRIGGER = 'local_cloud_realtime';
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export class SubscribeError extends Error {}

function parseFilters(text: string): Filter[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  // Commas inside in.(…) belong to the list; the others join filters (AND), as Realtime reads them.
  const segments: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of trimmed) {
    if (char === '(') depth++;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      segments.push(current);
      current = '';
    } else current += char;
  }
  segments.push(current);
  return segments.map((segment) => {
    const equals = segment.indexOf('=');
    const dot = segment.indexOf('.', equals + 1);
    const parts = equals < 0 ? [segment] : dot < 0 ? [segment.slice(equals + 1)] : [segment.slice(equals + 1, dot), segment.slice(dot + 1)];
    const op = parts[0] as FilterOp;
    if (equals <= 0 || parts.length !== 2 || !(op in FILTER_OPS)) {
      throw new SubscribeError(`Error parsing \`filter\` params: [${parts.map((part) => JSON.stringify(part)).join(', ')}]`);
    }
    const raw = parts[1];
    const value =
      op === 'in'
        ? raw
            .replace(/^\(/, '')
            .replace(/\)$/, '')
            .split(',')
            .map((item) => item.trim().replace(/^"(.*)"$/, '$1'))
        : raw;
    return { column: segment.slice(0, equals).trim(), op, value };
  });
}

function describe(event: string, schema: string, table: string, filters: Filter[]): string {
  const shown = filters.map((f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.value)}}`).join(', ');
  return `[event: ${event}, schema: ${schema}, table: ${table}, filters: [${shown}]]`;
}

export class PostgresChanges {
  /** By "schema.table". */
  private readonly subscriptions = new Map<string, Set<Subscription>>();
  private readonly tables = new Map<string, TableInfo>();
  /** "role schema.table" → the columns that role may select, or null: not the table. */
  private readonly selectable = new Map<string, Set<string> | null>();
  private published = '';
  private draining: Promise<void> | null = null;
  private again = false;
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly log: LocalCloudContext['log'],
  ) {}

  async start(): Promise<void> {
    await this.syncTriggers();
    this.stopListening = await this.db.listen(CHANNEL, () => this.drain());
    // What was written while nobody listened (before a restart) is not news to anyone: dropped.
    await this.db.asOwner((q) => q.query('delete from local_cloud.realtime_changes'));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopListening?.();
    await this.draining;
  }

  /**
   * The publication's tables carry the capturing trigger, and no other table does. Run at start and
   * when a join names tables: a migration or test may have changed the publication since.
   */
  private async syncTriggers(): Promise<void> {
    await this.db.asOwner(async (q) => {
      const { rows } = await q.query<{ schema: string; table: string; triggered: boolean }>(
        `select p.schemaname as schema, p.tablename as table,
                exists (select 1 from pg_trigger t where t.tgrelid = format('%I.%I', p.schemaname, p.tablename)::regclass
                          and t.tgname = $1) as triggered
           from pg_publication_tables p where p.pubname = 'supabase_realtime' order by 1, 2`,
        [TRIGGER],
      );
      const signature = rows.map((row) => `${row.schema}.${row.table}`).join(',');
      if (signature === this.published && rows.every((row) => row.triggered)) return;
      for (const row of rows.filter((r) => !r.triggered)) {
        await q.query(
          `create trigger ${TRIGGER} after insert or update or delete on ${quoteIdent(row.schema)}.${quoteIdent(row.table)}
             for each row execute function local_cloud.realtime_capture()`,
        );
      }
      const { rows: stale } = await q.query<{ schema: string; table: string }>(
        `select n.nspname as schema, c.relname as table from pg_trigger t
           join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
          where t.tgname = $1
            and not exists (select 1 from pg_publication_tables p where p.pubname = 'supabase_realtime'
                              and p.schemaname = n.nspname and p.tablename = c.relname)`,
        [TRIGGER],
      );
      for (const row of stale) await q.query(`drop trigger ${TRIGGER} on ${quoteIdent(row.schema)}.${quoteIdent(row.table)}`);
      this.published = signature;
      this.tables.clear();
      this.selectable.clear();
    });
  }

  /**
   * Subscribes a channel's bindings; throws SubscribeError with Realtime's words when one cannot be
   * (then none is). The table may be `*` (every published table of the schema), as Realtime allows.
   */
  async subscribe(subscriber: ChangesSubscriber, bindings: ChangesBinding[]): Promise<void> {
    if (bindings.length === 0) return;
    await this.syncTriggers();
    const planned: { key: string; subscription: Subscription }[] = [];
    for (const binding of bindings) {
      const schema = typeof binding.schema === 'string' ? binding.schema : binding.table === undefined ? '' : 'public';
      const table = typeof binding.table === 'string' ? binding.table : '*';
      if (!schema) {
        throw new SubscribeError(
          `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(binding)}`,
        );
      }
      const upper = typeof binding.event === 'string' ? binding.event.toUpperCase() : '*';
      const event = upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*';
      const filters = typeof binding.filter === 'string' ? parseFilters(binding.filter) : [];
      const matching = await this.db
        .asOwner(async (q) => {
          const { rows } = await q.query<{ schema: string; table: string }>(
            `select schemaname as schema, tablename as table from pg_publication_tables
            where pubname = 'supabase_realtime' and ($1 = '*' or schemaname = $1) and ($2 = '*' or tablename = $2)`,
            [schema, table],
          );
          for (const row of rows) await this.checkFilters(q, await this.tableInfo(q, row.schema, row.table), filters);
          return rows;
        })
        .catch((err: unknown) => {
          if (err instanceof SubscribeError) {
            throw new SubscribeError(
              `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${describe(event, schema, table, filters)}. Exception: ${err.message}`,
            );
          }
          throw err;
        });
      if (matching.length === 0) {
        throw new SubscribeError(
          `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describe(event, schema, table, filters)}`,
        );
      }
      for (const row of matching)
        planned.push({ key: `${row.schema}.${row.table}`, subscription: { id: binding.id, subscriber, event, filters } });
    }
    for (const { key, subscription } of planned) {
      const set = this.subscriptions.get(key) ?? new Set();
      set.add(subscription);
      this.subscriptions.set(key, set);
    }
  }

  unsubscribe(subscriber: ChangesSubscriber): void {
    for (const [key, set] of this.subscriptions) {
      for (const subscription of set) if (subscription.subscriber === subscriber) set.delete(subscription);
      if (set.size === 0) this.subscriptions.delete(key);
    }
  }

  /** A filter names a column of the table, and its value is one of the column's type (Realtime's check too). */
  private async checkFilters(q: Queryable, info: TableInfo, filters: Filter[]): Promise<void> {
    for (const filter of filters) {
      if (!info.columns.some((column) => column.name === filter.column))
        throw new SubscribeError(`invalid column for filter ${filter.column}`);
      await q.query('savepoint filter_value');
      try {
        await q.query(`select ${this.filterSql(info, filter, 1, 2)} from (select null) x`, [null, filter.value]);
        await q.query('release savepoint filter_value');
      } catch (err) {
        await q.query('rollback to savepoint filter_value');
        throw new SubscribeError(err instanceof Error ? err.message : String(err));
      }
    }
  }

  /** SQL true when the row in parameter $recordParam passes the filter whose value is $valueParam. */
  private filterSql(info: TableInfo, filter: Filter, recordParam: number, valueParam: number): string {
    const column = `(jsonb_populate_record(null::${info.qualified}, $${recordParam}::jsonb)).${quoteIdent(filter.column)}`;
    return filter.op === 'in' ? `${column} = any($${valueParam})` : `${column} ${FILTER_OPS[filter.op]} $${valueParam}`;
  }

  private async tableInfo(q: Queryable, schema: string, table: string): Promise<TableInfo> {
    const key = `${schema}.${table}`;
    const known = this.tables.get(key);
    if (known) return known;
    const qualified = `${quoteIdent(schema)}.${quoteIdent(table)}`;
    const { rows: columns } = await q.query<{ name: string; type: string; pkey: boolean; identity: boolean }>(
      `select a.attname as name, t.typname as type,
              coalesce(a.attnum = any(pk.indkey), false) as pkey,
              case c.relreplident
                when 'f' then true
                when 'd' then coalesce(a.attnum = any(pk.indkey), false)
                when 'i' then coalesce(a.attnum = any(ri.indkey), false)
                else false end as identity
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid
         join pg_type t on t.oid = a.atttypid
         left join pg_index pk on pk.indrelid = c.oid and pk.indisprimary
         left join pg_index ri on ri.indrelid = c.oid and ri.indisreplident
        where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
      [qualified],
    );
    const { rows } = await q.query<{ rls: boolean }>('select relrowsecurity as rls from pg_class where oid = $1::regclass', [qualified]);
    const info: TableInfo = {
      schema,
      table,
      qualified,
      columns: columns.map(({ name, type }) => ({ name, type })),
      primaryKey: columns.filter((c) => c.pkey).map((c) => c.name),
      identity: columns.filter((c) => c.identity).map((c) => c.name),
      rls: rows[0]?.rls ?? false,
    };
    this.tables.set(key, info);
    return info;
  }

  /** The columns a role may select (column privileges, as WALRUS's is_selectable), or null without table access. */
  private async selectableColumns(q: Queryable, role: string, info: TableInfo): Promise<Set<string> | null> {
    const key = `${role} ${info.schema}.${info.table}`;
    if (this.selectable.has(key)) return this.selectable.get(key) ?? null;
    const { rows } = await q.query<{ name: string }>(
      `select a.attname as name from pg_attribute a
        where a.attrelid = $2::regclass and a.attnum > 0 and not a.attisdropped
          and has_column_privilege($1, $2::regclass, a.attnum, 'SELECT')`,
      [role, info.qualified],
    );
    const columns = rows.length > 0 ? new Set(rows.map((row) => row.name)) : null;
    this.selectable.set(key, columns);
    return columns;
  }

  /** Reads and removes the captured changes, in commit order, and sends each; one pass at a time. */
  private drain(): void {
    if (this.closed) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = (async () => {
      do {
        this.again = false;
        for (;;) {
          const changes = await this.db.asOwner((q) =>
            q
              .query<CapturedChange>(
                `delete from local_cloud.realtime_changes
                  where id in (select id from local_cloud.realtime_changes order by id limit 100)
                  returning id, schema_name, table_name, type, record, old_record,
                            to_char(committed_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as committed`,
              )
              .then((result) => result.rows.sort((a, b) => Number(a.id) - Number(b.id))),
          );
          if (changes.length === 0) break;
          for (const change of changes) await this.send(change);
        }
      } while (this.again && !this.closed);
    })()
      .catch((err: unknown) =>
        this.log.error('realtime: postgres changes failed', { error: err instanceof Error ? err.message : String(err) }),
      )
      .finally(() => {
        this.draining = null;
        if (this.again) this.drain();
      });
  }

  private async send(change: CapturedChange): Promise<void> {
    const candidates = [...(this.subscriptions.get(`${change.schema_name}.${change.table_name}`) ?? [])].filter(
      (s) => s.event === '*' || s.event === change.type,
    );
    if (candidates.length === 0) return;
    const deliveries = await this.db.asOwner(async (q) => {
      const info = await this.tableInfo(q, change.schema_name, change.table_name);
      const pick = (row: Record<string, unknown> | null, names: Iterable<string>) => {
        const out: Record<string, unknown> = {};
        for (const name of names) if (row && name in row) out[name] = row[name];
        return out;
      };
      const oldIdentity = pick(change.old_record, info.identity);
      // What the filters see: the new row, or for a DELETE the old row's identity columns.
      const filtered = change.type === 'DELETE' ? oldIdentity : (change.record ?? {});
      const bySubscriber = new Map<ChangesSubscriber, { ids: number[]; role: string; columns: Set<string> }>();
      for (const subscription of candidates) {
        const claims = subscription.subscriber.claims();
        const columns = await this.selectableColumns(q, claims.role, info);
        if (!columns) continue;
        if (!(await this.passesFilters(q, info, subscription.filters, filtered))) continue;
        if (info.rls && change.type !== 'DELETE' && !(await this.canSelect(q, info, claims, change.record ?? {}))) continue;
        const entry = bySubscriber.get(subscription.subscriber) ?? { ids: [], role: claims.role, columns };
        entry.ids.push(subscription.id);
        bySubscriber.set(subscription.subscriber, entry);
      }
      return [...bySubscriber].map(([subscriber, { ids, columns }]) => {
        const data: ChangeData = {
          schema: change.schema_name,
          table: change.table_name,
          commit_timestamp: change.committed,
          type: change.type,
          columns: info.columns.filter((column) => columns.has(column.name)),
          errors: null,
        };
        const visible = [...columns];
        if (change.type !== 'DELETE') data.record = pick(change.record, visible);
        if (change.type === 'UPDATE') data.old_record = pick(oldIdentity, visible);
        if (change.type === 'DELETE') {
          // With RLS, nothing but the key: a deleted row cannot be checked against the policies.
          data.old_record = pick(oldIdentity, info.rls ? visible.filter((name) => info.primaryKey.includes(name)) : visible);
        }
        return { subscriber, ids, data };
      });
    });
    for (const { subscriber, ids, data } of deliveries) subscriber.deliverChange(ids, data);
  }

  private async passesFilters(q: Queryable, info: TableInfo, filters: Filter[], row: Record<string, unknown>): Promise<boolean> {
    for (const filter of filters) {
      // A column the row does not carry (a DELETE's non-key columns) fails the filter, as in WALRUS.
      if (!(filter.column in row)) return false;
      const { rows } = await q.query<{ ok: boolean | null }>(`select ${this.filterSql(info, filter, 1, 2)} as ok`, [row, filter.value]);
      if (rows[0]?.ok !== true) return false;
    }
    return true;
  }

  /** Whether the row, looked up by its primary key now, is one the subscriber may select. */
  private async canSelect(q: Queryable, info: TableInfo, claims: JwtClaims, row: Record<string, unknown>): Promise<boolean> {
    if (info.primaryKey.length === 0) return false;
    const keys = info.primaryKey.map((name) => quoteIdent(name));
    // The savepoint takes the role and claims back, and an error in a policy fails only this check.
    await q.query('savepoint as_subscriber');
    try {
      await actAs(q, claims);
      const { rows } = await q.query<{ visible: boolean }>(
        `select exists (select 1 from ${info.qualified} t
           where (${keys.map((k) => `t.${k}`).join(', ')}) = (select ${keys.map((k) => `r.${k}`).join(', ')}
                                                   from jsonb_populate_record(null::${info.qualified}, $1::jsonb) r)) as visible`,
        [row],
      );
      return rows[0]?.visible === true;
    } catch {
      return false;
    } finally {
      await q.query('rollback to savepoint as_subscriber');
    }
  }
}
