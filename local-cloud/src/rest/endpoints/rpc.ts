import type { Context, Hono } from 'hono';
import { EXPOSED_SCHEMA, qualified, quoteIdent, type FunctionInfo } from '../catalog.ts';
import { RestError } from '../errors.ts';
import {
  assertSingle,
  checkProfile,
  jsonResponse,
  readRpcArgs,
  singleBody,
  wantsSingle,
  type JsonRow,
  type ResultRow,
} from '../request.ts';
import type { RestApi } from '../restApi.ts';
import { Params } from '../sql.ts';

/** Calls an exposed function with named arguments, as the caller; a set or rows answer as an array. */
async function callRpc(api: RestApi, c: Context, name: string, args: JsonRow) {
  checkProfile(c);
  const fn = await api.cache.lookup((cat) => cat.functions.get(name));
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
  // Rows through a subquery, so a one-column TABLE result is still a row (an object) to json_agg.
  const sql = fn.returnsRows
    ? `select coalesce(json_agg(_f), '[]'::json)::text as body, count(*)::int as n from (select * from ${call}) _f`
    : fn.returnsSet
      ? `select coalesce(json_agg(_f), '[]'::json)::text as body, count(*)::int as n from ${call} _f`
      : `select to_json(${call})::text as body, 1 as n`;
  const row = await api.asCaller(c, async (tx) => (await tx.query<ResultRow>(sql, params.values)).rows[0]);
  if (fn.returnsVoid) return c.body(null, 204);
  let body = row.body ?? 'null';
  if (wantsSingle(c) && (fn.returnsSet || fn.returnsRows)) {
    assertSingle(row.n);
    body = singleBody(body);
  }
  return jsonResponse(c, body, 200);
}

/** POST /rpc/:fn with a JSON object of arguments, GET /rpc/:fn with them in the query string. */
export function mountRpc(rest: Hono, api: RestApi): void {
  rest.post('/rpc/:fn', async (c) => callRpc(api, c, c.req.param('fn'), await readRpcArgs(c)));
  rest.get('/rpc/:fn', (c) => callRpc(api, c, c.req.param('fn'), Object.fromEntries(new URL(c.req.url).searchParams)));
}
