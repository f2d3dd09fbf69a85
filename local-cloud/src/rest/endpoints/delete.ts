import type { Hono } from 'hono';
import { qualified } from '../catalog.ts';
import { RestError } from '../errors.ts';
import { checkProfile, conditionsFrom } from '../request.ts';
import type { RestApi } from '../restApi.ts';
import { Params, whereSql } from '../sql.ts';
import { respondToWrite } from '../writes.ts';

/** DELETE /:table: the filtered rows; a filter is required. */
export function mountDelete(rest: Hono, api: RestApi): void {
  rest.delete('/:table', async (c) => {
    checkProfile(c);
    const target = await api.table(c.req.param('table'));
    const conds = conditionsFrom(c);
    if (!conds.length) throw new RestError(400, '21000', 'DELETE requires a WHERE clause', null, 'Add a filter such as id=eq.<value>');
    const params = new Params();
    const sql = `delete from ${qualified(target.table.name)} _t ${whereSql(target.table, '_t', conds, params)}`;
    return respondToWrite(api, c, target, [{ sql, params }], 200);
  });
}
