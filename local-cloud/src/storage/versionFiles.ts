// The files behind object versions: written whole and synced before a row may point at them,
// removed only after the row that pointed at them is gone, and swept at start for what a crash left.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../context.ts';
import { legacyObjectFilePath, storageRoot, tempDir, versionFilePath } from './keys.ts';

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes the bytes as a new version's file (0600, synced, then renamed into place); returns its id. */
export async function writeVersionFile(dataDir: string, bucket: string, bytes: Uint8Array): Promise<string> {
  const version = randomUUID();
  const target = versionFilePath(dataDir, bucket, version);
  const tmp = tempDir(dataDir);
  await mkdir(tmp, { recursive: true, mode: 0o700 });
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const staging = path.join(tmp, version);
  const handle = await open(staging, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(staging, { force: true });
    throw error;
  }
  await handle.close();
  await rename(staging, target);
  await syncDir(path.dirname(target));
  return version;
}

/** Removes a version's file no row points at any more; a missing one is fine. */
export async function removeVersionFile(dataDir: string, bucket: string, version: string | null | undefined): Promise<void> {
  if (!version) return;
  await rm(versionFilePath(dataDir, bucket, version), { force: true }).catch(() => undefined);
}

/**
 * At start: empties the staging folder, moves files of the old layout to their versions, and removes
 * version files no row points at (a crash between writing a file and committing its row, or between
 * committing and removing the file it replaced).
 */
export async function sweepStorage(dataDir: string, db: Database): Promise<void> {
  await rm(tempDir(dataDir), { recursive: true, force: true });
  const rows = await db.asOwner((tx) =>
    tx.query<{ bucket_id: string; name: string; version: string | null }>('select bucket_id, name, version from storage.objects'),
  );
  const kept = new Set<string>();
  for (const row of rows.rows) {
    if (!row.version || !/^[0-9a-f-]{36}$/.test(row.version)) continue;
    const target = versionFilePath(dataDir, row.bucket_id, row.version);
    kept.add(target);
    let legacy: string;
    try {
      legacy = legacyObjectFilePath(dataDir, row.bucket_id, row.name);
    } catch {
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await rename(legacy, target).catch(() => undefined); // only where the old layout still has it
  }
  const objectsDir = path.join(storageRoot(dataDir), 'objects');
  for (const bucket of await readdir(objectsDir).catch(() => [] as string[])) {
    for (const file of await readdir(path.join(objectsDir, bucket)).catch(() => [] as string[])) {
      const full = path.join(objectsDir, bucket, file);
      if (!kept.has(full)) await rm(full, { force: true });
    }
  }
}
