import { Hono, type Context } from 'hono';
import type { JwtClaims, LocalCloudContext, MountRoutes, Queryable } from '../context.ts';
import { readJsonBody } from '../http/body.ts';
import { JwtError } from '../jwt.ts';
import { SchemaCache, EXPOSED_SCHEMA, qualified, quoteIdent, type Catalog, type FunctionInfo, type TableInfo } from './catalog.ts';
import { RestError, toRestError } from './errors.ts';
import {
  parseField,
  parseLogic,
  parseNonNegativeInt,
  parseOperation,
  parseOrder,
  parsePrefer,
  parseRangeHeader,
  parseSelect,
  type Condition,
} from './parse.ts';
import { Params, orderSql, projectionSql, requireColumn, whereSql } from './sql.ts';

export const REST_BODY_LIMIT = 1024 * 1024;
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns', 'or', 'and', 'not.or', 'not.and']);
const SINGLE_OBJECT = 'vnd.pgrst.object+json';

interface ResultRow {
  body: string;
  n: number;
}

function restErrorResponse(c: Context, err: RestError) {
  return c.json(err.toJSON(), err.status);
}

/** The role and claims PostgREST would use: the Bearer JWT, else the apikey (as Supabase's gateway does). */
async function requestClaims(c: Context, ctx: LocalCloudContext): Promise<JwtClaims> {
  const bearer = /^bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
  const token = bearer || c.req.header('apikey');
  if (!token)
    throw new RestError(401, 'PGRST301', 'No API key found in request', null, 'No `apikey` request header or url param was found.');
  try {
    return await ctx.verifyJwt(token);
  } catch (err) {
    if (err instanceof JwtError && err.reason === 'expired') throw new RestError(401, 'PGRST303', 'JWT expired');
    throw new RestError(401, 'PGRST301', 'JWSError JWSInvalidSignature');
  }
}

function checkProfile(c: Context) {
  for (const h of ['accept-profile', 'content-profile']) {
    const v = c.req.header(h);
    if (v && v !== EXPOSED_SCHEMA) throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${EXPOSED_SCHEMA}`);
  }
}

/** Filters from the query string: `col=op.value`, `or=(…)`, `and=(…)`, `not.or=(…)`. */
function conditionsFrom(c: Context): Condition[] {
  const conds: Condition[] = [];
  const url = new URL(c.req.url);
  for (const [key, value] of url.searchParams) {
    if (key === 'or' || key === 'and') conds.push(parseLogic(key, false, value));
    else if (key === 'not.or' || key === 'not.and') conds.push(parseLogic(key.slice(4) as 'and' | 'or', true, value));
    else if (!RESERVED.has(key)) conds.push(parseOperation(parseField(key), value));
  }
  return conds;
}

function wantsSingle(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes(SINGLE_OBJECT);
}

/** 406 PGRST116 unless exactly one row; thrown inside the transaction so writes roll back. */
function assertSingle(n: number) {
  if (n !== 1) {
    throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`);
  }
}

function singleBody(body: string): string {
  const rows = JSON.parse(body) as unknown[];
  return JSON.stringify(rows[0]);
}

async function readRows(c: Context): Promise<Record<string, unknown>[] | Record<string, unknown>> {
  const res = await readJsonBody(c, REST_BODY_LIMIT);
  if (!res.ok) {
    if (res.reason === 'too_large') throw new RestError(413, 'PGRST413', `Request body exceeds ${REST_BODY_LIMIT} bytes`);
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
  const v = res.value;
  const isRow = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
  if (isRow(v)) return v;
  if (Array.isArray(v) && v.every(isRow)) return v;
  throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'The body must be a JSON object or an array of objects');
}

function groupByKeySet(rows: Record<string, unknown>[]): Record<string, unknown>[][] {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const r of rows) {
    const key = Object.keys(r).sort().join(',');
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()];
}

