// Storage through the real @supabase/supabase-js client, as the app uses it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  anonClient,
  serviceClient,
  signedInUser,
  JOURNEY_BACKENDS,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';
import { PDF_BYTES, PNG_BYTES, pdfBlob, pngBlob, pngOfSize } from './support/servicesFiles.ts';

interface StorageErrorLike {
  statusCode?: string;
  message: string;
  status?: number;
}

function storageError(error: unknown): StorageErrorLike {
  assert.ok(error, 'expected an error');
  return error as StorageErrorLike;
}

async function bytesOf(blob: Blob | null): Promise<Uint8Array> {
  assert.ok(blob);
  return new Uint8Array(await blob.arrayBuffer());
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

for (const backend of JOURNEY_BACKENDS)
  describe(`storage (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let alice: TestUser;
    let bob: TestUser;

    before(async () => {
      t = await startTestCloud(backend);
      alice = await signedInUser(t, 'alice');
      bob = await signedInUser(t, 'bob');
    });
    after(async () => t.stop());

    test('a user uploads an image into their folder, downloads it, and shares it by a signed URL (the bucket is private)', async () => {
      const images = alice.client.storage.from('portfolio-images');
      const key = `${alice.id}/avatar.png`;
      const { data, error } = await images.upload(key, pngBlob());
      assert.equal(error, null);
      assert.equal(data?.fullPath, `portfolio-images/${key}`);
      assert.match(data?.id ?? '', /^[0-9a-f-]{36}$/);

      const download = await images.download(key);
      assert.equal(download.error, null);
      assert.deepEqual(await bytesOf(download.data), PNG_BYTES);

      const { data: url } = anonClient(t).storage.from('portfolio-images').getPublicUrl(key);
      assert.equal((await fetch(url.publicUrl)).status, 400);
      const signed = await images.createSignedUrl(key, 60);
      assert.equal(signed.error, null);
      const res = await fetch(signed.data!.signedUrl);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'image/png');
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), PNG_BYTES);
    });

    test('an existing path is refused without upsert and replaced with it', async () => {
      const images = alice.client.storage.from('portfolio-images');
      const key = `${alice.id}/twice.png`;
      assert.equal((await images.upload(key, pngBlob())).error, null);
      const again = await images.upload(key, pngBlob());
      assert.equal(storageError(again.error).statusCode, '409');
      const bigger = pngOfSize(100);
      assert.equal((await images.upload(key, bigger, { upsert: true })).error, null);
      assert.equal((await bytesOf((await images.download(key)).data)).byteLength, 100);
      assert.equal((await images.update(key, pngOfSize(64))).error, null);
      assert.equal((await bytesOf((await images.download(key)).data)).byteLength, 64);
    });

    test("a file over the bucket's size limit is refused with 413", async () => {
      const { error } = await alice.client.storage.from('portfolio-images').upload(`${alice.id}/huge.png`, pngOfSize(5 * 1024 * 1024 + 1));
      const err = storageError(error);
      assert.equal(err.statusCode, '413');
      assert.match(err.message, /exceeded the maximum allowed size/);
    });

    test('a type the bucket does not allow is refused with 415', async () => {
      const { error } = await alice.client.storage
        .from('portfolio-images')
        .upload(`${alice.id}/notes.txt`, new Blob(['hello'], { type: 'text/plain' }));
      const err = storageError(error);
      assert.equal(err.statusCode, '415');
      assert.match(err.message, /text\/plain/);
    });

    test('text claiming to be a PNG is refused by its content', async () => {
      const { error } = await alice.client.storage
        .from('portfolio-images')
        .upload(`${alice.id}/fake.png`, new Blob(['this is not an image'], { type: 'image/png' }));
      assert.equal(storageError(error).statusCode, '415');
      const raw = await alice.client.storage
        .from('portfolio-images')
        .upload(`${alice.id}/fake-raw.png`, new TextEncoder().encode('still not an image'), { contentType: 'image/png' });
      assert.equal(storageError(raw.error).statusCode, '415');
    });

    test("RLS: a user cannot write into another user's folder, and nothing lands on disk", async () => {
      const key = `${alice.id}/from-bob.png`;
      const files = () => readdir(path.join(t.dataDir, 'storage', 'objects', 'portfolio-images')).catch(() => [] as string[]);
      const before = (await files()).length;
      const { error } = await bob.client.storage.from('portfolio-images').upload(key, pngBlob());
      const err = storageError(error);
      assert.equal(err.statusCode, '403');
      assert.match(err.message, /row-level security/);
      assert.equal((await files()).length, before, 'the refused bytes were not kept');
      assert.deepEqual(await readdir(path.join(t.dataDir, 'storage', '.tmp')), []);
      const anon = await anonClient(t).storage.from('portfolio-images').upload(`${alice.id}/anon.png`, pngBlob());
      assert.equal(storageError(anon.error).statusCode, '403');
    });

    test('resumes are private: the owner reads, others and anonymous visitors do not, signed URLs share', async () => {
      const key = `${alice.id}/cv.pdf`;
      assert.equal((await alice.client.storage.from('resumes').upload(key, pdfBlob())).error, null);
      assert.deepEqual(await bytesOf((await alice.client.storage.from('resumes').download(key)).data), PDF_BYTES);

      assert.equal(storageError((await anonClient(t).storage.from('resumes').download(key)).error).status, 400);
      assert.ok((await bob.client.storage.from('resumes').download(key)).error);
      const publicUrl = anonClient(t).storage.from('resumes').getPublicUrl(key).data.publicUrl;
      assert.equal((await fetch(publicUrl)).status, 400);

      const signed = await alice.client.storage.from('resumes').createSignedUrl(key, 60);
      assert.equal(signed.error, null);
      const res = await fetch(signed.data!.signedUrl);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/pdf');
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), PDF_BYTES);

      const forged = signed.data!.signedUrl.replace(/token=[^&]+/, (m) => m.slice(0, -4) + 'AAAA');
      const refused = await fetch(forged);
      assert.equal(refused.status, 400);
      assert.equal(((await refused.json()) as { statusCode: string }).statusCode, '400');

      const bobSigns = await bob.client.storage.from('resumes').createSignedUrl(key, 60);
      assert.ok(bobSigns.error, 'only a reader can sign');
    });

    test('a private résumé is for its reader alone: its signed URL and download say Cache-Control private', async () => {
      const key = `${alice.id}/cached-cv.pdf`;
      assert.equal((await alice.client.storage.from('resumes').upload(key, pdfBlob(), { cacheControl: '3600' })).error, null);
      const signed = await alice.client.storage.from('resumes').createSignedUrl(key, 60);
      const bySignedUrl = await fetch(signed.data!.signedUrl);
      assert.equal(bySignedUrl.status, 200);
      assert.equal(bySignedUrl.headers.get('cache-control'), 'private, max-age=3600');
      const byOwner = await fetch(`${t.url}/storage/v1/object/authenticated/resumes/${key}`, {
        headers: { apikey: t.cloud.keys.anonKey, authorization: `Bearer ${alice.accessToken}` },
      });
      assert.equal(byOwner.headers.get('cache-control'), 'private, max-age=3600');
      // A public bucket's object keeps what its uploader set: any cache may keep a published picture.
      const page = `cache-${Date.now()}/files/photo.png`;
      assert.equal((await serviceClient(t).storage.from('sites').upload(page, pngBlob(), { cacheControl: '600' })).error, null);
      assert.equal((await fetch(`${t.url}/storage/v1/object/public/sites/${page}`)).headers.get('cache-control'), 'max-age=600');
    });

    test('only types that run nothing are shown inline: a stored SVG is a sandboxed download, a page plain text', async () => {
      const slug = `inline-${Date.now()}`;
      const sites = serviceClient(t).storage.from('sites');
      const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/mail/api")</script></svg>'], {
        type: 'image/svg+xml',
      });
      assert.equal((await sites.upload(`${slug}/files/icon.svg`, svg)).error, null);
      const icon = await fetch(`${t.url}/storage/v1/object/public/sites/${slug}/files/icon.svg`);
      assert.equal(icon.status, 200);
      assert.equal(icon.headers.get('content-type'), 'image/svg+xml');
      assert.equal(icon.headers.get('content-disposition'), 'attachment; filename="icon.svg"');
      assert.equal(icon.headers.get('content-security-policy'), 'sandbox');
      const html = new Blob(['<script>fetch("/mail/api")</script>'], { type: ' Text/HTML; charset=utf-8' });
      assert.equal((await sites.upload(`${slug}/index.html`, html)).error, null);
      const page = await fetch(`${t.url}/storage/v1/object/public/sites/${slug}/index.html`);
      assert.equal(page.headers.get('content-type'), 'text/plain');
      assert.equal(page.headers.get('content-security-policy'), 'sandbox');
      assert.equal((await sites.upload(`${slug}/files/photo.png`, pngBlob())).error, null);
      const picture = await fetch(`${t.url}/storage/v1/object/public/sites/${slug}/files/photo.png`);
      assert.equal(picture.headers.get('content-type'), 'image/png');
      assert.equal(picture.headers.get('content-disposition'), null);
    });

    test('a pdf bucket refuses images and a PDF over 10 MB', async () => {
      assert.equal(
        storageError((await alice.client.storage.from('resumes').upload(`${alice.id}/x.png`, pngBlob())).error).statusCode,
        '415',
      );
      const big = new Uint8Array(10 * 1024 * 1024 + 1);
      big.set(PDF_BYTES.subarray(0, 5));
      const { error } = await alice.client.storage
        .from('resumes')
        .upload(`${alice.id}/big.pdf`, new Blob([big], { type: 'application/pdf' }));
      assert.equal(storageError(error).statusCode, '413');
    });

    test('list shows one folder level; remove deletes only what the caller owns', async () => {
      const images = alice.client.storage.from('portfolio-images');
      await images.upload(`${alice.id}/gallery/one.png`, pngBlob());
      await images.upload(`${alice.id}/gallery/two.png`, pngBlob());

      const top = await images.list(alice.id);
      assert.equal(top.error, null);
      const names = top.data!.map((e) => e.name);
      assert.ok(names.includes('avatar.png'));
      const folder = top.data!.find((e) => e.name === 'gallery');
      assert.ok(folder);
      assert.equal(folder.id, null);
      const file = top.data!.find((e) => e.name === 'avatar.png');
      assert.equal(file?.metadata?.mimetype, 'image/png');

      const inside = await images.list(`${alice.id}/gallery`, { sortBy: { column: 'name', order: 'desc' } });
      assert.deepEqual(
        inside.data!.map((e) => e.name),
        ['two.png', 'one.png'],
      );

      const bobRemoves = await bob.client.storage.from('portfolio-images').remove([`${alice.id}/gallery/one.png`]);
      assert.deepEqual(bobRemoves.data, []);
      assert.equal((await images.download(`${alice.id}/gallery/one.png`)).error, null);

      const { rows } = await t.cloud.ctx.db.asOwner((tx) =>
        tx.query<{ version: string }>(`select version from storage.objects where bucket_id = 'portfolio-images' and name = $1`, [
          `${alice.id}/gallery/one.png`,
        ]),
      );
      const storedFile = path.join(t.dataDir, 'storage', 'objects', 'portfolio-images', rows[0]!.version);
      assert.equal(await exists(storedFile), true);
      const removed = await images.remove([`${alice.id}/gallery/one.png`]);
      assert.equal(removed.error, null);
      assert.equal(removed.data?.length, 1);
      assert.ok((await images.download(`${alice.id}/gallery/one.png`)).error);
      assert.equal(await exists(storedFile), false, 'its bytes are gone from disk too');
    });

    test('path traversal, absolute keys and NUL bytes are refused', async () => {
      for (const key of ['..%2F..%2Fkeys.json', `${alice.id}%2F..%2F..%2Fx.png`, '%2Fetc%2Fpasswd', `${alice.id}%2Fa%00.png`]) {
        const res = await fetch(`${t.url}/storage/v1/object/portfolio-images/${key}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${t.cloud.keys.serviceRoleKey}`, 'Content-Type': 'image/png' },
          body: PNG_BYTES,
        });
        assert.equal(res.status, 400, key);
        const body = (await res.json()) as { statusCode: string; code: string };
        assert.equal(body.statusCode, '400');
        assert.equal(body.code, 'InvalidKey');
      }
    });

    test('unknown buckets and objects answer in storage error shape', async () => {
      const missing = await alice.client.storage.from('no-such-bucket').upload(`${alice.id}/a.png`, pngBlob());
      assert.equal(storageError(missing.error).statusCode, '404');
      const noKey = await alice.client.storage.from('portfolio-images').download(`${alice.id}/nope.png`);
      assert.ok(noKey.error);
      const res = await fetch(`${t.url}/storage/v1/object/portfolio-images/${alice.id}/nope.png`, {
        headers: { Authorization: `Bearer ${t.cloud.keys.serviceRoleKey}` },
      });
      assert.deepEqual(await res.json(), { statusCode: '404', error: 'not_found', code: 'NoSuchKey', message: 'Object not found' });
    });

    test('the service role sees the buckets with their limits', async () => {
      const { data, error } = await serviceClient(t).storage.listBuckets();
      assert.equal(error, null);
      const images = data!.find((b) => b.id === 'portfolio-images');
      assert.equal(images?.public, false);
      assert.equal(images?.file_size_limit, 5 * 1024 * 1024);
      const one = await serviceClient(t).storage.getBucket('resumes');
      assert.deepEqual(one.data?.allowed_mime_types, ['application/pdf']);
    });
  });

after(stopClusters);
