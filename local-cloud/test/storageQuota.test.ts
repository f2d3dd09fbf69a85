// Storage space per plan, kept by Postgres (a trigger on storage.objects from supabase/migrations):
// tried through supabase-js as the user would upload, so no client can skip it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  JOURNEY_BACKENDS,
  serviceClient,
  signedInUser,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
} from './support/servicesCloud.ts';
import { grantPurchase } from './support/cloud.ts';
import { pngOfSize } from './support/servicesFiles.ts';

const FILE_BYTES = 5_000_000; // under the images bucket's 5 MB limit; ten of them fit in 50 MB, eleven do not

after(stopClusters);

for (const backend of JOURNEY_BACKENDS)
  describe(`storage quota (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    before(async () => {
      t = await startTestCloud(backend);
    });
    after(() => t?.stop());

    const upload = (client: SupabaseClient, path: string, bytes = FILE_BYTES, upsert = false) =>
      client.storage.from('portfolio-images').upload(path, pngOfSize(bytes), { contentType: 'image/png', upsert });
    const usage = async (client: SupabaseClient) => (await client.from('storage_usage').select('bytes, files').single()).data;

    test('without a plan, files stop at 50 MB: the upload past it is refused, as Storage answers a trigger, and nothing is kept', async () => {
      const alice = await signedInUser(t, 'quota-alice');
      for (let i = 0; i < 10; i++) assert.equal((await upload(alice.client, `${alice.id}/p/${i}.png`)).error, null, `file ${i}`);
      assert.deepEqual(await usage(alice.client), { bytes: 10 * FILE_BYTES, files: 10 });

      const over = await upload(alice.client, `${alice.id}/p/10.png`);
      assert.ok(over.error, 'the eleventh file is refused');
      // Storage maps an error a trigger raises to 500 DatabaseError with its SQLSTATE only (P0413: the quota).
      assert.equal((over.error as { statusCode?: string }).statusCode, '500');
      assert.equal(over.error.message, 'database error, code: P0413');
      assert.deepEqual(await usage(alice.client), { bytes: 10 * FILE_BYTES, files: 10 }, 'no row was kept');
      const listed = await alice.client.storage.from('portfolio-images').list(`${alice.id}/p`);
      assert.equal(listed.data?.length, 10);

      // A resume counts too: both buckets share one quota.
      const resume = await alice.client.storage
        .from('resumes')
        .upload(
          `${alice.id}/p/cv.pdf`,
          new Blob([new TextEncoder().encode('%PDF-1.4\n'), new Uint8Array(3_000_000)], { type: 'application/pdf' }),
        );
      assert.equal(resume.error?.message, 'database error, code: P0413');

      // Replacing a file with a smaller one, and removing one, always work.
      assert.equal((await upload(alice.client, `${alice.id}/p/0.png`, 1_000, true)).error, null);
      assert.equal((await alice.client.storage.from('portfolio-images').remove([`${alice.id}/p/1.png`])).error, null);
      assert.equal((await upload(alice.client, `${alice.id}/p/10.png`)).error, null, 'room again after freeing space');
    });

    test("one user's files never count against another's", async () => {
      const bob = await signedInUser(t, 'quota-bob');
      assert.equal((await upload(bob.client, `${bob.id}/p/0.png`)).error, null);
      assert.deepEqual(await usage(bob.client), { bytes: FILE_BYTES, files: 1 });
    });

    test('a plan raises the quota, and the entitlements say by how much', async () => {
      const carol = await signedInUser(t, 'quota-carol');
      for (let i = 0; i < 10; i++) assert.equal((await upload(carol.client, `${carol.id}/p/${i}.png`)).error, null);
      assert.equal((await upload(carol.client, `${carol.id}/p/10.png`)).error?.message, 'database error, code: P0413');
      await grantPurchase(serviceClient(t), carol.id, { itemType: 'plan', itemId: 'basic' });
      const entitlements = await carol.client.from('entitlements').select('plan, storage_quota_bytes').single();
      assert.deepEqual(entitlements.data, { plan: 'basic', storage_quota_bytes: 524_288_000 });
      assert.equal((await upload(carol.client, `${carol.id}/p/10.png`)).error, null);
    });
  });
