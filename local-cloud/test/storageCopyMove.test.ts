// Storage's copy and move through supabase-js (storage-js's copy() and move()), within a bucket and
// into another (destinationBucket), as the owner and as an attacker: the source must be readable by
// the caller, and row-level security decides where the object may go.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
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
import { PNG_BYTES, pngBlob, pngOfSize } from './support/servicesFiles.ts';

async function bytesOf(client: SupabaseClient, bucket: string, path: string): Promise<Uint8Array | null> {
  const { data } = await client.storage.from(bucket).download(path);
  return data ? new Uint8Array(await data.arrayBuffer()) : null;
}

const statusOf = (error: unknown) => (error as { statusCode?: string } | null)?.statusCode;

after(stopClusters);

for (const backend of JOURNEY_BACKENDS)
  describe(`storage copy and move (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let alice: TestUser;
    let bob: TestUser;
    let n = 0;
    /** A fresh picture in alice's folder for portfolio `p`, named with emoji-free ASCII as the editor does. */
    async function alicesPicture(name = `photo-${++n}.png`): Promise<string> {
      const path = `${alice.id}/p1/${name}`;
      const { error } = await alice.client.storage.from('portfolio-images').upload(path, pngBlob(), { cacheControl: '600' });
      assert.equal(error, null);
      return path;
    }

    before(async () => {
      t = await startTestCloud(backend);
      alice = await signedInUser(t, 'alice');
      bob = await signedInUser(t, 'bob');
    });
    after(async () => t.stop());

    test('the owner copies a picture within her folder: same bytes, same type, both there', async () => {
      const from = await alicesPicture();
      const to = `${alice.id}/p2/copy.png`;
      const { data, error } = await alice.client.storage.from('portfolio-images').copy(from, to);
      assert.equal(error, null);
      assert.deepEqual(data, { path: `portfolio-images/${to}` });
      assert.deepEqual(await bytesOf(alice.client, 'portfolio-images', to), PNG_BYTES);
      assert.deepEqual(await bytesOf(alice.client, 'portfolio-images', from), PNG_BYTES);
      const { data: info } = await alice.client.storage.from('portfolio-images').info(to);
      assert.equal(info?.contentType, 'image/png');
      assert.equal(info?.cacheControl, 'max-age=600');
    });

    test('copying onto an existing object needs upsert; the copy is refused otherwise', async () => {
      const from = await alicesPicture();
      const to = await alicesPicture();
      const { error } = await alice.client.storage.from('portfolio-images').copy(from, to);
      assert.equal(statusOf(error), '409');
    });

    test('into another bucket (destinationBucket): the service role publishes a copy to the public sites bucket', async () => {
      const from = await alicesPicture();
      const { data, error } = await serviceClient(t).storage.from('portfolio-images').copy(from, 'alice-page/files/photo.png', {
        destinationBucket: 'sites',
      });
      assert.equal(error, null);
      assert.deepEqual(data, { path: 'sites/alice-page/files/photo.png' });
      const res = await fetch(`${t.url}/storage/v1/object/public/sites/alice-page/files/photo.png`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'image/png');
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), PNG_BYTES);
    });

    test('an attacker copies nothing: not another user\u2019s file, not into another user\u2019s folder, not into sites', async () => {
      const alices = await alicesPicture();
      const stolen = await bob.client.storage.from('portfolio-images').copy(alices, `${bob.id}/p1/stolen.png`);
      assert.equal(statusOf(stolen.error), '404');
      assert.equal(await bytesOf(bob.client, 'portfolio-images', `${bob.id}/p1/stolen.png`), null);
      const bobs = `${bob.id}/p1/mine.png`;
      assert.equal((await bob.client.storage.from('portfolio-images').upload(bobs, pngBlob())).error, null);
      const planted = await bob.client.storage.from('portfolio-images').copy(bobs, `${alice.id}/p1/planted.png`);
      assert.equal(statusOf(planted.error), '403');
      const defaced = await bob.client.storage.from('portfolio-images').copy(bobs, 'alice-page/index.html', { destinationBucket: 'sites' });
      assert.equal(statusOf(defaced.error), '403');
      assert.equal((await anonClient(t).storage.from('portfolio-images').copy(alices, 'x/y.png')).error !== null, true);
    });

    /** storage-js's copy() sends no metadata; Storage's API takes it, so an attacker sends it by hand. */
    const copyWithType = (mimetype: string, sourceKey: string, destinationKey: string) =>
      fetch(`${t.url}/storage/v1/object/copy`, {
        method: 'POST',
        headers: { apikey: t.cloud.keys.anonKey, authorization: `Bearer ${alice.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ bucketId: 'portfolio-images', sourceKey, destinationKey, copyMetadata: false, metadata: { mimetype } }),
      });

    test('a copy cannot turn a picture into a page: a type its bytes do not prove is refused', async () => {
      // A real PNG header, then a script: a polyglot the upload takes as the picture it claims to be.
      const polyglot = new Blob([PNG_BYTES, '<script>fetch("/mail/api")</script>'], { type: 'image/png' });
      const from = `${alice.id}/p1/polyglot.png`;
      assert.equal((await alice.client.storage.from('portfolio-images').upload(from, polyglot)).error, null);
      for (const mimetype of [' text/html', '\ttext/html', 'TEXT/HTML; charset=utf-8', 'image/svg+xml', 'image/jpeg']) {
        const to = `${alice.id}/p1/page-${encodeURIComponent(mimetype.trim())}.html`;
        const answer = (await (await copyWithType(mimetype, from, to)).json()) as { statusCode: string };
        assert.equal(answer.statusCode, '415', `${JSON.stringify(mimetype)} is refused`);
        assert.equal(await bytesOf(alice.client, 'portfolio-images', to), null, 'nothing was copied');
      }
      // The same type, however it is written, is the source's own: the copy stores it bare.
      const to = `${alice.id}/p1/polyglot-copy.png`;
      assert.equal((await copyWithType(' Image/PNG; x=1', from, to)).status, 200);
      const { data: info } = await alice.client.storage.from('portfolio-images').info(to);
      assert.equal(info?.contentType, 'image/png');
    });

    test('a copy into another bucket keeps to that bucket\u2019s types: no picture in the PDF-only resumes', async () => {
      const from = await alicesPicture();
      const { error } = await alice.client.storage
        .from('portfolio-images')
        .copy(from, `${alice.id}/cv.pdf`, { destinationBucket: 'resumes' });
      assert.equal(statusOf(error), '415');
      assert.equal(await bytesOf(alice.client, 'resumes', `${alice.id}/cv.pdf`), null);
    });

    test('the owner moves a picture: it is at the new path only, and moving it back works', async () => {
      const from = await alicesPicture();
      const to = `${alice.id}/p3/moved.png`;
      const { data, error } = await alice.client.storage.from('portfolio-images').move(from, to);
      assert.equal(error, null);
      assert.equal(data?.message, 'Successfully moved');
      assert.equal(await bytesOf(alice.client, 'portfolio-images', from), null);
      assert.deepEqual(await bytesOf(alice.client, 'portfolio-images', to), PNG_BYTES);
      assert.equal((await alice.client.storage.from('portfolio-images').move(to, from)).error, null);
      assert.deepEqual(await bytesOf(alice.client, 'portfolio-images', from), PNG_BYTES);
    });

    test('an attacker moves nothing: another user\u2019s file stays, and his own cannot land in her folder', async () => {
      const alices = await alicesPicture();
      const taken = await bob.client.storage.from('portfolio-images').move(alices, `${bob.id}/p1/taken.png`);
      assert.equal(statusOf(taken.error), '404');
      assert.deepEqual(await bytesOf(alice.client, 'portfolio-images', alices), PNG_BYTES);
      const bobs = `${bob.id}/p1/to-move.png`;
      assert.equal((await bob.client.storage.from('portfolio-images').upload(bobs, pngBlob())).error, null);
      const planted = await bob.client.storage.from('portfolio-images').move(bobs, `${alice.id}/p1/planted-by-move.png`);
      assert.equal(statusOf(planted.error), '403');
      assert.deepEqual(await bytesOf(bob.client, 'portfolio-images', bobs), PNG_BYTES);
    });

    test('a copy counts against the owner\u2019s storage space: past the quota it is refused', async () => {
      const big = `${alice.id}/p1/big.png`;
      assert.equal((await alice.client.storage.from('portfolio-images').upload(big, pngOfSize(4 * 1024 * 1024))).error, null);
      let refused: unknown = null;
      // 50 MB without a plan: a dozen 4 MB copies cannot all fit.
      for (let i = 0; i < 13 && !refused; i++)
        refused = (await alice.client.storage.from('portfolio-images').copy(big, `${alice.id}/p1/big-${i}.png`)).error;
      assert.ok(refused, 'some copy was refused');
      const { data } = await alice.client.from('storage_usage').select('bytes').single();
      assert.ok((data?.bytes as number) <= 50 * 1024 * 1024, `uses ${data?.bytes} bytes`);
    });
  });
