// Upload (POST), upsert (POST with x-upsert) and update (PUT). The row is written in a transaction as
// the caller (so RLS decides) and points at a new version's file, written and synced before it.
import { createHash } from 'node:crypto';
import type { JwtClaims, LocalCloudContext } from '../context.ts';
import { bucketForService, type Bucket } from './buckets.ts';
import { fromDatabaseError, storageErrors } from './errors.ts';
import { baseMimeType, contentContradictsType, mimeAllowed } from './magic.ts';
import type { UploadBody } from './uploadBody.ts';
import { removeVersionFile, writeVersionFile } from './versionFiles.ts';

/** Hosted Supabase's default global cap; a bucket may only lower it. */
const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

export type UploadMode = 'create' | 'upsert' | 'update';

const sizeLimitOf = (bucket: Bucket) => Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);

export async function uploadLimitFor(ctx: LocalCloudContext, bucketId: string): Promise<number> {
  return sizeLimitOf(await bucketForService(ctx, bucketId));
}

/**
 * What a bucket takes, for an upload and for a copy into it alike: within its size limit, of a type it
 * allows (`type` bare: trimmed, lower-case, no parameters), and bytes that do not belie that type.
 */
export function assertBucketTakes(bucket: Bucket, type: string, bytes: Uint8Array): void {
  if (bytes.byteLength > sizeLimitOf(bucket)) throw storageErrors.entityTooLarge();
  if (!mimeAllowed(type, bucket.allowed_mime_types)) throw storageErrors.invalidMimeType(type);
  if (contentContradictsType(type, bytes)) throw storageErrors.contentMismatch(type);
}

export async function storeObject(
  ctx: LocalCloudContext,
  claims: JwtClaims,
  bucketId: string,
  key: string,
  body: UploadBody,
  mode: UploadMode,
): Promise<{ Id: string; Key: string }> {
  const bucket = await bucketForService(ctx, bucketId);
  // Checked and stored as the bare type: what is served is what was checked, never " text/html"
  // slipping past a comparison. Storage keeps the type as sent.
  const baseType = baseMimeType(body.mimetype);
  assertBucketTakes(bucket, baseType, body.bytes);

  const now = new Date().toISOString();
  const metadata = {
    eTag: `"${createHash('md5').update(body.bytes).digest('hex')}"`,
    size: body.bytes.byteLength,
    mimetype: baseType,
    cacheControl: body.cacheControl,
    lastModified: now,
    contentLength: body.bytes.byteLength,
    httpStatusCode: 200,
  };
  const owner = claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null;

  // The new bytes are on disk, whole, before any row points at them; the row then moves to them in
  // one commit, and the version it replaced is removed only after that.
  const { dataDir } = ctx.config;
  const version = await writeVersionFile(dataDir, bucket.id, body.bytes);
  let replaced: string | null = null;
  try {
    const id = await ctx.db.withClaims(claims, async (tx) => {
      const { rows: before } = await tx.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2 for update',
        [bucket.id, key],
      );
      const params = [bucket.id, key, owner, owner, JSON.stringify(metadata), version, JSON.stringify(body.userMetadata ?? null)];
      let rows: { id: string }[];
      if (mode === 'update') {
        ({ rows } = await tx.query<{ id: string }>(
          `update storage.objects set owner = $3::uuid, owner_id = $4::text, metadata = $5::jsonb, version = $6,
                  user_metadata = $7::jsonb, updated_at = now(), last_accessed_at = now()
            where bucket_id = $1 and name = $2 returning id`,
          params,
        ));
        if (!rows[0]) throw storageErrors.noSuchKey();
      } else {
        const conflict =
          mode === 'upsert'
            ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
               metadata = excluded.metadata, version = excluded.version, user_metadata = excluded.user_metadata,
               updated_at = now(), last_accessed_at = now()`
            : '';
        ({ rows } = await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
           values ($1, $2, $3::uuid, $4::text, $5::jsonb, $6, $7::jsonb) ${conflict} returning id`,
          params,
        ));
      }
      replaced = before[0]?.version ?? null;
      return rows[0]!.id;
    });
    await removeVersionFile(dataDir, bucket.id, replaced);
    return { Id: id, Key: `${bucket.id}/${key}` };
  } catch (error) {
    await removeVersionFile(dataDir, bucket.id, version);
    throw fromDatabaseError(error) ?? error;
  }
}