function contentRange(offset: number, n: number, total: number | null): string {
  const range = n > 0 ? `${offset}-${offset + n - 1}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

export const mountRest: MountRoutes = (app: Hono, ctx: LocalCloudContext) => {
  const cache = new SchemaCache(ctx.db);
  const rest = new Hono();

  async function tableOr404(name: string): Promise<{ catalog: Catalog; table: TableInfo }> {
    const table = await cache.lookup((cat) => cat.tables.get(name));
    if (!table) {
      throw new RestError(404, 'PGRST205', `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`);
    }
    return { catalog: await cache.get(), table };
  }

  /** Runs fn as the caller, mapping Postgres errors to PostgREST's answer. */
  async function asCaller<T>(c: Context, fn: (tx: Queryable, claims: JwtClaims) => Promise<T>): Promise<T> {
    const claims = await requestClaims(c, ctx);
    try {
      return await ctx.db.withClaims(claims, (tx) => fn(tx, claims));
    } catch (err) {
      const restErr = toRestError(err, claims.role);
      if (restErr.status >= 500)
        ctx.log.error('rest query failed', { path: c.req.path, error: err instanceof Error ? err.message : String(err) });
      throw restErr;
    }
  }

  rest.onError((err, c) => {
    if (err instanceof RestError) return restErrorResponse(c, err);
    ctx.log.error('rest handler failed', { path: c.req.path, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    return restErrorResponse(c, new RestError(500, 'PGRST000', 'internal error'));
  });

  rest.get('/', async (c) => {
    const catalog = await cache.get();
    return c.json({
      swagger: '2.0',
      info: { title: 'local-cloud PostgREST subset' },
      paths: Object.fromEntries([...catalog.tables.keys()].map((t) => [`/${t}`, {}])),
    });
  });

  // ─── rpc ──────────────────────────────────────────────────────────────────────────────────
  async function callRpc(c: Context, name: string, args: Record<string, unknown>) {
    checkProfile(c);
    const fn = await cache.lookup((cat) => cat.functions.get(name));
    const argNames = Object.keys(args);
    const notFound = () =>
      new RestError(404, 'PGRST202', `Could not find the function ${EXPOSED_SCHEMA}.${name}(${argNames.join(', ')}) in the schema cache`);
    if (!fn) throw notFound();
    const known = new Map(fn.args.map((a) => [a.name, a]));
    if (argNames.some((a) => !known.has(a))) throw notFound();
    const params = new Params();
    // Values travel as JSON text; Postgres converts them to each argument's declared type.
    const callArgs = argNames.map((a) => {
      const v = args[a];
      const text = v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v);
      return `${quoteIdent(a)} := ${params.add(text)}::${(known.get(a) as FunctionInfo['args'][number]).type}`;
    });
    const call = `${qualified(fn.name)}(${callArgs.join(', ')})`;
    const sql =
      fn.returnsSet || fn.returnsRows
        ? `select coalesce(json_agg(_f), '[]'::json)::text as body, count(*)::int as n from ${call} _f`
        : `select to_json(${call})::text as body, 1 as n`;
    const row = await asCaller(c, async (tx) => (await tx.query<ResultRow>(sql, params.values)).rows[0]);
    if (fn.returnsVoid) return c.body(null, 204);
    let body = row.body ?? 'null';
    if (wantsSingle(c) && (fn.returnsSet || fn.returnsRows)) {
      assertSingle(row.n);
      body = singleBody(body);
    }
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  }

  rest.post('/rpc/:fn', async (c) => {
    const res = await readJsonBody(c, REST_BODY_LIMIT, {});
    if (!res.ok) {
      if (res.reason === 'too_large') throw new RestError(413, 'PGRST413', `Request body exceeds ${REST_BODY_LIMIT} bytes`);
      throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    }
    if (typeof res.value !== 'object' || res.value === null || Array.isArray(res.value)) {
      throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'RPC arguments must be a JSON object');
    }
    return callRpc(c, c.req.param('fn'), res.value as Record<string, unknown>);
  });

  rest.get('/rpc/:fn', (c) => {
    const args: Record<string, unknown> = {};
    for (const [k, v] of new URL(c.req.url).searchParams) args[k] = v;
    return callRpc(c, c.req.param('fn'), args);
  });

  // ─── read ─────────────────────────────────────────────────────────────────────────────────
  rest.get('/:table', async (c) => {
    checkProfile(c);
    const { catalog, table } = await tableOr404(c.req.param('table'));
    const prefer = parsePrefer(c.req.header('prefer'));
    const params = new Params();
    const proj = projectionSql(catalog, table, '_t', parseSelect(c.req.query('select') ?? '*'), params);
    const conds = conditionsFrom(c);
    const where = whereSql(table, '_t', conds, params);
    const orderRaw = c.req.query('order');
    const order = orderSql(table, '_t', orderRaw ? parseOrder(orderRaw) : [], params);
    const range = parseRangeHeader(c.req.header('range'));
    const offset = parseNonNegativeInt('offset', c.req.query('offset')) ?? range?.offset ?? 0;
    const limitParam = parseNonNegativeInt('limit', c.req.query('limit'));
    const limit = limitParam !== undefined && range?.limit !== undefined ? Math.min(limitParam, range.limit) : (limitParam ?? range?.limit);
    const limitSql = `${limit !== undefined ? `limit ${params.add(String(limit))}::bigint` : ''} offset ${params.add(String(offset))}::bigint`;
    const sql = `select coalesce(json_agg(_s), '[]'::json)::text as body, count(*)::int as n from (
      select ${proj.columns} from ${qualified(table.name)} _t ${where} ${proj.groupBy} ${order} ${limitSql}) _s`;
    const wantCount = prefer.has('count');
    const countParams = new Params();
    const countSql = wantCount
      ? `select count(*)::int as n from ${qualified(table.name)} _t ${whereSql(table, '_t', conds, countParams)}`
      : '';
    const single = wantsSingle(c);

    const { row, total } = await asCaller(c, async (tx) => {
      const r = (await tx.query<ResultRow>(sql, params.values)).rows[0];
      const t = wantCount ? (await tx.query<{ n: number }>(countSql, countParams.values)).rows[0].n : null;
      return { row: r, total: t };
    });
    if (single) assertSingle(row.n);
    c.header('Content-Range', contentRange(offset, row.n, total));
    const partial = total !== null && row.n < total;
    return c.body(single ? singleBody(row.body) : row.body, partial ? 206 : 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });

  // ─── writes ───────────────────────────────────────────────────────────────────────────────
  /** Runs a write statement whose RETURNING rows feed the response, with PostgREST's Prefer handling. */
  async function respondToWrite(
    c: Context,
    catalog: Catalog,
    table: TableInfo,
    statements: { sql: string; params: Params }[],
    successStatus: 200 | 201,
  ) {
    const prefer = parsePrefer(c.req.header('prefer'));
    const representation = prefer.get('return') === 'representation';
    const single = wantsSingle(c);
    const selectItems = parseSelect(c.req.query('select') ?? '*');
    if (!representation) {
      // return=minimal, as PostgREST: no RETURNING, so writing needs neither SELECT rights nor a
      // SELECT policy (an anonymous sign-up form may insert into a table it cannot read).
      const written = await asCaller(c, async (tx) => {
        let rows = 0;
        for (const st of statements) rows += (await tx.query(st.sql, st.params.values)).rowCount;
        if (single) assertSingle(rows);
        return rows;
      });
      c.header('Content-Range', contentRange(0, written, prefer.has('count') ? written : null));
      return c.body(null, successStatus === 201 ? 201 : 204);
    }
    const result = await asCaller(c, async (tx) => {
      const bodies: unknown[] = [];
      for (const st of statements) {
        const proj = projectionSql(catalog, table, '_w', selectItems, st.params);
        const sql = `with _w as (${st.sql} returning *)
          select coalesce(json_agg(_s), '[]'::json)::text as body, count(*)::int as n from (select ${proj.columns} from _w ${proj.groupBy}) _s`;
        const r = (await tx.query<ResultRow>(sql, st.params.values)).rows[0];
        bodies.push(...(JSON.parse(r.body) as unknown[]));
      }
      if (single) assertSingle(bodies.length);
      return bodies;
    });
    c.header('Content-Range', contentRange(0, result.length, prefer.has('count') ? result.length : null));
    const body = single ? JSON.stringify(result[0]) : JSON.stringify(result);
    return c.body(body, successStatus, { 'Content-Type': 'application/json; charset=utf-8' });
  }

  function columnsOf(table: TableInfo, rows: Record<string, unknown>[], columnsParam: string | undefined): string[] {
    const names =
      columnsParam !== undefined
        ? columnsParam
            .split(',')
            .map((s) => s.trim().replace(/^"(.*)"$/, '$1'))
            .filter(Boolean)
        : [...new Set(rows.flatMap((r) => Object.keys(r)))];
    for (const n of names) {
      if (!table.columns.has(n)) {
        throw new RestError(400, 'PGRST204', `Could not find the '${n}' column of '${table.name}' in the schema cache`);
      }
    }
    return names;
  }

  rest.post('/:table', async (c) => {
    checkProfile(c);
    const { catalog, table } = await tableOr404(c.req.param('table'));
    const body = await readRows(c);
    const rows = Array.isArray(body) ? body : [body];
    const prefer = parsePrefer(c.req.header('prefer'));
    const resolution = prefer.get('resolution');
    const columnsParam = c.req.query('columns');
    // missing=default: rows lacking a key get the column default, so rows are grouped by their key set
    const groups: Record<string, unknown>[][] = prefer.get('missing') === 'default' ? groupByKeySet(rows) : [rows];
    const conflictCols = resolution
      ? (c.req
          .query('on_conflict')
          ?.split(',')
          .map((s) => s.trim()) ?? table.primaryKey)
      : [];
    for (const col of conflictCols) requireColumn(table, col);
    if (resolution && conflictCols.length === 0)
      throw new RestError(400, 'PGRST100', 'on_conflict is required for a table without a primary key');

    const statements = groups
      .filter((g) => g.length > 0)
      .map((group) => {
        const cols = columnsOf(table, group, prefer.get('missing') === 'default' ? undefined : columnsParam);
        const params = new Params();
        const quoted = cols.map((col) => quoteIdent(col));
        const source = `json_populate_recordset(null::${qualified(table.name)}, ${params.add(JSON.stringify(group))}::json) _r`;
        let sql = cols.length
          ? `insert into ${qualified(table.name)} (${quoted.join(', ')}) select ${quoted.map((q) => `_r.${q}`).join(', ')} from ${source}`
          : `insert into ${qualified(table.name)} select from ${source}`;
        if (!cols.length) sql = `insert into ${qualified(table.name)} default values`;
        if (resolution === 'ignore-duplicates') {
          sql += ` on conflict (${conflictCols.map(quoteIdent).join(', ')}) do nothing`;
        } else if (resolution === 'merge-duplicates') {
          const updates = cols
            .filter((col) => !conflictCols.includes(col))
            .map((col) => `${quoteIdent(col)} = excluded.${quoteIdent(col)}`);
          sql += ` on conflict (${conflictCols.map(quoteIdent).join(', ')}) ${updates.length ? `do update set ${updates.join(', ')}` : 'do nothing'}`;
        }
        return { sql, params };
      });
    return respondToWrite(c, catalog, table, statements, 201);
  });

  rest.patch('/:table', async (c) => {
    checkProfile(c);
    const { catalog, table } = await tableOr404(c.req.param('table'));
    const body = await readRows(c);
    if (Array.isArray(body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'PATCH takes a single JSON object');
    const cols = columnsOf(table, [body], undefined);
    const conds = conditionsFrom(c);
    if (!conds.length) throw new RestError(400, '21000', 'UPDATE requires a WHERE clause', null, 'Add a filter such as id=eq.<value>');
    if (!cols.length) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Nothing to update');
    const params = new Params();
    const quoted = cols.map(quoteIdent);
    const source = `(select ${quoted.map((q) => `_r.${q}`).join(', ')} from json_populate_record(null::${qualified(table.name)}, ${params.add(JSON.stringify(body))}::json) _r)`;
    const sql = `update ${qualified(table.name)} _t set (${quoted.join(', ')}) = ${source} ${whereSql(table, '_t', conds, params)}`;
    return respondToWrite(c, catalog, table, [{ sql, params }], 200);
  });

  rest.delete('/:table', async (c) => {
    checkProfile(c);
    const { catalog, table } = await tableOr404(c.req.param('table'));
    const conds = conditionsFrom(c);
    if (!conds.length) throw new RestError(400, '21000', 'DELETE requires a WHERE clause', null, 'Add a filter such as id=eq.<value>');
    const params = new Params();
    const sql = `delete from ${qualified(table.name)} _t ${whereSql(table, '_t', conds, params)}`;
    return respondToWrite(c, catalog, table, [{ sql, params }], 200);
  });

  rest.all('*', (c) => restErrorResponse(c, new RestError(405, 'PGRST117', `Unsupported HTTP method: ${c.req.method}`)));

  app.route('/rest/v1', rest);
};
