// DELETE /object/{bucket} {prefixes}: deletes the rows the caller may delete (RLS), then their bytes.
// Files are moved aside inside the transaction and only discarded after commit.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { JwtClaims, LocalCloudContext } from '../context.ts';
import { fromDatabaseError } from './errors.ts';
import { assertObjectKey, objectFilePath, tempDir } from './keys.ts';
import { objectJson, OBJECT_COLUMNS, type ObjectRow } from './objects-db.ts';

export async function removeObjects(ctx: LocalCloudContext, claims: JwtClaims, bucket: string, keys: string[]) {
  keys.forEach(assertObjectKey);
  const trash = tempDir(ctx.config.dataDir);
  await mkdir(trash, { recursive: true });
  const moved: { from: string; to: string }[] = [];
  try {
    const rows = await ctx.db.withClaims(claims, async (tx) => {
      const { rows: deleted } = await tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
        [bucket, keys],
      );
      for (const row of deleted) {
        const from = objectFilePath(ctx.config.dataDir, bucket, row.name);
        const to = path.join(trash, `${randomUUID()}.deleted`);
        try {
          await rename(from, to);
          moved.push({ from, to });
        } catch {
          // bytes already gone: the row still goes
        }
      }
      return deleted;
    });
    await Promise.all(moved.map((m) => rm(m.to, { force: true })));
    return rows.map(objectJson);
  } catch (error) {
    await Promise.all(moved.map((m) => rename(m.to, m.from).catch(() => undefined)));
    throw fromDatabaseError(error) ?? error;
  }
}
