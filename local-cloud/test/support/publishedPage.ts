// A signed-in owner with a page of the free generator template, its address and published flag
// written with the service role as the publish function writes them.
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import { signedInUser, type TestCloud } from './servicesCloud.ts';

let pageCounter = 0;

export async function ownerWithPage(t: TestCloud, service: SupabaseClient, label: string, { published = true } = {}) {
  const owner = await signedInUser(t, 'owner');
  const slug = `${label}-${process.pid}-${++pageCounter}`;
  const { data, error } = await owner.client.from('portfolios').insert({ template_id: 'generator', title: 'Ada' }).select('id').single();
  assert.equal(error, null);
  // An address is held only while published: an unpublished page's slug names nothing.
  const written = published ? { slug, published } : { slug: null, published };
  assert.equal((await service.from('portfolios').update(written).eq('id', data!.id)).error, null);
  return { owner, slug, pageId: data!.id as string };
}
