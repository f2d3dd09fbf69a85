// Reading a PostgREST request (profile headers, filters, the body, Accept for one object) and the
// parts of its answer every endpoint shares.
import type { Context } from 'hono';
import { readJsonBody } from '../http/body.ts';
import { EXPOSED_SCHEMA } from './catalog.ts';
import { RestError } from './errors.ts';
import { parseField, parseLogic, parseOperation, type Condition } from './parse.ts';

const REST_BODY_LIMIT = 1024 * 1024;
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns', 'or', 'and', 'not.or', 'not.and']);
const SINGLE_OBJECT = 'vnd.pgrst.object+json';

/** What a query's JSON aggregation returns: the rows as JSON text and how many there are. */
export interface ResultRow {
  body: string;
  n: number;
}

export type JsonRow = Record<string, unknown>;

export function restErrorResponse(c: Context, err: RestError) {
  return c.json(err.toJSON(), err.status);
}

export function jsonResponse(c: Context, body: string, status: 200 | 201 | 206) {
  return c.body(body, status, { 'Content-Type': 'application/json; charset=utf-8' });
}

/** Only the exposed schema may be named in Accept-Profile or Content-Profile. */
export function checkProfile(c: Context) {
  for (const h of ['accept-profile', 'content-profile']) {
    const v = c.req.header(h);
    if (v && v !== EXPOSED_SCHEMA) throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${EXPOSED_SCHEMA}`);
  }
}

/** Filters from the query string: `col=op.value`, `or=(…)`, `and=(…)`, `not.or=(…)`. */
export function conditionsFrom(c: Context): Condition[] {
  const conds: Condition[] = [];
  const url = new URL(c.req.url);
  for (const [key, value] of url.searchParams) {
    if (key === 'or' || key === 'and') conds.push(parseLogic(key, false, value));
    else if (key === 'not.or' || key === 'not.and') conds.push(parseLogic(key.slice(4) as 'and' | 'or', true, value));
    else if (!RESERVED.has(key)) conds.push(parseOperation(parseField(key), value));
  }
  return conds;
}

export function wantsSingle(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes(SINGLE_OBJECT);
}

/** 406 PGRST116 unless exactly one row; thrown inside the transaction so writes roll back. */
export function assertSingle(n: number) {
  if (n !== 1) {
    throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`);
  }
}

export function singleBody(body: string): string {
  const rows = JSON.parse(body) as unknown[];
  return JSON.stringify(rows[0]);
}

export function contentRange(offset: number, n: number, total: number | null): string {
  const range = n > 0 ? `${offset}-${offset + n - 1}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

const isRow = (x: unknown): x is JsonRow => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The JSON body, capped while read: 413 past the cap, 400 when it is not JSON. */
async function readBody(c: Context, empty?: unknown): Promise<unknown> {
  const res = await readJsonBody(c, REST_BODY_LIMIT, empty);
  if (res.ok) return res.value;
  if (res.reason === 'too_large') throw new RestError(413, 'PGRST413', `Request body exceeds ${REST_BODY_LIMIT} bytes`);
  throw new RestError(400, 'PGRST102', 'Empty or invalid json');
}

/** A write's body: one object or an array of objects. */
export async function readRows(c: Context): Promise<JsonRow[] | JsonRow> {
  const v = await readBody(c);
  if (isRow(v)) return v;
  if (Array.isArray(v) && v.every(isRow)) return v;
  throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'The body must be a JSON object or an array of objects');
}

/** An RPC's arguments: one JSON object (an empty body is no arguments). */
export async function readRpcArgs(c: Context): Promise<JsonRow> {
  const v = await readBody(c, {});
  if (!isRow(v)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'RPC arguments must be a JSON object');
  return v;
}
