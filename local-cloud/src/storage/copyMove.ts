// POST /object/copy and /object/move, as Storage serves storage-js's copy() and move(): within a
// bucket or into another (destinationBucket). The caller must be able to read the source, and its
// row-level security decides the destination (copy: insert, or upsert with x-upsert) or the change of
// the row's place (move: update of the source row), in one transaction written as the caller, so the
// database's triggers (the storage quota) run as for an upload. The bytes get a new version file in
// the destination bucket before any row points at it; a move removes the old one after its commit.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { JwtClaims, LocalCloudContext } from '../context.ts';
import { bucketForService } from './buckets.ts';
import { fromDatabaseError, storageErrors } from './errors.ts';
import { assertObjectKey, versionFilePath } from './keys.ts';
import { OBJECT_COLUMNS, objectJson, type ObjectRow } from './objectsDb.ts';
import { baseMimeType, contentProvesType } from './magic.ts';
import { findObject } from './serveObject.ts';
import { assertBucketTakes } from './upload.ts';
import { removeVersionFile, writeVersionFile } from './versionFiles.ts';

const place = {
  bucketId: z.string().min(1),
  sourceKey: z.string().min(1),
  destinationBucket: z.string().min(1).optional(),
  destinationKey: z.string().min(1),
};
export const copyBody = z.object({
  ...place,
  copyMetadata: z.boolean().optional(),
  metadata: z.object({ cacheControl: z.string().optional(), mimetype: z.string().optional() }).optional(),
});
export const moveBody = z.object(place);

async function sourceBytes(ctx: LocalCloudContext, row: ObjectRow): Promise<Buffer> {
  try {
    return await readFile(versionFilePath(ctx.config.dataDir, row.bucket_id, row.version ?? ''));
  } catch {
    throw storageErrors.noSuchKey(); // a row without its bytes is missing, never empty
  }
}

const ownerOf = (claims: JwtClaims) => (claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null);

export async function copyObject(ctx: LocalCloudContext, claims: JwtClaims, body: z.infer<typeof copyBody>, upsert: boolean) {
  assertObjectKey(body.sourceKey);
  assertObjectKey(body.destinationKey);
  const destination = await bucketForService(ctx, body.destinationBucket ?? body.bucketId);
  const source = await findObject(ctx, claims, body.bucketId, body.sourceKey);
  const bytes = await sourceBytes(ctx, source);
  // The copy keeps the source's type (bare: trimmed, lower-case, no parameters). The caller may name
  // another (copyMetadata false) only when the bytes prove it: a PNG never turns into text/html. Either
  // way the destination bucket must take it, as an upload of these bytes there.
  const sourceType = baseMimeType(String(source.metadata?.mimetype ?? '')) || 'application/octet-stream';
  const type = body.copyMetadata === false && body.metadata?.mimetype !== undefined ? baseMimeType(body.metadata.mimetype) : sourceType;
  if (type !== sourceType && !contentProvesType(type, bytes)) throw storageErrors.contentMismatch(type);
  assertBucketTakes(destination, type, bytes);
  const metadata: Record<string, unknown> = { ...(source.metadata ?? {}), mimetype: type, lastModified: new Date().toISOString() };
  if (body.copyMetadata === false && body.metadata?.cacheControl !== undefined) metadata.cacheControl = body.metadata.cacheControl;
  const userMetadata = body.copyMetadata === false ? null : source.user_metadata;
  const version = await writeVersionFile(ctx.config.dataDir, destination.id, bytes);
  let replaced: string | null = null;
  try {
    const row = await ctx.db.withClaims(claims, async (tx) => {
      const { rows: before } = await tx.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2',
        [destination.id, body.destinationKey],
      );
      const conflict = upsert
        ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
             version = excluded.version, user_metadata = excluded.user_metadata, updated_at = now(), last_accessed_at = now()`
        : '';
      const owner = ownerOf(claims);
      const { rows } = await tx.query<ObjectRow>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
         values ($1, $2, $3::uuid, $4::text, $5::jsonb, $6, $7::jsonb) ${conflict} returning ${OBJECT_COLUMNS}`,
        [destination.id, body.destinationKey, owner, owner, JSON.stringify(metadata), version, JSON.stringify(userMetadata)],
      );
      replaced = before[0]?.version ?? null;
      return rows[0]!;
    });
    await removeVersionFile(ctx.config.dataDir, destination.id, replaced);
    return { Id: row.id, Key: `${destination.id}/${body.destinationKey}`, ...objectJson(row) };
  } catch (error) {
    await removeVersionFile(ctx.config.dataDir, destination.id, version);
    throw fromDatabaseError(error) ?? error;
  }
}

export async function moveObject(ctx: LocalCloudContext, claims: JwtClaims, body: z.infer<typeof moveBody>) {
  assertObjectKey(body.sourceKey);
  assertObjectKey(body.destinationKey);
  const destination = await bucketForService(ctx, body.destinationBucket ?? body.bucketId);
  const source = await findObject(ctx, claims, body.bucketId, body.sourceKey);
  if (source.bucket_id === destination.id && source.name === body.destinationKey)
    return { message: 'Successfully moved', Id: source.id, Key: source.name };
  const version = await writeVersionFile(ctx.config.dataDir, destination.id, await sourceBytes(ctx, source));
  try {
    const moved = await ctx.db.withClaims(claims, async (tx) => {
      const owner = ownerOf(claims);
      // The row moves: RLS must let the caller change it where it was (using) and put it where it goes (check).
      const { rows } = await tx.query<{ id: string }>(
        `update storage.objects set bucket_id = $3, name = $4, version = $5, owner = $6::uuid, owner_id = $7::text,
                metadata = metadata || jsonb_build_object('lastModified', $8::text), updated_at = now(), last_accessed_at = now()
          where bucket_id = $1 and name = $2 and version is not distinct from $9 returning id`,
        [
          source.bucket_id,
          source.name,
          destination.id,
          body.destinationKey,
          version,
          owner,
          owner,
          new Date().toISOString(),
          source.version,
        ],
      );
      if (!rows[0]) throw storageErrors.noSuchKey(); // gone, replaced meanwhile, or not the caller's to change
      return rows[0];
    });
    await removeVersionFile(ctx.config.dataDir, source.bucket_id, source.version);
    return { message: 'Successfully moved', Id: moved.id, Key: body.destinationKey };
  } catch (error) {
    await removeVersionFile(ctx.config.dataDir, destination.id, version);
    throw fromDatabaseError(error) ?? error;
  }
}
