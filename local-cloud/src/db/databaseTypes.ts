// TypeScript types of the public schema in the shape `supabase gen types typescript` writes, read from
// the catalog of a database the migrations built, so the apps' `createClient<Database>` stays in step
// with supabase/migrations. (The Supabase CLI is a downloaded Go binary; this machine has none.)
import type { Queryable } from '../context.ts';

interface ColumnRow {
  relation: string;
  kind: 'r' | 'v' | 'm';
  column: string;
  type: string;
  element_type: string | null;
  type_kind: string;
  nullable: boolean;
  has_default: boolean;
  identity: boolean;
  generated: boolean;
}

interface ForeignKeyRow {
  name: string;
  relation: string;
  columns: string[];
  referenced_relation: string;
  referenced_columns: string[];
  one_to_one: boolean;
}

interface FunctionRow {
  name: string;
  arg_names: string[] | null;
  arg_types: string[];
  arg_modes: string[] | null;
  arg_defaults: number;
  returns: string;
  returns_set: boolean;
  returns_relation: string | null;
  table_columns: { name: string; type: string }[] | null;
}

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const STRING = new Set([
  'text',
  'varchar',
  'bpchar',
  'char',
  'name',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'bytea',
  'inet',
  'cidr',
  'citext',
]);

function tsType(pgType: string, enums: Set<string>): string {
  if (pgType.startsWith('_')) return `${tsType(pgType.slice(1), enums)}[]`;
  if (pgType === 'bool') return 'boolean';
  if (NUMBER.has(pgType)) return 'number';
  if (STRING.has(pgType)) return 'string';
  if (pgType === 'json' || pgType === 'jsonb') return 'Json';
  if (pgType === 'void') return 'undefined';
  if (enums.has(pgType)) return `Database['public']['Enums']['${pgType}']`;
  return 'unknown';
}

const key = (name: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : JSON.stringify(name));

function block(entries: string[], indent: string): string {
  return entries.length === 0 ? '{\n' + indent + '  [_ in never]: never;\n' + indent + '}' : `{\n${entries.join('\n')}\n${indent}}`;
}

