// /storage/v1: the Storage API subset storage-js uses, over files under <dataDir>/storage and
// metadata rows in storage.objects written as the caller, so the project's RLS policies decide.
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { LocalCloudContext, MountRoutes } from '../context.ts';
import { bucketAs, bucketForService, listBucketsAs } from './buckets.ts';
import { StorageError, fromDatabaseError, sendStorageError, storageErrors } from './errors.ts';
import { assertObjectKey } from './keys.ts';
import { listBody, listObjects } from './list.ts';
import { removeObjects } from './remove.ts';
import { claimsOf } from './requestAuth.ts';
import { findObject, sendObject } from './serveObject.ts';
import { signObjectUrl, verifyObjectToken } from './signedUrls.ts';
import { readUploadBody } from './uploadBody.ts';
import { readJsonBody } from '../http/body.ts';
import { storeObject, uploadLimitFor, type UploadMode } from './upload.ts';
import { copyBody, copyObject, moveBody, moveObject } from './copyMove.ts';

const BASE = '/storage/v1';
const JSON_LIMIT = 1024 * 1024;

const signBody = z.object({
  expiresIn: z.coerce
    .number()
    .int()
    .min(1)
    .max(10 * 365 * 24 * 3600),
});
const signManyBody = signBody.extend({ paths: z.array(z.string()).min(1).max(1000) });
const removeBody = z.object({ prefixes: z.array(z.string()).min(1).max(1000) });

async function readJson<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  // Capped while reading: a huge or endless (chunked) body is refused, never buffered.
  const body = await readJsonBody(c, JSON_LIMIT, {});
  if (!body.ok && body.reason === 'too_large') throw storageErrors.entityTooLarge();
  if (!body.ok) throw storageErrors.invalidRequest('Body is not valid JSON');
  const value = body.value;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw storageErrors.invalidRequest(`body/${issue?.path.join('/') ?? ''} ${issue?.message ?? 'is invalid'}`.trim());
  }
  return parsed.data;
}

/** Wraps a handler so every failure answers in storage's error shape. */
function handle(ctx: LocalCloudContext, fn: (c: Context) => Promise<Response>) {
  return async (c: Context): Promise<Response> => {
    try {
      return await fn(c);
    } catch (error) {
      const known = error instanceof StorageError ? error : fromDatabaseError(error);
      if (known) return sendStorageError(c, known);
      // A full or read-only disk: the app turns this request's 500 into a 503 with the reason.
      ctx.health.report(error);
      ctx.log.error('storage request failed', { path: c.req.path, error: error instanceof Error ? error.message : String(error) });
      return sendStorageError(c, storageErrors.internal());
    }
  };
}

/** storage-js's copy() and move(), within a bucket or into destinationBucket. */
function mountCopies(app: Hono, ctx: LocalCloudContext): void {
  app.post(
    `${BASE}/object/copy`,
    handle(ctx, async (c) => {
      const claims = await claimsOf(c, ctx);
      return c.json(await copyObject(ctx, claims, await readJson(c, copyBody), c.req.header('x-upsert') === 'true'));
    }),
  );
  app.post(
    `${BASE}/object/move`,
    handle(ctx, async (c) => {
      const claims = await claimsOf(c, ctx);
      return c.json(await moveObject(ctx, claims, await readJson(c, moveBody)));
    }),
  );
}

function mountUploads(app: Hono, ctx: LocalCloudContext): void {
  const upload = (mode: (c: Context) => UploadMode) =>
    handle(ctx, async (c) => {
      const claims = await claimsOf(c, ctx);
      const bucket = c.req.param('bucket')!;
      const key = c.req.param('key')!;
      assertObjectKey(key);
      const body = await readUploadBody(c, await uploadLimitFor(ctx, bucket));
      const result = await storeObject(ctx, claims, bucket, key, body, mode(c));
      ctx.log.info('storage object written', { bucket, key, size: body.bytes.byteLength });
      return c.json(result, 200);
    });
  app.post(
    `${BASE}/object/:bucket/:key{.+}`,
    upload((c) => (c.req.header('x-upsert') === 'true' ? 'upsert' : 'create')),
  );
  // PUT replaces an existing object; with x-upsert: true it may also create one.
  app.put(
    `${BASE}/object/:bucket/:key{.+}`,
    upload((c) => (c.req.header('x-upsert') === 'true' ? 'upsert' : 'update')),
  );
}

