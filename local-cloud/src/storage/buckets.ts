// Bucket rows. Limits are read as the owner (storage does the same: a caller need not see the
// bucket row to upload), while GET /bucket lists only what the caller's role may select.
import type { JwtClaims, Queryable, LocalCloudContext } from '../context.ts';
import { assertBucketId } from './keys.ts';
import { storageErrors } from './errors.ts';

export interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string | null;
  updated_at: string | null;
}

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toBucket(row: BucketRow): Bucket {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? null,
    public: row.public,
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const SELECT = 'select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets';

export async function bucketForService(ctx: LocalCloudContext, id: string): Promise<Bucket> {
  assertBucketId(id);
  const { rows } = await ctx.db.asOwner((tx) => tx.query<BucketRow>(`${SELECT} where id = $1`, [id]));
  if (!rows[0]) throw storageErrors.noSuchBucket();
  return toBucket(rows[0]);
}

export async function listBucketsAs(ctx: LocalCloudContext, claims: JwtClaims): Promise<Bucket[]> {
  const { rows } = await ctx.db.withClaims(claims, (tx: Queryable) => tx.query<BucketRow>(`${SELECT} order by name`));
  return rows.map(toBucket);
}

export async function bucketAs(ctx: LocalCloudContext, claims: JwtClaims, id: string): Promise<Bucket> {
  assertBucketId(id);
  const { rows } = await ctx.db.withClaims(claims, (tx: Queryable) => tx.query<BucketRow>(`${SELECT} where id = $1`, [id]));
  if (!rows[0]) throw storageErrors.noSuchBucket();
  return toBucket(rows[0]);
}
