// POST /object/list/{bucket}: one folder level, folders as entries with null id and timestamps,
// objects with their metadata; only rows the caller may select (RLS).
import { z } from 'zod';
import type { JwtClaims, LocalCloudContext } from '../context.ts';
import { objectJson, OBJECT_COLUMNS, type ObjectRow } from './objectsDb.ts';

export const listBody = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().min(0).default(0),
  sortBy: z
    .object({
      column: z.enum(['name', 'created_at', 'updated_at', 'last_accessed_at']).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
  search: z.string().max(1024).optional(),
});
type ListBody = z.infer<typeof listBody>;

type Entry =
  | ReturnType<typeof objectJson>
  | {
      name: string;
      id: null;
      updated_at: null;
      created_at: null;
      last_accessed_at: null;
      metadata: null;
    };

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export async function listObjects(ctx: LocalCloudContext, claims: JwtClaims, bucket: string, body: ListBody) {
  const folder = body.prefix.replace(/^\/+/, '').replace(/\/+$/, '');
  const base = folder ? `${folder}/` : '';
  const { rows } = await ctx.db.withClaims(claims, (tx) =>
    tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name like $2 escape '\\'`, [
      bucket,
      `${likeEscape(base)}%`,
    ]),
  );
  const folders = new Set<string>();
  const entries: Entry[] = [];
  for (const row of rows) {
    const rest = row.name.slice(base.length);
    const slash = rest.indexOf('/');
    if (slash >= 0) {
      const name = rest.slice(0, slash);
      if (!folders.has(name)) {
        folders.add(name);
        entries.push({ name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      }
    } else {
      entries.push({ ...objectJson(row), name: rest });
    }
  }
  const search = body.search?.toLowerCase();
  const filtered = search ? entries.filter((e) => e.name.toLowerCase().startsWith(search)) : entries;
  const { column, order } = body.sortBy;
  const direction = order === 'asc' ? 1 : -1;
  filtered.sort((a, b) => {
    const left = a[column] ?? '';
    const right = b[column] ?? '';
    return (left < right ? -1 : left > right ? 1 : 0) * direction || (a.name < b.name ? -1 : 1);
  });
  return filtered.slice(body.offset, body.offset + body.limit).map((entry) => {
    // bucket_id and owner are not part of list answers
    const { name, id, updated_at, created_at, last_accessed_at, metadata } = entry;
    return { name, id, updated_at, created_at, last_accessed_at, metadata };
  });
}
