// Customer accounts: visitors of a published page leave their email; only the page's owner reads
// them. Tried through supabase-js as the page's form, the owner and an attacker would.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  BACKENDS,
  anonClient,
  serviceClient,
  signedInUser,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
} from './support/servicesCloud.ts';
import { grantPurchase } from './support/cloud.ts';

after(stopClusters);

let pageCounter = 0;

for (const backend of BACKENDS)
  describe(`subscribers (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let visitor: SupabaseClient;
    before(async () => {
      t = await startTestCloud(backend);
      visitor = anonClient(t);
    });
    after(() => t?.stop());

    /** A signed-in owner with one page (the free generator), published unless asked otherwise. */
    async function ownerWithPage({ plan = true, published = true } = {}) {
      const owner = await signedInUser(t, 'owner');
      if (plan) await grantPurchase(serviceClient(t), owner.id, { itemType: 'plan', itemId: 'basic' });
      const slug = `page-${process.pid}-${++pageCounter}`;
      const { data, error } = await owner.client
        .from('portfolios')
        .insert({ template_id: 'generator', title: 'Shop', slug, published })
        .select('id')
        .single();
      assert.equal(error, null);
      return { owner, pageId: data!.id as string };
    }
    const signUp = (client: SupabaseClient, pageId: string, email: string, name?: string) =>
      client.from('subscribers').insert({ portfolio_id: pageId, email, ...(name ? { name } : {}) });

    test('a visitor signs up on a published page; its owner sees them, newest first, and may remove one', async () => {
      const { owner, pageId } = await ownerWithPage();
      assert.equal((await signUp(visitor, pageId, 'first@example.com', 'First Visitor')).error, null);
      assert.equal((await signUp(visitor, pageId, 'second@example.com')).error, null);
      const list = await owner.client.from('subscribers').select('email, name').order('created_at', { ascending: false });
      assert.deepEqual(list.data, [
        { email: 'second@example.com', name: null },
        { email: 'first@example.com', name: 'First Visitor' },
      ]);
      const removed = await owner.client.from('subscribers').delete().eq('email', 'second@example.com').select('email');
      assert.deepEqual(removed.data, [{ email: 'second@example.com' }]);
    });

    test('the same address twice, whatever its case, is one entry; a malformed one is refused', async () => {
      const { pageId } = await ownerWithPage();
      assert.equal((await signUp(visitor, pageId, 'ada@example.com')).error, null);
      assert.equal((await signUp(visitor, pageId, 'ADA@example.com')).error?.code, '23505');
      for (const email of ['not-an-address', 'a@b', `${'x'.repeat(250)}@example.com`])
        assert.equal((await signUp(visitor, pageId, email)).error?.code, '23514', email);
    });

    test('no sign-ups on a draft, on a page whose owner has no plan, or on a page that does not exist', async () => {
      const draft = await ownerWithPage({ published: false });
      assert.equal((await signUp(visitor, draft.pageId, 'x@example.com')).error?.code, '42501');
      const noPlan = await ownerWithPage({ plan: false });
      assert.equal((await signUp(visitor, noPlan.pageId, 'x@example.com')).error?.code, '42501');
      assert.equal((await signUp(visitor, '00000000-0000-4000-8000-000000000000', 'x@example.com')).error?.code, '42501');
    });

    test('nobody else reads or removes them: not the visitor, not another owner', async () => {
      const { owner, pageId } = await ownerWithPage();
      assert.equal((await signUp(visitor, pageId, 'private@example.com')).error, null);
      const asVisitor = await visitor.from('subscribers').select('email');
      assert.ok(asVisitor.error, 'a visitor reads nothing back');
      const other = await signedInUser(t, 'other');
      assert.deepEqual((await other.client.from('subscribers').select('email')).data, []);
      assert.deepEqual((await other.client.from('subscribers').delete().eq('portfolio_id', pageId).select('email')).data, []);
      // Planting an entry with a chosen id or date is not possible either: only the three columns are writable.
      const planted = await visitor
        .from('subscribers')
        .insert({ portfolio_id: pageId, email: 'planted@example.com', created_at: '2000-01-01T00:00:00Z' });
      assert.equal(planted.error?.code, '42501');
      assert.deepEqual((await owner.client.from('subscribers').select('email')).data, [{ email: 'private@example.com' }]);
    });
  });
