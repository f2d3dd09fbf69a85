// What insert, update and delete share: the columns a body names, and the answer PostgREST gives a
// write (Prefer: return=minimal or representation, one object on request, Content-Range).
import type { Context } from 'hono';
import type { Catalog, TableInfo } from './catalog.ts';
import { RestError } from './errors.ts';
import { parsePrefer, parseSelect } from './parse.ts';
import { assertSingle, contentRange, jsonResponse, wantsSingle, type JsonRow, type ResultRow } from './request.ts';
import type { RestApi } from './restApi.ts';
import { projectionSql, type Params } from './sql.ts';

interface WriteStatement {
  sql: string;
  params: Params;
}

/** The columns written: `?columns=` when given, else every key of the rows; each must exist. */
export function columnsOf(table: TableInfo, rows: JsonRow[], columnsParam: string | undefined): string[] {
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

/** Runs write statements as the caller; their RETURNING rows feed the answer, with PostgREST's Prefer handling. */
export async function respondToWrite(
  api: RestApi,
  c: Context,
  target: { catalog: Catalog; table: TableInfo },
  statements: WriteStatement[],
  successStatus: 200 | 201,
) {
  const prefer = parsePrefer(c.req.header('prefer'));
  const single = wantsSingle(c);
  const selectItems = parseSelect(c.req.query('select') ?? '*');
  if (prefer.get('return') !== 'representation') {
    // return=minimal, as PostgREST: no RETURNING, so writing needs neither SELECT rights nor a
    // SELECT policy (an anonymous sign-up form may insert into a table it cannot read).
    const written = await api.asCaller(c, async (tx) => {
      let rows = 0;
      for (const st of statements) rows += (await tx.query(st.sql, st.params.values)).rowCount;
      if (single) assertSingle(rows);
      return rows;
    });
    c.header('Content-Range', contentRange(0, written, prefer.has('count') ? written : null));
    return c.body(null, successStatus === 201 ? 201 : 204);
  }
  const result = await api.asCaller(c, async (tx) => {
    const bodies: unknown[] = [];
    for (const st of statements) {
      const proj = projectionSql(target.catalog, target.table, '_w', selectItems, st.params);
      const sql = `with _w as (${st.sql} returning *)
        select coalesce(json_agg(_s), '[]'::json)::text as body, count(*)::int as n from (select ${proj.columns} from _w ${proj.groupBy}) _s`;
      const r = (await tx.query<ResultRow>(sql, st.params.values)).rows[0];
      bodies.push(...(JSON.parse(r.body) as unknown[]));
    }
    if (single) assertSingle(bodies.length);
    return bodies;
  });
  c.header('Content-Range', contentRange(0, result.length, prefer.has('count') ? result.length : null));
  return jsonResponse(c, single ? JSON.stringify(result[0]) : JSON.stringify(result), successStatus);
}
