import type { Hono } from 'hono';
import { qualified, quoteIdent } from '../catalog.ts';
import { RestError } from '../errors.ts';
import { parsePrefer } from '../parse.ts';
import { checkProfile, readRows, type JsonRow } from '../request.ts';
import type { RestApi } from '../restApi.ts';
import { Params, requireColumn } from '../sql.ts';
import { columnsOf, respondToWrite } from '../writes.ts';

/** Rows grouped by the keys they carry (for `Prefer: missing=default`, where absent keys take the default). */
function groupByKeySet(rows: JsonRow[]): JsonRow[][] {
  const groups = new Map<string, JsonRow[]>();
  for (const r of rows) {
    const key = Object.keys(r).sort().join(',');
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()];
}

/** POST /:table: one row or many, `?columns=`, upserts by `Prefer: resolution=…` and `?on_conflict=`. */
export function mountInsert(rest: Hono, api: RestApi): void {
  rest.post('/:table', async (c) => {
    checkProfile(c);
    const target = await api.table(c.req.param('table'));
    const { table } = target;
    const body = await readRows(c);
    const rows = Array.isArray(body) ? body : [body];
    const prefer = parsePrefer(c.req.header('prefer'));
    const resolution = prefer.get('resolution');
    const columnsParam = c.req.query('columns');
    // missing=default: rows lacking a key get the column default, so rows are grouped by their key set
    const groups: JsonRow[][] = prefer.get('missing') === 'default' ? groupByKeySet(rows) : [rows];
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
    return respondToWrite(api, c, target, statements, 201);
  });
}
