// Sends an object's bytes with the headers storage sets (type, length, cache-control, etag), inline
// only when its type cannot run script.
import { readFile } from 'node:fs/promises';
import type { Context } from 'hono';
import type { JwtClaims, LocalCloudContext } from '../context.ts';
import { storageErrors } from './errors.ts';
import { baseMimeType, isInertType } from './magic.ts';
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

function attachmentName(c: Context, key: string, inline: boolean): string | undefined {
  const download = c.req.query('download');
  if (download === undefined && inline) return undefined;
  return download || key.split('/').pop() || 'download';
}

/**
 * A private object's answer is for its reader alone: `private` (and no `public` or `s-maxage`), so a
 * shared cache (a proxy, a CDN) never keeps a résumé a signed URL fetched and hands it to the next asker.
 */
export function privateCacheControl(value: string): string {
  const directives = value
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^(public|s-maxage=.*)$/i.test(directive));
  if (!directives.some((directive) => /^(private|no-store)$/i.test(directive))) directives.unshift('private');
  return directives.join(', ');
}

/** `public`: the bucket is public and the URL needs no credential, so shared caches may keep the answer. */
export type Audience = 'public' | 'private';

export async function sendObject(c: Context, ctx: LocalCloudContext, row: ObjectRow, audience: Audience): Promise<Response> {
  let bytes: Buffer;
  try {
    bytes = await readFile(versionFilePath(ctx.config.dataDir, row.bucket_id, row.version ?? ''));
  } catch {
    // A row without its bytes (disk tampered with) is reported as missing, never as empty content.
    throw storageErrors.noSuchKey();
  }
  const meta = row.metadata ?? {};
  // Normalised again here: rows stored before types were normalised may hold " text/html".
  const stored = (typeof meta.mimetype === 'string' && baseMimeType(meta.mimetype)) || 'application/octet-stream';
  // As Supabase Storage does, HTML is served as text/plain; a site that serves stored pages sets the type itself.
  const type = stored === 'text/html' ? 'text/plain' : stored;
  const inline = isInertType(type);
  const cacheControl = typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache';
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Content-Length': String(bytes.byteLength),
    'Cache-Control': audience === 'public' ? cacheControl : privateCacheControl(cacheControl),
    'X-Content-Type-Options': 'nosniff',
  };
  // Nothing served from the API's origin may run script there (HTML, SVG, XML…): any type outside the
  // inert list is a download, and sandboxed should a browser render it anyway. PDF is left out of the
  // sandbox, which would stop Chromium's viewer from showing it.
  if (type !== 'application/pdf') headers['Content-Security-Policy'] = 'sandbox';
  if (typeof meta.eTag === 'string') headers.ETag = meta.eTag;
  if (typeof meta.lastModified === 'string') headers['Last-Modified'] = new Date(meta.lastModified).toUTCString();
  const name = attachmentName(c, row.name, inline);
  if (name) headers['Content-Disposition'] = `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"`;
  if (headers.ETag && c.req.header('if-none-match') === headers.ETag) return new Response(null, { status: 304, headers });
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(bytes), { status: 200, headers });
}
