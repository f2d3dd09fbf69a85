// Builds parameterised SQL from the parsed request. Every identifier is looked up in the catalog
// before it is quoted; every value from the request becomes a $n parameter.
import type { Catalog, TableInfo } from './catalog.ts';
import { qualified, quoteIdent } from './catalog.ts';
import { RestError, parseError } from './errors.ts';
import { parseInList, type Condition, type FieldRef, type OrderTerm, type SelectItem } from './parse.ts';

export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

function unknownColumn(table: string, column: string): RestError {
  return new RestError(400, '42703', `column ${table}.${column} does not exist`, null, null);
}

export function requireColumn(table: TableInfo, column: string): string {
  if (!table.columns.has(column)) throw unknownColumn(table.name, column);
  return quoteIdent(column);
}

function fieldSql(table: TableInfo, alias: string, field: FieldRef, params: Params): string {
  let sql = `${alias}.${requireColumn(table, field.column)}`;
  for (const step of field.path) {
    // array indexes stay integers so `->0` means the first element, not the key "0"
    const key = /^-?\d{1,6}$/.test(step.key) ? step.key : `${params.add(step.key)}::text`;
    sql = `(${sql} ${step.arrow} ${key})`;
  }
  return sql;
}

const COMPARISONS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  cs: '@>',
  cd: '<@',
} as const;

function conditionSql(table: TableInfo, alias: string, cond: Condition, params: Params): string {
  let sql: string;
  if (cond.kind === 'logic') {
    const parts = cond.children.map((c) => conditionSql(table, alias, c, params));
    sql = `(${parts.join(cond.op === 'and' ? ' and ' : ' or ')})`;
  } else {
    const f = fieldSql(table, alias, cond.field, params);
    switch (cond.op) {
      case 'is': {
        const v = cond.value.toLowerCase();
        const rhs = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }[v];
        if (!rhs) throw parseError(`"failed to parse filter (is.${cond.value})" expected null, not_null, true, false or unknown`);
        sql = `(${f} is ${rhs})`;
        break;
      }
      case 'in': {
        const items = parseInList(cond.value);
        if (items.length > 1000) throw parseError('"failed to parse filter" too many values in list');
        sql = items.length === 0 ? 'false' : `(${f} in (${items.map((v) => params.add(v)).join(', ')}))`;
        break;
      }
      case 'like':
      case 'ilike':
        sql = `(${f} ${COMPARISONS[cond.op]} ${params.add(cond.value.replace(/\*/g, '%'))})`;
        break;
      default:
        sql = `(${f} ${COMPARISONS[cond.op]} ${params.add(cond.value)})`;
    }
  }
  return cond.negate ? `(not ${sql})` : sql;
}

export function whereSql(table: TableInfo, alias: string, conds: Condition[], params: Params): string {
  return conds.length ? `where ${conds.map((c) => conditionSql(table, alias, c, params)).join(' and ')}` : '';
}

export function orderSql(table: TableInfo, alias: string, terms: OrderTerm[], params: Params): string {
  if (!terms.length) return '';
  return (
    'order by ' + terms.map((t) => `${fieldSql(table, alias, t.field, params)} ${t.dir}${t.nulls ? ` nulls ${t.nulls}` : ''}`).join(', ')
  );
}

interface Projection {
  columns: string;
  groupBy: string;
}

let embedCounter = 0;

/** The select list: columns, aliases, JSON paths, count() and embedded resources through foreign keys. */
export function projectionSql(catalog: Catalog, table: TableInfo, alias: string, items: SelectItem[], params: Params): Projection {
  const cols: string[] = [];
  const plain: string[] = [];
  let hasCount = false;
  let hasStar = false;
  for (const item of items) {
    switch (item.kind) {
      case 'star':
        hasStar = true;
        cols.push(`${alias}.*`);
        break;
      case 'count':
        hasCount = true;
        cols.push(`count(*) as ${quoteIdent(item.alias ?? 'count')}`);
        break;
      case 'column': {
        const expr = fieldSql(table, alias, item.field, params);
        const withCast = item.cast ? `(${expr})::${item.cast}` : expr;
        const name = item.alias ?? (item.field.path.length ? item.field.path[item.field.path.length - 1].key : item.field.column);
        cols.push(`${withCast} as ${quoteIdent(name)}`);
        plain.push(withCast);
        break;
      }
      case 'embed':
        cols.push(`${embedSql(catalog, table, alias, item, params)} as ${quoteIdent(item.alias ?? item.relation)}`);
        break;
    }
  }
  if (hasCount && hasStar) throw parseError('"failed to parse select" count() cannot be combined with *');
  return { columns: cols.join(', '), groupBy: hasCount && plain.length ? `group by ${plain.join(', ')}` : '' };
}

function embedSql(
  catalog: Catalog,
  parent: TableInfo,
  parentAlias: string,
  item: Extract<SelectItem, { kind: 'embed' }>,
  params: Params,
): string {
  const child = catalog.tables.get(item.relation);
  if (!child)
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${item.relation}' in the schema cache`,
    );
  const childAlias = `_e${++embedCounter % 1_000_000}`;
  const inner = projectionSql(catalog, child, childAlias, item.items, params);
  const toMany = catalog.relations.find((r) => r.fromTable === child.name && r.toTable === parent.name);
  if (toMany) {
    return `coalesce((select json_agg(_j) from (select ${inner.columns} from ${qualified(child.name)} ${childAlias}
      where ${childAlias}.${quoteIdent(toMany.fromColumn)} = ${parentAlias}.${quoteIdent(toMany.toColumn)} ${inner.groupBy}) _j), '[]'::json)`;
  }
  const toOne = catalog.relations.find((r) => r.fromTable === parent.name && r.toTable === child.name);
  if (toOne) {
    return `(select row_to_json(_j) from (select ${inner.columns} from ${qualified(child.name)} ${childAlias}
      where ${childAlias}.${quoteIdent(toOne.toColumn)} = ${parentAlias}.${quoteIdent(toOne.fromColumn)} ${inner.groupBy} limit 1) _j)`;
  }
  throw new RestError(400, 'PGRST200', `Could not find a relationship between '${parent.name}' and '${item.relation}' in the schema cache`);
}
