// Who may publish what, tried as users would through supabase-js — and as an attacker would, straight
// through the REST API: the rules live in Postgres, so no client can skip them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import { BACKENDS, grantPurchase, signedInUser, skipFor, startTestCloud, stopClusters, type TestCloud } from './support/cloud.ts';

interface Owner {
  sb: SupabaseClient;
  id: string;
}

after(stopClusters);

for (const backend of BACKENDS)
  describe(`publishing rights (${backend})`, { skip: skipFor(backend) }, () => {
    let cloud: TestCloud;
    let alice: Owner;
    let bob: Owner;

    const owner = async (name: string): Promise<Owner> => {
      const signedIn = await signedInUser(cloud, { name });
      return { sb: signedIn.sb, id: signedIn.user!.id };
    };
    const draft = async (who: Owner, templateId: string, slug: string | null = null) => {
      const { data, error } = await who.sb
        .from('portfolios')
        .insert({ template_id: templateId, title: 'Mine', slug })
        .select('id')
        .single();
      assert.equal(error, null);
      return data!.id as string;
    };
    const publish = (who: Owner, id: string, slug: string) => who.sb.from('portfolios').update({ published: true, slug }).eq('id', id);

    before(async () => {
      cloud = await startTestCloud(backend);
      alice = await owner('Alice');
      bob = await owner('Bob');
    });
    after(async () => cloud?.stop());

    test('the free generator publishes; a paid template nobody bought is refused with 403, even straight through REST', async () => {
      const cv = await draft(alice, 'generator');
      assert.equal((await publish(alice, cv, 'alice-cv')).error, null);

      const shop = await draft(alice, '3');
      const refused = await publish(alice, shop, 'alice-shop');
      assert.equal(refused.status, 403);
      assert.match(refused.error?.message ?? '', /needs a purchase or a plan/);
      const inserted = await alice.sb.from('portfolios').insert({ template_id: '3', slug: 'alice-shop-2', published: true });
      assert.equal(inserted.status, 403, 'publishing on insert is held to the same rule');
      const row = await alice.sb.from('portfolios').select('published').eq('id', shop).single();
      assert.equal(row.data?.published, false);
    });

    test('a bought template publishes; an active plan covers every template; an ended plan covers none', async () => {
      const carol = await owner('Carol');
      const one = await draft(carol, '1');
      assert.equal((await publish(carol, one, 'carol-one')).status, 403);
      await grantPurchase(cloud.serviceClient(), carol.id, { itemType: 'template', itemId: '1' });
      assert.equal((await publish(carol, one, 'carol-one')).error, null);

      const four = await draft(carol, '4');
      assert.equal((await publish(carol, four, 'carol-four')).status, 403, 'buying template 1 does not unlock template 4');

      const dave = await owner('Dave');
      await grantPurchase(cloud.serviceClient(), dave.id, { itemType: 'plan', itemId: 'basic' }, -1);
      const ended = await draft(dave, '2');
      assert.equal((await publish(dave, ended, 'dave-two')).status, 403, 'an ended plan grants nothing');
      await grantPurchase(cloud.serviceClient(), dave.id, { itemType: 'plan', itemId: 'pro' });
      assert.equal((await publish(dave, ended, 'dave-two')).error, null);
    });

    test("a user cannot buy their way in by writing a purchase, nor publish or unpublish another user's page", async () => {
      const forged = await alice.sb
        .from('purchases')
        .insert({ user_id: alice.id, item_type: 'plan', item_id: 'premium', amount: 0, order_id: 'forged', status: 'paid' });
      assert.ok(forged.error, 'purchases are written by the payment function only');

      const cv = await draft(bob, 'generator');
      assert.equal((await publish(bob, cv, 'bob-cv')).error, null);
      const hijack = await alice.sb.from('portfolios').update({ published: false, slug: 'alice-now' }).eq('id', cv).select();
      assert.deepEqual(hijack.data, [], 'row-level security hides the row from Alice');
      const still = await cloud.client().from('portfolios').select('slug, published').eq('id', cv).single();
      assert.deepEqual(still.data, { slug: 'bob-cv', published: true });
    });

    test('addresses: 3–40 lowercase letters, digits and dashes, reserved words refused, one owner each', async () => {
      const id = await draft(alice, 'generator');
      for (const bad of ['ab', 'Alice', 'alice_cv', '-alice', 'alice-', 'a'.repeat(41), 'alice cv']) {
        const answer = await alice.sb.from('portfolios').update({ slug: bad }).eq('id', id);
        assert.equal(answer.status, 400, `${JSON.stringify(bad)} is refused`);
      }
      for (const reserved of ['admin', 'api', 'login']) {
        const answer = await alice.sb.from('portfolios').update({ slug: reserved }).eq('id', id);
        assert.equal(answer.status, 400, `${reserved} is reserved`);
        assert.match(answer.error?.message ?? '', /reserved/);
      }
      const taken = await alice.sb.from('portfolios').update({ slug: 'bob-cv' }).eq('id', id);
      assert.equal(taken.status, 409, "another user's address cannot be taken");
      assert.equal(
        (
          await alice.sb
            .from('portfolios')
            .update({ slug: 'a'.repeat(40) })
            .eq('id', id)
        ).error,
        null,
      );

      const unpublishedWithoutAddress = await alice.sb.from('portfolios').update({ slug: null, published: true }).eq('id', id);
      assert.equal(unpublishedWithoutAddress.status, 400, 'a published page needs an address');
    });

    test('availability is answered to anyone as yes or no, as the owner types', async () => {
      const anon = cloud.client();
      const ask = async (candidate: string, forPortfolio?: string) =>
        (await anon.rpc('slug_available', { candidate, for_portfolio: forPortfolio ?? null })).data as boolean;
      assert.equal(await ask('a-fresh-name'), true);
      assert.equal(await ask('bob-cv'), false);
      assert.equal(await ask('admin'), false);
      assert.equal(await ask('No'), false);
      const bobsOwn = (await bob.sb.from('portfolios').select('id').eq('slug', 'bob-cv').single()).data!.id as string;
      assert.equal(await ask('bob-cv', bobsOwn), true, 'a portfolio keeps its own address');
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
