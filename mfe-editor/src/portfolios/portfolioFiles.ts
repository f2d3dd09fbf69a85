// A portfolio's files in Storage: pictures in `portfolio-images`, resumes in `resumes`, each under
// `<user id>/<portfolio id>/` (the buckets' row-level security checks the first folder). A row's data
// names a stored file as `storage:<bucket>/<path>`; pages show it through a short-lived signed URL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { storedImageFromPath } from '@folioforge/shared';
import { fileValuesOf, isStorageRef, replaceFileValue, type Portfolio } from '@folioforge/templates';
import type { FileFieldKind } from './fileRules';
import { uploadsFor, type PreparedImage } from '../images/preparedUploads';
import { createPortfolio, savePortfolio, type NewPortfolio, type PortfolioRow } from './portfolioApi';

export const IMAGE_BUCKET = 'portfolio-images';
export const RESUME_BUCKET = 'resumes';
export const PORTFOLIO_BUCKETS = [IMAGE_BUCKET, RESUME_BUCKET] as const;
export type PortfolioBucket = (typeof PORTFOLIO_BUCKETS)[number];

/** Signed URLs for previews live this long; an editor open longer signs again on its next opening. */
export const SIGNED_URL_SECONDS = 3600;

const REF_PREFIX = 'storage:';

export const portfolioFolder = (userId: string, portfolioId: string) => `${userId}/${portfolioId}`;

export const bucketFor = (kind: FileFieldKind): PortfolioBucket => (kind === 'image' ? IMAGE_BUCKET : RESUME_BUCKET);

export interface StoredFileRef {
  bucket: PortfolioBucket;
  path: string;
}

export const toStorageRef = ({ bucket, path }: StoredFileRef) => `${REF_PREFIX}${bucket}/${path}`;

export { isStorageRef };

/**
 * The file a reference names, if it is in one of the portfolio buckets under `userId`'s folder. A row
 * naming anyone else's file (forged, or copied) is not signed: never another user's file.
 */