function mountReads(app: Hono, ctx: LocalCloudContext): void {
  app.get(
    `${BASE}/object/public/:bucket/:key{.+}`,
    handle(ctx, async (c) => {
      const bucket = await bucketForService(ctx, c.req.param('bucket')!);
      if (!bucket.public) throw storageErrors.noSuchBucket();
      const key = c.req.param('key')!;
      assertObjectKey(key);
      return sendObject(c, ctx, await findObject(ctx, 'owner', bucket.id, key), 'public');
    }),
  );

  app.get(
    `${BASE}/object/sign/:bucket/:key{.+}`,
    handle(ctx, async (c) => {
      const bucket = c.req.param('bucket')!;
      const key = c.req.param('key')!;
      assertObjectKey(key);
      await verifyObjectToken(ctx, c.req.query('token'), bucket, key);
      // A signed URL is a credential in the query: what it fetches is for its holder, not for caches.
      return sendObject(c, ctx, await findObject(ctx, 'owner', bucket, key), 'private');
    }),
  );

  const authenticatedDownload = handle(ctx, async (c) => {
    const claims = await claimsOf(c, ctx);
    const bucket = c.req.param('bucket')!;
    const key = c.req.param('key')!;
    assertObjectKey(key);
    await bucketForService(ctx, bucket);
    return sendObject(c, ctx, await findObject(ctx, claims, bucket, key), 'private');
  });
  app.get(`${BASE}/object/authenticated/:bucket/:key{.+}`, authenticatedDownload);

  app.post(
    `${BASE}/object/sign/:bucket/:key{.+}`,
    handle(ctx, async (c) => {
      const claims = await claimsOf(c, ctx);
      const bucket = c.req.param('bucket')!;
      const key = c.req.param('key')!;
      assertObjectKey(key);
      const { expiresIn } = await readJson(c, signBody);
      await findObject(ctx, claims, bucket, key); // only what the caller may read can be shared
      return c.json({ signedURL: await signObjectUrl(ctx, bucket, key, expiresIn) });
    }),
  );

  app.post(
    `${BASE}/object/sign/:bucket`,
    handle(ctx, async (c) => {
      const claims = await claimsOf(c, ctx);
      const bucket = c.req.param('bucket')!;
      const { expiresIn, paths } = await readJson(c, signManyBody);
      const out = [];
      for (const path of paths) {
        try {
          assertObjectKey(path);
          await findObject(ctx, claims, bucket, path);
          out.push({ error: null, path, signedURL: await signObjectUrl(ctx, bucket, path, expiresIn) });
        } catch (error) {
          if (!(error instanceof StorageError)) throw error;
          out.push({ error: 'Either the object does not exist or you do not have access to it', path, signedURL: null });
        }
      }
      return c.json(out);
    }),
  );

  app.post(
    `${BASE}/object/list/:bucket`,
    handle(ctx, async (c) => {
      const claims = await claimsOf(c, ctx);
      const bucket = await bucketForService(ctx, c.req.param('bucket')!);
      return c.json(await listObjects(ctx, claims, bucket.id, await readJson(c, listBody)));
    }),
  );

  // Storage's object info: the row as the caller may see it, with the uploader's metadata.
  app.get(
    `${BASE}/object/info/:bucket/:key{.+}`,
    handle(ctx, async (c) => {
      const claims = await claimsOf(c, ctx);
      const bucket = c.req.param('bucket')!;
      const key = c.req.param('key')!;
      assertObjectKey(key);
      await bucketForService(ctx, bucket);
      const row = await findObject(ctx, claims, bucket, key);
      const meta = row.metadata ?? {};
      return c.json({
        id: row.id,
        version: row.version,
        name: row.name,
        bucket_id: row.bucket_id,
        created_at: row.created_at && new Date(row.created_at).toISOString(),
        updated_at: row.updated_at && new Date(row.updated_at).toISOString(),
        last_accessed_at: row.last_accessed_at && new Date(row.last_accessed_at).toISOString(),
        size: meta.size,
        cache_control: meta.cacheControl,
        content_type: meta.mimetype,
        etag: meta.eTag,
        last_modified: meta.lastModified,
        metadata: row.user_metadata ?? {},
      });
    }),
  );
  app.get(`${BASE}/object/:bucket/:key{.+}`, authenticatedDownload);
}

function mountRemovalsAndBuckets(app: Hono, ctx: LocalCloudContext): void {
  app.delete(
    `${BASE}/object/:bucket`,
    handle(ctx, async (c) => {
      const claims = await claimsOf(c, ctx);
      const bucket = await bucketForService(ctx, c.req.param('bucket')!);
      const { prefixes } = await readJson(c, removeBody);
      return c.json(await removeObjects(ctx, claims, bucket.id, prefixes));
    }),
  );

  app.get(
    `${BASE}/bucket`,
    handle(ctx, async (c) => c.json(await listBucketsAs(ctx, await claimsOf(c, ctx)))),
  );
  app.get(
    `${BASE}/bucket/:id`,
    handle(ctx, async (c) => c.json(await bucketAs(ctx, await claimsOf(c, ctx), c.req.param('id')!))),
  );
}

export const mountStorage: MountRoutes = (app, ctx) => {
  // Specific routes first: Hono tries routes in the order they were added.
  mountReads(app, ctx);
  mountCopies(app, ctx);
  mountUploads(app, ctx);
  mountRemovalsAndBuckets(app, ctx);
  // What this stand-in does not serve answers as Storage's router does, not as a missing bucket.
  app.all(`${BASE}/*`, (c) =>
    sendStorageError(c, new StorageError(404, 'NotFound', 'not_found', `Route ${c.req.method}:${c.req.path} not found`)),
  );
};
