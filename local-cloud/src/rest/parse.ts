// Parses the PostgREST query grammar postgrest-js produces into a small syntax tree. Nothing here
// builds SQL; names are checked against the catalog and values bound as parameters in sql.ts.
import { parseError } from './errors.ts';

export interface FieldRef {
  column: string;
  path: { arrow: '->' | '->>'; key: string }[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; alias?: string; field: FieldRef; cast?: string }
  | { kind: 'count'; alias?: string }
  | { kind: 'embed'; alias?: string; relation: string; items: SelectItem[] };

const FILTER_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is', 'cs', 'cd'] as const;
type FilterOp = (typeof FILTER_OPS)[number];

interface Filter {
  kind: 'filter';
  field: FieldRef;
  negate: boolean;
  op: FilterOp;
  value: string;
}
interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}
export type Condition = Filter | Logic;

export interface OrderTerm {
  field: FieldRef;
  dir: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

const CASTS = new Set([
  'text',
  'int',
  'integer',
  'int4',
  'int8',
  'bigint',
  'numeric',
  'boolean',
  'bool',
  'json',
  'jsonb',
  'uuid',
  'date',
  'timestamptz',
  'float8',
]);

/** Splits on `sep` outside parentheses and double quotes. */
function splitTopLevel(input: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (ch === '\\' && quoted && i + 1 < input.length) {
      current += ch + input[++i];
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth--;
    if (depth < 0) throw parseError('"failed to parse" unbalanced parentheses', input);
    if (!quoted && depth === 0 && ch === sep) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  if (depth !== 0 || quoted) throw parseError('"failed to parse" unbalanced parentheses or quotes', input);
  out.push(current);
  return out;
}

/** Removes surrounding double quotes and unescapes `\"` and `\\`. */
function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

export function parseField(raw: string): FieldRef {
  const text = raw.trim();
  const parts = text.split(/(->>?)/);
  const column = parts[0];
  if (!column || /[(),:"]/.test(column)) throw parseError(`"failed to parse" invalid column "${text}"`);
  const path: FieldRef['path'] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const key = unquote(parts[i + 1] ?? '').replace(/^'(.*)'$/, '$1');
    if (key === '') throw parseError(`"failed to parse" invalid JSON path "${text}"`);
    path.push({ arrow: parts[i] as '->' | '->>', key });
  }
  return { column, path };
}

export function parseSelect(raw: string): SelectItem[] {
  if (raw.trim() === '') return [{ kind: 'star' }];
  return splitTopLevel(raw).map((part) => parseSelectItem(part.trim()));
}

function parseSelectItem(part: string): SelectItem {
  if (part === '*') return { kind: 'star' };
  let alias: string | undefined;
  let body = part;
  const aliasMatch = /^([A-Za-z_][A-Za-z0-9_]*):(?!:)(.+)$/s.exec(part);
  if (aliasMatch) {
    alias = aliasMatch[1];
    body = aliasMatch[2].trim();
  }
  if (body === 'count' || body === 'count()') return { kind: 'count', alias };
  const embed = /^([A-Za-z_][A-Za-z0-9_]*)(?:!inner|!left)?\((.*)\)$/s.exec(body);
  if (embed) return { kind: 'embed', alias, relation: embed[1], items: parseSelect(embed[2]) };
  let cast: string | undefined;
  const castMatch = /^(.*)::([a-z0-9]+)$/.exec(body);
  if (castMatch) {
    if (!CASTS.has(castMatch[2])) throw parseError(`"failed to parse select" unsupported cast "${castMatch[2]}"`);
    body = castMatch[1];
    cast = castMatch[2];
  }
  return { kind: 'column', alias, field: parseField(body), cast };
}

/** `[not.]op.value` as written after `column=`. */
export function parseOperation(field: FieldRef, expr: string): Filter {
  let rest = expr;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const op = (dot < 0 ? rest : rest.slice(0, dot)) as FilterOp;
  if (!FILTER_OPS.includes(op)) throw parseError(`"failed to parse filter (${expr})" unknown operator "${op}"`);
  return { kind: 'filter', field, negate, op, value: dot < 0 ? '' : rest.slice(dot + 1) };
}

/** `(a.eq.1,and(b.gt.2,c.is.null))` as written after `or=` / `and=`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, raw: string): Logic {
  const trimmed = raw.trim();
  if (!trimmed.startsWith('(') || !trimmed.endsWith(')')) throw parseError(`"failed to parse logic tree (${raw})"`);
  const children = splitTopLevel(trimmed.slice(1, -1)).map((part): Condition => {
    const p = part.trim();
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(p);
    if (nested) return parseLogic(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3]);
    const m = /^([^.]+)\.(.+)$/s.exec(p);
    if (!m) throw parseError(`"failed to parse logic tree (${raw})"`, p);
    const filter = parseOperation(parseField(m[1]), m[2]);
    return { ...filter, value: filter.op === 'in' ? filter.value : unquote(filter.value) };
  });
  if (children.length === 0) throw parseError(`"failed to parse logic tree (${raw})" empty`);
  return { kind: 'logic', op, negate, children };
}

/** The list of `in.(a,"b,c")`. */
export function parseInList(value: string): string[] {
  const v = value.trim();
  if (!v.startsWith('(') || !v.endsWith(')')) throw parseError(`"failed to parse filter (in.${value})" expected a list in parentheses`);
  const inner = v.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((s) => unquote(s.trim()));
}

export function parseOrder(raw: string): OrderTerm[] {
  return splitTopLevel(raw).map((term) => {
    const parts = term.trim().split('.');
    const field = parseField(parts[0]);
    let dir: OrderTerm['dir'] = 'asc';
    let nulls: OrderTerm['nulls'];
    for (const mod of parts.slice(1)) {
      if (mod === 'asc' || mod === 'desc') dir = mod;
      else if (mod === 'nullsfirst') nulls = 'first';
      else if (mod === 'nullslast') nulls = 'last';
      else throw parseError(`"failed to parse order (${raw})" unknown modifier "${mod}"`);
    }
    return { field, dir, nulls };
  });
}

export function parseNonNegativeInt(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,9}$/.test(raw)) throw parseError(`"failed to parse ${name}" expected a non-negative integer, got "${raw}"`);
  return Number(raw);
}

/** `Prefer: return=representation, count=exact, resolution=merge-duplicates, missing=default`. */
export function parsePrefer(header: string | undefined): Map<string, string> {
  const prefs = new Map<string, string>();
  for (const part of (header ?? '').split(',')) {
    const [k, v] = part.trim().split('=');
    if (k) prefs.set(k.trim(), (v ?? '').trim());
  }
  return prefs;
}

/** `Range: 0-9` as postgrest-js and browsers send it. */
export function parseRangeHeader(header: string | undefined): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const m = /^(?:items=)?(\d+)-(\d*)$/.exec(header.trim());
  if (!m) return undefined;
  const from = Number(m[1]);
  return m[2] === '' ? { offset: from } : { offset: from, limit: Math.max(0, Number(m[2]) - from + 1) };
}
