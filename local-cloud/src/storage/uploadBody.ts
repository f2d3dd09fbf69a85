// Reads an upload as storage-js sends it: multipart with the file under field "" (plus cacheControl and
// metadata fields), or the raw bytes with content-type, cache-control and x-metadata (base64 JSON) headers.
import type { Context } from 'hono';
import { readBodyCapped } from '../http/body.ts';
import { storageErrors } from './errors.ts';
import { baseMimeType } from './magic.ts';

export interface UploadBody {
  bytes: Uint8Array;
  /** The content type as sent, parameters (charset) included; the upload stores its bare type. */
  mimetype: string;
  cacheControl: string;
  /** What the uploader attached (storage-js's `metadata` option), or undefined. */
  userMetadata?: Record<string, unknown>;
}

/** The uploader's metadata: a JSON object, or the invalid-request error Storage gives for anything else. */
function userMetadataFrom(json: string | null | undefined): Record<string, unknown> | undefined {
  if (!json) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw storageErrors.invalidRequest('metadata is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw storageErrors.invalidRequest('metadata must be an object');
  if (json.length > 8 * 1024) throw storageErrors.invalidRequest('metadata is too large');
  return value as Record<string, unknown>;
}

const sentType = (type: string | undefined | null) => (type ?? '').trim() || 'application/octet-stream';

/** Multipart framing around the file; allowed on top of the bucket's limit before we stop reading. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The body, or the storage service's "entity too large" error past `max` bytes. */
async function readCapped(c: Context, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await readBodyCapped(c, max);
  if (!bytes) throw storageErrors.entityTooLarge();
  return bytes;
}

function cacheControlFrom(value: string | undefined | null): string {
  if (!value) return 'max-age=3600';
  return /^\d+$/.test(value.trim()) ? `max-age=${value.trim()}` : value.trim();
}

export async function readUploadBody(c: Context, sizeLimit: number): Promise<UploadBody> {
  const contentType = c.req.header('content-type') ?? '';
  if (baseMimeType(contentType) === 'multipart/form-data') {
    const raw = await readCapped(c, sizeLimit + MULTIPART_OVERHEAD);
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw storageErrors.invalidRequest('The multipart body could not be parsed');
    }
    const named = form.get('');
    const file = named instanceof Blob ? named : [...form.values()].find((v): v is File => v instanceof Blob);
    if (!file) throw storageErrors.noContent();
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.byteLength > sizeLimit) throw storageErrors.entityTooLarge();
    const cacheField = form.get('cacheControl');
    const metadataField = form.get('metadata');
    return {
      bytes,
      mimetype: sentType(file.type),
      cacheControl: cacheControlFrom(typeof cacheField === 'string' ? cacheField : c.req.header('cache-control')),
      userMetadata: userMetadataFrom(typeof metadataField === 'string' ? metadataField : undefined),
    };
  }
  const bytes = await readCapped(c, sizeLimit);
  const encodedMetadata = c.req.header('x-metadata');
  return {
    bytes,
    mimetype: sentType(contentType),
    cacheControl: cacheControlFrom(c.req.header('cache-control')),
    userMetadata: userMetadataFrom(encodedMetadata ? Buffer.from(encodedMetadata, 'base64').toString('utf8') : undefined),
  };
}
