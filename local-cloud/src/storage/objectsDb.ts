// storage.objects rows as the API returns them.
export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  version: string | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  last_accessed_at: Date | string | null;
}

export const OBJECT_COLUMNS = 'id, bucket_id, name, owner, metadata, user_metadata, version, created_at, updated_at, last_accessed_at';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function objectJson(row: ObjectRow) {
  return {
    id: row.id,
    bucket_id: row.bucket_id,
    name: row.name,
    owner: row.owner,
    metadata: row.metadata,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    last_accessed_at: iso(row.last_accessed_at),
  };
}
