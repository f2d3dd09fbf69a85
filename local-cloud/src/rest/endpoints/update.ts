import type { Hono } from 'hono';
import { qualified, quoteIdent } from '../catalog.ts';
import { RestError } from '../errors.ts';
import { checkProfile, conditionsFrom, readRows } from '../request.ts';
import type { RestApi } from '../restApi.ts';
import { Params, whereSql } from '../sql.ts';
import { columnsOf, respondToWrite } from '../writes.ts';

/** PATCH /:table: one object's columns set on the filtered rows; a filter is required. */
export function mountUpdate(rest: Hono, api: RestApi): void {
  rest.patch('/:table', async (c) => {
    checkProfile(c);
    const target = await api.table(c.req.param('table'));
    const { table } = target;
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
    return respondToWrite(api, c, target, [{ sql, params }], 200);
  });
}
