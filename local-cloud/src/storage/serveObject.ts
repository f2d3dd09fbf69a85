// Sends an object's bytes with the headers storage sets (type, length, cache-control, etag).
import { readFile } from 'node:fs/promises';
import type { Context } from 'hono';
import type { JwtClaims, LocalCloudContext } from '../context.ts';
import { storageErrors } from './errors.ts';
import { versionFilePath } from './keys.ts';
import { OBJECT_COLUMNS, type ObjectRow } from './objectsDb.ts';

/** The row as `claims` may see it (RLS), or as the owner when claims is 'owner' (public and signed URLs). */
export async function findObject(ctx: LocalCloudContext, claims: JwtClaims | 'owner', bucket: string, key: string): Promise<ObjectRow> {
  const sql = `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`;
  const { rows } =
    claims === 'owner'
      ? await ctx.db.asOwner((tx) => tx.query<ObjectRow>(sql, [bucket, key]))
      : await ctx.db.withClaims(claims, (tx) => tx.query<ObjectRow>(sql, [bucket, key]));
  if (!rows[0]) throw storageErrors.noSuchKey();
  return rows[0];
}

function attachmentName(c: Context, key: string): string | undefined {
  const download = c.req.query('download');
  if (download === undefined) return undefined;
  return download || key.split('/').pop() || 'download';
}

export async function sendObject(c: Context, ctx: LocalCloudContext, row: ObjectRow): Promise<Response> {
  let bytes: Buffer;
  try {
    bytes = await readFile(versionFilePath(ctx.config.dataDir, row.bucket_id, row.version ?? ''));
  } catch {
    // A row without its bytes (disk tampered with) is reported as missing, never as empty content.
    throw storageErrors.noSuchKey();
  }
  const meta = row.metadata ?? {};
  const declared = typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream';
  const headers: Record<string, string> = {
    // As Supabase Storage does: HTML is never served as HTML from the API's origin (which also serves
    // the mailbox here); a site that serves stored pages sets the type itself.
    'Content-Type': /^text\/html\b/i.test(declared) ? 'text/plain' : declared,
    'Content-Length': String(bytes.byteLength),
    'Cache-Control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  };
  if (typeof meta.eTag === 'string') headers.ETag = meta.eTag;
  if (typeof meta.lastModified === 'string') headers['Last-Modified'] = new Date(meta.lastModified).toUTCString();
  const name = attachmentName(c, row.name);
  if (name) headers['Content-Disposition'] = `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"`;
  if (headers.ETag && c.req.header('if-none-match') === headers.ETag) return new Response(null, { status: 304, headers });
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(bytes), { status: 200, headers });
}
