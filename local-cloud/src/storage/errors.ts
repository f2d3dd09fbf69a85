// Storage's error envelope. Like supabase/storage, the HTTP status is 400 for client errors and the
// real status travels as a string in `statusCode`; storage-js reads both.
import type { Context } from 'hono';

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  duplicate: () => new StorageError(409, 'Duplicate', 'Duplicate', 'The resource already exists'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`),
  invalidJwt: (message = 'Invalid JWT') => new StorageError(400, 'InvalidJWT', 'Unauthorized', message),
  missingAuth: () => new StorageError(400, 'InvalidJWT', 'Unauthorized', "headers must have required property 'authorization'"),
  accessDenied: (message = 'new row violates row-level security policy') => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  entityTooLarge: () => new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (mime: string) => new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mime} is not supported`),
  contentMismatch: (mime: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `The file content does not match its mime type ${mime}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'Invalid Input', message),
  noContent: () => new StorageError(400, 'InvalidRequest', 'Invalid Input', 'No content provided'),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', 'InvalidSignature', message),
  expiredToken: () => new StorageError(400, 'ExpiredToken', 'InvalidJWT', 'The provided token has expired.'),
  internal: () => new StorageError(500, 'InternalError', 'internal', 'Internal server error'),
  quotaExceeded: (message: string) => new StorageError(413, 'QuotaExceeded', 'Payload too large', message),
};

/**
 * Postgres refusals inside a request become storage's answers (RLS → 403, unique → 409, the storage
 * quota trigger of supabase/migrations → 413 with its message).
 */
export function fromDatabaseError(error: unknown): StorageError | undefined {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  if (code === '42501') return storageErrors.accessDenied();
  if (code === '23505') return storageErrors.duplicate();
  if (code === 'P0413') return storageErrors.quotaExceeded(error instanceof Error ? error.message : 'Storage quota exceeded');
  return undefined;
}

export function sendStorageError(c: Context, error: StorageError): Response {
  const httpStatus = error.status >= 500 ? 500 : 400;
  return c.json({ statusCode: String(error.status), error: error.error, code: error.code, message: error.message }, httpStatus);
}
