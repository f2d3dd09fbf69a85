import type { Database } from '../context.ts';

export interface ColumnInfo {
  name: string;
  type: string;
}
export interface TableInfo {
  name: string;
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
}
/** A single-column foreign key between two exposed tables. */
export interface Relation {
  fromTable: string;
  fromColumn: string;
  toTable: string;
  toColumn: string;
}
export interface FunctionInfo {
  name: string;
  args: { name: string; type: string }[];
  returnsSet: boolean;
  /** true when the result is a row type (table or composite), returned as an array of objects. */
  returnsRows: boolean;
  returnsVoid: boolean;
}

export interface Catalog {
  tables: Map<string, TableInfo>;
  relations: Relation[];
  functions: Map<string, FunctionInfo>;
}

export const EXPOSED_SCHEMA = 'public';

async function loadCatalog(db: Database): Promise<Catalog> {
  return db.asOwner(async (tx) => {
    const cols = await tx.query<{ table_name: string; column_name: string; type: string }>(
      `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid
        where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f') and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
      [EXPOSED_SCHEMA],
    );
    const pks = await tx.query<{ table_name: string; column_name: string }>(
      `select c.relname as table_name, a.attname as column_name
         from pg_index i
         join pg_class c on c.oid = i.indrelid
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
        where i.indisprimary and n.nspname = $1
        order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
      [EXPOSED_SCHEMA],
    );
    const fks = await tx.query<Relation>(
      `select fc.relname as "fromTable", fa.attname as "fromColumn", tc.relname as "toTable", ta.attname as "toColumn"
         from pg_constraint con
         join pg_class fc on fc.oid = con.conrelid
         join pg_namespace fn on fn.oid = fc.relnamespace
         join pg_class tc on tc.oid = con.confrelid
         join pg_namespace tn on tn.oid = tc.relnamespace
         join pg_attribute fa on fa.attrelid = fc.oid and fa.attnum = con.conkey[1]
         join pg_attribute ta on ta.attrelid = tc.oid and ta.attnum = con.confkey[1]
        where con.contype = 'f' and array_length(con.conkey, 1) = 1 and fn.nspname = $1 and tn.nspname = $1`,
      [EXPOSED_SCHEMA],
    );
    const fns = await tx.query<{
      name: string;
      argnames: string[] | null;
      argtypes: string[];
      retset: boolean;
      rettype: string;
      rettyptype: string;
      modes: string[] | null;
    }>(
      `select p.proname as name,
              array_to_json(p.proargnames) as argnames,
              array_to_json(array(select format_type(t, null) from unnest(p.proargtypes) t)) as argtypes,
              p.proretset as retset,
              format_type(p.prorettype, null) as rettype,
              (select typtype::text from pg_type where oid = p.prorettype) as rettyptype,
              array_to_json(p.proargmodes::text[]) as modes
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = $1 and p.prokind = 'f'`,
      [EXPOSED_SCHEMA],
    );

    const tables = new Map<string, TableInfo>();
    for (const c of cols.rows) {
      let t = tables.get(c.table_name);
      if (!t) tables.set(c.table_name, (t = { name: c.table_name, columns: new Map(), primaryKey: [] }));
      t.columns.set(c.column_name, { name: c.column_name, type: c.type });
    }
    for (const pk of pks.rows) tables.get(pk.table_name)?.primaryKey.push(pk.column_name);

    const functions = new Map<string, FunctionInfo>();
    for (const f of fns.rows) {
      if (f.rettype === 'trigger' || f.rettype === 'event_trigger') continue;
      // IN arguments are callable; OUT and TABLE ones are columns of the answer (as PostgREST reads
      // `returns table (...)`). INOUT and VARIADIC ones are not offered.
      if (f.modes && f.modes.some((m) => m !== 'i' && m !== 'o' && m !== 't')) continue;
      if (functions.has(f.name)) continue; // overloads: the first wins; this app defines none
      const names = (f.argnames ?? []).filter((_, i) => !f.modes || f.modes[i] === 'i');
      functions.set(f.name, {
        name: f.name,
        args: f.argtypes.map((type, i) => ({ name: names[i] ?? '', type })),
        returnsSet: f.retset,
        // `returns table (one_column …)` is a set of that column's type to Postgres, but PostgREST
        // (since 8.0.1) answers it as rows, [{one_column: …}], as for any TABLE or composite result.
        returnsRows: f.rettyptype === 'c' || f.rettype === 'record' || (f.modes ?? []).includes('t'),
        returnsVoid: f.rettype === 'void',
      });
    }
    return { tables, relations: fks.rows, functions };
  });
}

/** The schema cache: reloaded when a request names something it does not know (at most every 2 s). */
export class SchemaCache {
  private catalog: Promise<Catalog> | null = null;
  private loadedAt = 0;

  constructor(private readonly db: Database) {}

  async get(): Promise<Catalog> {
    if (!this.catalog) {
      this.loadedAt = Date.now();
      this.catalog = loadCatalog(this.db).catch((err: unknown) => {
        this.catalog = null;
        throw err;
      });
    }
    return this.catalog;
  }

  /** Looks something up, reloading once if it is missing and the cache is not fresh. */
  async lookup<T>(find: (c: Catalog) => T | undefined): Promise<T | undefined> {
    const found = find(await this.get());
    if (found !== undefined || Date.now() - this.loadedAt < 2000) return found;
    this.catalog = null;
    return find(await this.get());
  }
}

/** Quotes an identifier that has already been checked against the catalog. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (name: string) => `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(name)}`;
