// DELETE /object/{bucket} {prefixes}: deletes the rows the caller may delete (RLS); their files go
// after the commit (a crash in between leaves only files no row points at, swept at start).
import type { JwtClaims, LocalCloudContext } from '../context.ts';
import { fromDatabaseError } from './errors.ts';
import { assertObjectKey } from './keys.ts';
import { objectJson, OBJECT_COLUMNS, type ObjectRow } from './objectsDb.ts';
import { removeVersionFile } from './versionFiles.ts';

export async function removeObjects(ctx: LocalCloudContext, claims: JwtClaims, bucket: string, keys: string[]) {
  keys.forEach(assertObjectKey);
  let rows: ObjectRow[];
  try {
    rows = await ctx.db.withClaims(claims, async (tx) => {
      // Storage's own transactions may delete rows (storage.protect_delete refuses any other).
      await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      const { rows: deleted } = await tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
        [bucket, keys],
      );
      return deleted;
    });
  } catch (error) {
    throw fromDatabaseError(error) ?? error;
  }
  await Promise.all(rows.map((row) => removeVersionFile(ctx.config.dataDir, bucket, row.version)));
  return rows.map(objectJson);
}
