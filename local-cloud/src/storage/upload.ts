// Upload (POST), upsert (POST with x-upsert) and update (PUT). The metadata row and the file agree:
// the bytes go to a temp file, the row is written in a transaction as the caller (so RLS decides),
// the file is renamed into place before commit, and everything is undone if the commit fails.
import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JwtClaims, LocalCloudContext } from '../context.ts';
import { bucketForService } from './buckets.ts';
import { fromDatabaseError, storageErrors } from './errors.ts';
import { objectFilePath, tempDir } from './keys.ts';
import { contentContradictsType, mimeAllowed } from './magic.ts';
import type { UploadBody } from './upload-body.ts';

/** Hosted Supabase's default global cap; a bucket may only lower it. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

export type UploadMode = 'create' | 'upsert' | 'update';

export async function uploadLimitFor(ctx: LocalCloudContext, bucketId: string): Promise<number> {
  const bucket = await bucketForService(ctx, bucketId);
  return Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
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
  const finalPath = objectFilePath(ctx.config.dataDir, bucket.id, key);
  const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
  if (body.bytes.byteLength > limit) throw storageErrors.entityTooLarge();
  if (!mimeAllowed(body.mimetype, bucket.allowed_mime_types)) throw storageErrors.invalidMimeType(body.mimetype);
  if (contentContradictsType(body.mimetype, body.bytes)) throw storageErrors.contentMismatch(body.mimetype);

  const now = new Date().toISOString();
  const metadata = {
    eTag: `"${createHash('md5').update(body.bytes).digest('hex')}"`,
    size: body.bytes.byteLength,
    mimetype: body.mimetype,
    cacheControl: body.cacheControl,
    lastModified: now,
    contentLength: body.bytes.byteLength,
    httpStatusCode: 200,
  };
  const owner = claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null;

  const tmpDir = tempDir(ctx.config.dataDir);
  await mkdir(tmpDir, { recursive: true });
  const tmpFile = path.join(tmpDir, randomUUID());
  await writeFile(tmpFile, body.bytes);

  let backup: string | undefined;
  let renamed = false;
  try {
    const id = await ctx.db.withClaims(claims, async (tx) => {
      const params = [bucket.id, key, owner, owner, JSON.stringify(metadata)];
      let rows: { id: string }[];
      if (mode === 'update') {
        ({ rows } = await tx.query<{ id: string }>(
          `update storage.objects set owner = $3::uuid, owner_id = $4::text, metadata = $5::jsonb, updated_at = now(), last_accessed_at = now()
            where bucket_id = $1 and name = $2 returning id`,
          params,
        ));
        if (!rows[0]) throw storageErrors.noSuchKey();
      } else {
        const conflict =
          mode === 'upsert'
            ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
               metadata = excluded.metadata, updated_at = now(), last_accessed_at = now()`
            : '';
        ({ rows } = await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
           values ($1, $2, $3::uuid, $4::text, $5::jsonb, $6) ${conflict} returning id`,
          [...params, randomUUID()],
        ));
      }
      // The row is in; now put the bytes in place. An older version is moved aside, not deleted,
      // so a failed commit can restore it.
      await mkdir(path.dirname(finalPath), { recursive: true });
      if (await exists(finalPath)) {
        backup = path.join(tmpDir, `${randomUUID()}.previous`);
        await rename(finalPath, backup);
      }
      await rename(tmpFile, finalPath);
      renamed = true;
      return rows[0]!.id;
    });
    if (backup) await rm(backup, { force: true });
    return { Id: id, Key: `${bucket.id}/${key}` };
  } catch (error) {
    if (renamed) await rm(finalPath, { force: true });
    else await rm(tmpFile, { force: true });
    if (backup) await rename(backup, finalPath).catch(() => undefined);
    throw fromDatabaseError(error) ?? error;
  }
}
