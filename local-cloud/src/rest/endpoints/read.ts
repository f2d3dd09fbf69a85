import type { Hono } from 'hono';
import { qualified } from '../catalog.ts';
import { parseNonNegativeInt, parseOrder, parsePrefer, parseRangeHeader, parseSelect } from '../parse.ts';
import {
  assertSingle,
  checkProfile,
  conditionsFrom,
  contentRange,
  jsonResponse,
  singleBody,
  wantsSingle,
  type ResultRow,
} from '../request.ts';
import type { RestApi } from '../restApi.ts';
import { Params, orderSql, projectionSql, whereSql } from '../sql.ts';

/** GET /:table: select, filters, order, limit/offset or Range, `Prefer: count=exact` (206 for a part). */
export function mountRead(rest: Hono, api: RestApi): void {
  rest.get('/:table', async (c) => {
    checkProfile(c);
    const { catalog, table } = await api.table(c.req.param('table'));
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

    const { row, total } = await api.asCaller(c, async (tx) => {
      const r = (await tx.query<ResultRow>(sql, params.values)).rows[0];
      const t = wantCount ? (await tx.query<{ n: number }>(countSql, countParams.values)).rows[0].n : null;
      return { row: r, total: t };
    });
    if (single) assertSingle(row.n);
    c.header('Content-Range', contentRange(offset, row.n, total));
    const partial = total !== null && row.n < total;
    return jsonResponse(c, single ? singleBody(row.body) : row.body, partial ? 206 : 200);
  });
}
