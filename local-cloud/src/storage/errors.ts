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
  /** What Storage makes of an error a trigger raised: a 500 naming only its SQLSTATE (the message stays in the log). */
  databaseError: (sqlstate: string) => new StorageError(500, 'DatabaseError', 'DatabaseError', `database error, code: ${sqlstate}`),
};

/**
 * Postgres refusals inside a request become storage's answers as Storage maps them (RLS → 403,
 * unique → 409; any other SQLSTATE a trigger raises, like the quota trigger's P0413, → 500
 * DatabaseError "database error, code: P0413", the database's message withheld).
 */
export function fromDatabaseError(error: unknown): StorageError | undefined {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  if (code === '42501') return storageErrors.accessDenied();
  if (code === '23505') return storageErrors.duplicate();
  if (/^P0\d{3}$/.test(code)) return storageErrors.databaseError(code);
  return undefined;
}

export function sendStorageError(c: Context, error: StorageError): Response {
  const httpStatus = error.status >= 500 ? 500 : 400;
  return c.json({ statusCode: String(error.status), error: error.error, code: error.code, message: error.message }, httpStatus);
}