export async function generateDatabaseTypes(tx: Queryable): Promise<string> {
  const { rows: enumRows } = await tx.query<{ name: string; labels: string[] }>(
    `select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder) as labels
       from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' group by t.typname order by t.typname`,
  );
  const enums = new Set(enumRows.map((row) => row.name));

  const { rows: columns } = await tx.query<ColumnRow>(
    `select c.relname as relation, c.relkind as kind, a.attname as column, t.typname as type,
            et.typname as element_type, t.typtype as type_kind, not a.attnotnull as nullable,
            a.atthasdef as has_default, a.attidentity <> '' as identity, a.attgenerated <> '' as generated
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'm')
      order by c.relname, a.attname`,
  );
  const { rows: foreignKeys } = await tx.query<ForeignKeyRow>(
    `select con.conname as name, c.relname as relation,
            array(select a.attname from unnest(con.conkey) k join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k order by a.attname) as columns,
            rc.relname as referenced_relation,
            array(select a.attname from unnest(con.confkey) k join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k order by a.attname) as referenced_columns,
            exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u') and u.conkey::int2[] @> con.conkey::int2[] and u.conkey::int2[] <@ con.conkey::int2[]) as one_to_one
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_class rc on rc.oid = con.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
      where con.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'
      order by c.relname, con.conname`,
  );
  const { rows: functions } = await tx.query<FunctionRow>(
    `select p.proname as name, p.proargnames as arg_names,
            array(select ty.typname from unnest(p.proargtypes) with ordinality as a(t, i) join pg_type ty on ty.oid = a.t order by a.i) as arg_types,
            p.proargmodes::text[] as arg_modes, p.pronargdefaults as arg_defaults,
            rt.typname as returns, p.proretset as returns_set,
            (select rc.relname from pg_class rc where rc.oid = rt.typrelid and rc.relkind in ('r', 'v', 'm')) as returns_relation,
            case when p.proargmodes is not null and 't' = any(p.proargmodes::text[]) then
              (select json_agg(json_build_object('name', x.name, 'type', ty.typname) order by x.i)
                 from unnest(p.proargnames, p.proallargtypes::oid[], p.proargmodes::text[]) with ordinality as x(name, t, mode, i)
                 join pg_type ty on ty.oid = x.t where x.mode = 't')
            end as table_columns
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
      where n.nspname = 'public' and p.prokind = 'f' and rt.typname <> 'trigger'
      order by p.proname`,
  );

  const relations = [...new Set(columns.map((column) => column.relation))];
  const columnType = (column: ColumnRow) => {
    const base = column.element_type ? `${tsType(column.element_type, enums)}[]` : tsType(column.type, enums);
    return column.nullable ? `${base} | null` : base;
  };
  const relationships = (relation: string, indent: string) => {
    const keys = foreignKeys.filter((fk) => fk.relation === relation);
    if (keys.length === 0) return '[]';
    const items = keys.map(
      (fk) =>
        `${indent}  {\n${indent}    foreignKeyName: '${fk.name}';\n${indent}    columns: [${fk.columns.map((c) => `'${c}'`).join(', ')}];\n` +
        `${indent}    isOneToOne: ${fk.one_to_one};\n${indent}    referencedRelation: '${fk.referenced_relation}';\n` +
        `${indent}    referencedColumns: [${fk.referenced_columns.map((c) => `'${c}'`).join(', ')}];\n${indent}  },`,
    );
    return `[\n${items.join('\n')}\n${indent}]`;
  };

  const tableEntries: string[] = [];
  const viewEntries: string[] = [];
  for (const relation of relations) {
    const own = columns.filter((column) => column.relation === relation);
    const row = own.map((column) => `          ${key(column.column)}: ${columnType(column)};`);
    if (own[0]!.kind === 'r') {
      const writable = own.filter((column) => !column.generated);
      const optional = (column: ColumnRow) => column.nullable || column.has_default || column.identity;
      const insert = writable.map((column) => `          ${key(column.column)}${optional(column) ? '?' : ''}: ${columnType(column)};`);
      const update = writable.map((column) => `          ${key(column.column)}?: ${columnType(column)};`);
      tableEntries.push(
        `      ${key(relation)}: {\n        Row: ${block(row, '        ')};\n        Insert: ${block(insert, '        ')};\n` +
          `        Update: ${block(update, '        ')};\n        Relationships: ${relationships(relation, '        ')};\n      };`,
      );
    } else {
      // Views may hide nulls the catalog cannot vouch for, as the Supabase CLI assumes too.
      const viewRow = own.map((column) => `          ${key(column.column)}: ${columnType({ ...column, nullable: true })};`);
      viewEntries.push(`      ${key(relation)}: {\n        Row: ${block(viewRow, '        ')};\n        Relationships: [];\n      };`);
    }
  }

  const functionEntries = functions.map((fn) => {
    const names = fn.arg_names ?? [];
    const modes = fn.arg_modes ?? fn.arg_types.map(() => 'i');
    const inputs = names.map((name, index) => ({ name, mode: modes[index] })).filter((arg) => arg.mode === 'i' || arg.mode === 'b');
    const firstDefault = inputs.length - fn.arg_defaults;
    const args = inputs.map(
      (arg, index) => `          ${key(arg.name)}${index >= firstDefault ? '?' : ''}: ${tsType(fn.arg_types[index]!, enums)};`,
    );
    let returns: string;
    if (fn.table_columns) {
      returns = `{\n${fn.table_columns.map((column) => `            ${key(column.name)}: ${tsType(column.type, enums)};`).join('\n')}\n          }[]`;
    } else if (fn.returns_relation) {
      returns = `Database['public']['${relations.includes(fn.returns_relation) && columns.find((c) => c.relation === fn.returns_relation)?.kind === 'r' ? 'Tables' : 'Views'}']['${fn.returns_relation}']['Row']${fn.returns_set ? '[]' : ''}`;
    } else {
      returns = `${tsType(fn.returns, enums)}${fn.returns_set ? '[]' : ''}`;
    }
    return `      ${key(fn.name)}: {\n        Args: ${block(args, '        ')};\n        Returns: ${returns};\n      };`;
  });

  const enumEntries = enumRows.map((row) => `      ${key(row.name)}: ${row.labels.map((label) => `'${label}'`).join(' | ')};`);

  return `// Generated from supabase/migrations by \`npm run db:types\`; do not edit. A test checks it is current.
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: ${block(tableEntries, '    ')};
    Views: ${block(viewEntries, '    ')};
    Functions: ${block(functionEntries, '    ')};
    Enums: ${block(enumEntries, '    ')};
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};
`;
}