export function parseStorageRef(value: string, userId: string): StoredFileRef | null {
  if (!isStorageRef(value)) return null;
  const rest = value.slice(REF_PREFIX.length);
  const bucket = PORTFOLIO_BUCKETS.find((candidate) => rest.startsWith(`${candidate}/`));
  if (!bucket) return null;
  const path = rest.slice(bucket.length + 1);
  const parts = path.split('/');
  if (parts.length !== 3 || parts[0] !== userId || parts.some((part) => part === '' || part === '.' || part === '..')) return null;
  return { bucket, path };
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** A new stem per upload (the field and a random part): a replaced picture never shows from a cache, and the old one is removed by name. */
function newFileStem(fieldKey: string): string {
  const random = crypto.getRandomValues(new Uint32Array(2)).reduce((text, n) => text + n.toString(36), '');
  return `${fieldKey.replace(/[^A-Za-z0-9_-]/g, '')}-${random}`;
}

export function newFilePath(userId: string, portfolioId: string, fieldKey: string, file: Pick<File, 'type'>): string {
  return `${portfolioFolder(userId, portfolioId)}/${newFileStem(fieldKey)}.${EXTENSIONS[file.type] ?? 'bin'}`;
}

/** Every path a stored file occupies: a prepared photo's main file and its narrower copies, or the file alone. */
function pathsOf(path: string): string[] {
  const image = storedImageFromPath(path);
  return image ? [image.path, ...image.variants.map((variant) => variant.path)] : [path];
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Storage answers the quota trigger's refusal (SQLSTATE P0413, supabase/migrations) as a database
 * error naming only the code: `{statusCode: "500", code: "DatabaseError", message: "database error, code: P0413"}`.
 */
const QUOTA_REFUSAL = /^database error, code: P0413$/;

function uploadProblem(status: number, kind: FileFieldKind, fileName: string, overQuota = false): string {
  if (overQuota)
    return `"${fileName}" was not stored: it would take your files past the storage space your plan includes. Remove files you no longer use, or choose a plan with more storage.`;
  if (status === 413) return `"${fileName}" is larger than ${kind === 'image' ? '5' : '10'} MB. Choose a smaller file.`;
  if (status === 415)
    return kind === 'image'
      ? `"${fileName}" is not really a PNG, JPEG, GIF or WebP picture (its content says otherwise). Choose another file.`
      : `"${fileName}" is not really a PDF (its content says otherwise). Choose a resume saved as PDF.`;
  if (status === 401 || status === 403) return 'You are signed out, or may not store files here. Log in again and retry.';
  if (status === 0) return 'No connection: the file was not stored. Choose it again when you are back online.';
  return `The file could not be stored (error ${status}). Try again.`;
}

export interface UploadRequest {
  config: { supabaseUrl: string; supabaseAnonKey: string };
  accessToken: string | undefined;
  ref: StoredFileRef;
  file: File;
  kind: FileFieldKind;
  /** 0 … 1 as the bytes go out. */
  onProgress: (fraction: number) => void;
}

export interface PreparedImageUpload extends Omit<UploadRequest, 'ref' | 'file' | 'kind'> {
  client: SupabaseClient;
  userId: string;
  portfolioId: string;
  prepared: PreparedImage;
  /** The name the visitor chose, for messages. */
  fileName: string;
}

/**
 * A prepared photo into `portfolio-images`: its copies, then its main file (the one the row names), with
 * progress over all their bytes. If one is refused, the ones already stored are removed again.
 */
export async function uploadPreparedImage({
  client,
  userId,
  portfolioId,
  prepared,
  fileName,
  onProgress,
  ...request
}: PreparedImageUpload): Promise<string> {
  const { uploads } = uploadsFor(prepared, portfolioFolder(userId, portfolioId), newFileStem('image'));
  const ordered = [...uploads.slice(1), uploads[0]!];
  const total = ordered.reduce((sum, upload) => sum + upload.blob.size, 0) || 1;
  const stored: string[] = [];
  let done = 0;
  try {
    for (const upload of ordered) {
      const file = new File([upload.blob], fileName, { type: upload.contentType });
      const ref = { bucket: IMAGE_BUCKET, path: upload.path } as const;
      await uploadPortfolioFile({
        ...request,
        ref,
        file,
        kind: 'image',
        onProgress: (fraction) => onProgress((done + fraction * upload.blob.size) / total),
      });
      stored.push(upload.path);
      done += upload.blob.size;
    }
  } catch (error) {
    if (stored.length)
      await client.storage
        .from(IMAGE_BUCKET)
        .remove(stored)
        .catch(() => undefined);
    throw error;
  }
  return toStorageRef({ bucket: IMAGE_BUCKET, path: uploads[0]!.path });
}

/**
 * Uploads through Storage's API with XMLHttpRequest, the one browser API that reports upload progress
 * (supabase-js uses fetch, which does not). Same request as storage-js: a raw body with its type.
 */
export function uploadPortfolioFile({ config, accessToken, ref, file, kind, onProgress }: UploadRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!accessToken) {
      reject(new UploadError(uploadProblem(401, kind, file.name), 401));
      return;
    }
    const request = new XMLHttpRequest();
    const encodedPath = ref.path.split('/').map(encodeURIComponent).join('/');
    request.open('POST', `${config.supabaseUrl}/storage/v1/object/${ref.bucket}/${encodedPath}`);
    request.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    request.setRequestHeader('apikey', config.supabaseAnonKey);
    request.setRequestHeader('Content-Type', file.type);
    request.setRequestHeader('x-upsert', 'false');
    request.setRequestHeader('cache-control', 'max-age=3600');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(toStorageRef(ref));
        return;
      }
      // Storage answers 400 with the real status as a string in the body.
      let status = request.status;
      let overQuota = false;
      try {
        const body = JSON.parse(request.responseText) as { statusCode?: unknown; code?: unknown; message?: unknown };
        if (typeof body.statusCode === 'string' && /^\d{3}$/.test(body.statusCode)) status = Number(body.statusCode);
        overQuota = body.code === 'DatabaseError' && typeof body.message === 'string' && QUOTA_REFUSAL.test(body.message);
      } catch {
        // not JSON: keep the HTTP status
      }
      reject(new UploadError(uploadProblem(status, kind, file.name, overQuota), status));
    };
    request.onerror = () => reject(new UploadError(uploadProblem(0, kind, file.name), 0));
    request.send(file);
  });
}

