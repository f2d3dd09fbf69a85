// Object keys and where their bytes live on disk. A key never escapes its bucket's folder.
import path from 'node:path';
import { storageErrors } from './errors.ts';

const BUCKET_ID = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;
const MAX_KEY_LENGTH = 1024;

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export function assertBucketId(bucket: string): void {
  if (!BUCKET_ID.test(bucket) || bucket === '.' || bucket === '..') throw storageErrors.noSuchBucket();
}

/** Refuses traversal (`..`, `.`), absolute keys, backslashes, control characters (NUL) and empty segments. */
export function assertObjectKey(key: string): void {
  const bad =
    key.length === 0 ||
    key.length > MAX_KEY_LENGTH ||
    key.startsWith('/') ||
    key.includes('\\') ||
    hasControlCharacter(key) ||
    key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..');
  if (bad) throw storageErrors.invalidKey(key);
}

export function storageRoot(dataDir: string): string {
  return path.resolve(dataDir, 'storage');
}

/**
 * Where the bytes of one version of an object live: `storage/objects/<bucket>/<version id>`. A
 * version's file is written whole before the row points at it and never changed after, so the row
 * and its file always agree, whatever moment a crash picks.
 */
export function versionFilePath(dataDir: string, bucket: string, version: string): string {
  assertBucketId(bucket);
  if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error(`not a version id: ${version}`);
  return path.join(storageRoot(dataDir), 'objects', bucket, version);
}

/** Where files were kept before versions (`storage/<bucket>/<key>`), moved at start. */
export function legacyObjectFilePath(dataDir: string, bucket: string, key: string): string {
  assertBucketId(bucket);
  assertObjectKey(key);
  const bucketDir = path.join(storageRoot(dataDir), bucket);
  const file = path.resolve(bucketDir, ...key.split('/'));
  // Belt and braces: whatever the checks above missed, the resolved path must stay inside the bucket.
  if (!file.startsWith(bucketDir + path.sep)) throw storageErrors.invalidKey(key);
  return file;
}

/** Uploads are written here first, then renamed into place: same filesystem, so rename is atomic. */
export function tempDir(dataDir: string): string {
  return path.join(storageRoot(dataDir), '.tmp');
}
