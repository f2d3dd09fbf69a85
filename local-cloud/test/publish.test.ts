// Who may publish what, tried as users would through supabase-js — and as an attacker would, straight
// through the REST API: the page columns are the publish function's alone (issue 20 #1), and the rules
// live in Postgres, so no client can skip them. Which addresses are free (held only while published,
// never the product's or its staff's, #14) is slug_available's, asked in supabase/tests/publishing.test.sql.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import { JOURNEY_BACKENDS, grantPurchase, signedInUser, skipFor, startTestCloud, stopClusters, type TestCloud } from './support/cloud.ts';

interface Owner {
  sb: SupabaseClient;
  id: string;
}

after(stopClusters);

for (const backend of JOURNEY_BACKENDS)
  describe(`publishing rights (${backend})`, { skip: skipFor(backend) }, () => {
    let cloud: TestCloud;
    let alice: Owner;
    let bob: Owner;

    const owner = async (name: string): Promise<Owner> => {
      const signedIn = await signedInUser(cloud, { name });
      return { sb: signedIn.sb, id: signedIn.user!.id };
    };
    const draft = async (who: Owner, templateId: string) => {
      const { data, error } = await who.sb.from('portfolios').insert({ template_id: templateId, title: 'Mine' }).select('id').single();
      assert.equal(error, null);
      return data!.id as string;
    };
    /** Published as the publish function does it (service role), for the rules that hold afterwards. */
    const publishedAs = async (who: Owner, templateId: string, slug: string) => {
      const id = await draft(who, templateId);
      const { error } = await cloud.serviceClient().from('portfolios').update({ published: true, slug }).eq('id', id);
      assert.equal(error, null);
      return id;
    };

    before(async () => {
      cloud = await startTestCloud(backend);
      alice = await owner('Alice');
      bob = await owner('Bob');
    });
    after(async () => cloud?.stop());

    test('an owner cannot publish, move, unpublish or delete a page through REST: the publish function does (issue 20 #1)', async () => {
      const cv = await draft(alice, 'generator');
      const publish = await alice.sb.from('portfolios').update({ published: true, slug: 'alice-cv' }).eq('id', cv);
      assert.equal(publish.status, 403);
      assert.match(publish.error?.message ?? '', /through the publish function/);
      const inserted = await alice.sb.from('portfolios').insert({ template_id: 'generator', slug: 'alice-sneaks', published: true });
      assert.equal(inserted.status, 403, 'nor insert one published');

      const live = await publishedAs(alice, 'generator', 'alice-live');
      for (const change of [{ published: false }, { slug: 'alice-moved' }, { slug: null, published: false }]) {
        const answer = await alice.sb.from('portfolios').update(change).eq('id', live);
        assert.equal(answer.status, 403, `${JSON.stringify(change)} is the function's to make`);
      }
      const deleted = await alice.sb.from('portfolios').delete().eq('id', live);
      assert.equal(deleted.status, 403, 'a published portfolio is deleted through the function, which takes its page down first');
      assert.match(deleted.error?.message ?? '', /deleted through the publish function/);
      const still = await cloud.serviceClient().from('portfolios').select('slug, published').eq('id', live).single();
      assert.deepEqual(still.data, { slug: 'alice-live', published: true });
      assert.equal((await alice.sb.from('portfolios').update({ title: 'Renamed' }).eq('id', live)).error, null, 'renaming stays hers');
      assert.equal((await alice.sb.from('portfolios').delete().eq('id', cv)).error, null, 'and an unpublished draft is hers to delete');
    });

    test('a published page cannot be switched to a paid template nobody bought; a bought one can', async () => {
      const page = await publishedAs(bob, 'generator', 'bob-free-page');
      const switched = await bob.sb.from('portfolios').update({ template_id: '3' }).eq('id', page);
      assert.equal(switched.status, 403);
      assert.match(switched.error?.message ?? '', /needs a purchase or a plan/);
      await grantPurchase(cloud.serviceClient(), bob.id, { itemType: 'template', itemId: '3' });
      assert.equal((await bob.sb.from('portfolios').update({ template_id: '3' }).eq('id', page)).error, null);
    });

    test('entitlements: what each user holds, visible to them alone', async () => {
      const erin = await owner('Erin');
      const none = await erin.sb.from('entitlements').select('*').single();
      assert.equal(none.error, null);
      assert.equal(none.data?.plan, null);
      assert.equal(none.data?.remove_branding, false);
      assert.equal(none.data?.storage_quota_bytes, 52428800);
      await grantPurchase(cloud.serviceClient(), erin.id, { itemType: 'plan', itemId: 'premium' });
      await grantPurchase(cloud.serviceClient(), erin.id, { itemType: 'template', itemId: '3' });
      const premium = await erin.sb.from('entitlements').select('*').single();
      assert.equal(premium.data?.plan, 'premium');
      assert.equal(premium.data?.remove_branding, true);
      assert.deepEqual(premium.data?.templates, ['3']);
      assert.ok(Number(premium.data?.storage_quota_bytes) > 52428800);
      assert.equal((await cloud.client().from('entitlements').select('*')).data?.length ?? 0, 0, 'anonymous visitors see none');
    });
  });