/** Signed URLs for the references a portfolio holds (only the user's own files). */
export async function signedUrlsFor(client: SupabaseClient, userId: string, refs: readonly string[]): Promise<Record<string, string>> {
  const urls: Record<string, string> = {};
  for (const bucket of PORTFOLIO_BUCKETS) {
    const paths = refs.map((ref) => parseStorageRef(ref, userId)).filter((ref): ref is StoredFileRef => ref?.bucket === bucket);
    if (paths.length === 0) continue;
    const { data, error } = await client.storage.from(bucket).createSignedUrls(
      paths.map((ref) => ref.path),
      SIGNED_URL_SECONDS,
    );
    if (error) throw error;
    for (const item of data ?? []) if (item.signedUrl && item.path) urls[toStorageRef({ bucket, path: item.path })] = item.signedUrl;
  }
  return urls;
}

/** Removes stored files a portfolio no longer names, a photo's copies with it. */
export async function removeStoredFiles(client: SupabaseClient, userId: string, refs: readonly string[]): Promise<void> {
  for (const bucket of PORTFOLIO_BUCKETS) {
    const paths = refs.map((ref) => parseStorageRef(ref, userId)).filter((ref): ref is StoredFileRef => ref?.bucket === bucket);
    if (paths.length === 0) continue;
    const { error } = await client.storage.from(bucket).remove(paths.flatMap((ref) => pathsOf(ref.path)));
    if (error) throw error;
  }
}

/**
 * A copy of a portfolio whose stored files are copies in the new portfolio's folder, so the copy
 * keeps its pictures when the original is deleted. Files that cannot be copied are left out.
 */
export async function copyStoredFiles(client: SupabaseClient, userId: string, data: Portfolio, toPortfolioId: string): Promise<Portfolio> {
  let copied = data;
  for (const value of fileValuesOf(data)) {
    const ref = parseStorageRef(value, userId);
    if (!ref) continue;
    const name = ref.path.split('/').pop() ?? 'file';
    const target = { bucket: ref.bucket, path: `${portfolioFolder(userId, toPortfolioId)}/${name}` };
    // Storage copies on the server: nothing is downloaded and sent back up. A photo's copies go along
    // (the same names in the new folder); a copy that fails leaves the page with the main file only.
    const { error } = await client.storage.from(ref.bucket).copy(ref.path, target.path);
    if (!error)
      for (const variant of pathsOf(ref.path).slice(1))
        await client.storage.from(ref.bucket).copy(variant, `${portfolioFolder(userId, toPortfolioId)}/${variant.split('/').pop()}`);
    copied = replaceFileValue(copied, value, error ? '' : toStorageRef(target));
  }
  return copied;
}

/** The portfolio without the files it keeps in the account (a new one has its own folder, made first). */
const withoutStoredFiles = (data: Portfolio) =>
  fileValuesOf(data)
    .filter(isStorageRef)
    .reduce((portfolio, value) => replaceFileValue(portfolio, value, ''), data);

/**
 * A new portfolio with `source`'s content and its own copies of its stored files (made first without
 * them: the copies go into the new portfolio's folder, which needs its id).
 */
export async function createPortfolioCopy(client: SupabaseClient, userId: string, source: NewPortfolio): Promise<PortfolioRow> {
  const row = await createPortfolio(client, { ...source, data: withoutStoredFiles(source.data) });
  if (!fileValuesOf(source.data).some(isStorageRef)) return row;
  const data = await copyStoredFiles(client, userId, source.data, row.id);
  return savePortfolio(client, row.id, row.version, { templateId: row.templateId, data });
}
