// Shops for the tests and benches of selling: an owner who connected a Razorpay account through the
// sandbox's Partner OAuth consent page (as /account does), and a page of theirs whose published
// snapshot (what orders are priced from) is written as the publish function records it.
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import { sellerAccessToken, sellerDepsFrom, type SellerToken } from '../../../supabase/functions/_shared/sellerAccounts.ts';
import { supabaseClientsFrom } from '../../../supabase/functions/_shared/supabaseClient.ts';
import { functionEnv } from '../../src/functions/index.ts';
import { grantPurchase } from './cloud.ts';
import { serviceClient, signedInUser, type TestCloud, type TestUser } from './servicesCloud.ts';

/** Connects `owner`'s Razorpay account: the sellers function's authorize URL, "allow" on the consent page, the callback. */
export async function connectSeller(owner: TestUser, label: string): Promise<void> {
  const { data, error } = await owner.client.functions.invoke('sellers', { body: { action: 'connect' } });
  if (error) throw error;
  const authorizeUrl = (data as { authorizeUrl: string }).authorizeUrl;
  const html = await (await fetch(authorizeUrl)).text();
  const consent = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    consent.append(name!, value!.replace(/&amp;/g, '&'));
  consent.set('decision', 'allow');
  consent.set('email', `${label}-${process.pid}@shop.example`);
  const back = await fetch(authorizeUrl, { method: 'POST', body: consent, redirect: 'manual' });
  const landed = await fetch(back.headers.get('location')!, { redirect: 'manual' });
  await landed.body?.cancel();
  if (landed.status !== 303) throw new Error(`connecting ${label}'s Razorpay account answered ${landed.status}, not 303`);
}

/** An owner who may sell (a plan) and connected their Razorpay account through Partner OAuth, as on /account. */
export async function sellingOwner(t: TestCloud, label: string): Promise<TestUser> {
  const owner = await signedInUser(t, label);
  await grantPurchase(serviceClient(t), owner.id, { itemType: 'plan', itemId: 'basic' });
  await connectSeller(owner, label);
  return owner;
}

let pageCounter = 0;

/** A generator page of `owner`'s at a fresh `<prefix>-…` address, published with `data` as its snapshot. */
export async function publishedShop(
  service: SupabaseClient,
  owner: TestUser,
  data: unknown,
  prefix = 'shop',
): Promise<{ pageId: string; slug: string }> {
  const slug = `${prefix}-${process.pid}-${++pageCounter}`;
  const inserted = await owner.client.from('portfolios').insert({ template_id: 'generator', title: 'Shop' }).select('id').single();
  if (inserted.error) throw inserted.error;
  const pageId = (inserted.data as { id: string }).id;
  const listed = await service.from('portfolios').update({ slug, published: true }).eq('id', pageId);
  if (listed.error) throw listed.error;
  const recorded = await service.from('published_pages').insert({
    portfolio_id: pageId,
    owner_id: owner.id,
    slug,
    template_id: 'generator',
    version: 1,
    data,
    badge: false,
    customized_look: false,
    subscribe_form: false,
  });
  if (recorded.error) throw recorded.error;
  return { pageId, slug };
}

/** The owner's Razorpay connection as the functions read it (refreshed when due): its tokens, or null. */
export async function sellerTokenOf(t: TestCloud, ownerId: string): Promise<SellerToken | null> {
  const env = functionEnv(t.cloud.ctx);
  const read = (name: string) => env[name];
  return sellerAccessToken(sellerDepsFrom(read, supabaseClientsFrom(read).admin), ownerId);
}

/** The buyer pays an order on the seller's account in the sandbox's checkout, with the card that succeeds; Razorpay's answer to the page. */
export async function payShopOrder(t: TestCloud, seller: SellerToken, razorpayOrderId: string, email: string) {
  const res = await fetch(`${t.url}/razorpay/v1/checkout/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      key_id: seller.publicToken,
      order_id: razorpayOrderId,
      method: 'card',
      card: { number: '4100 2800 0000 1007', expiry: '12/30', cvv: '123' },
      email,
    }),
  });
  assert.equal(res.status, 200);
  return (await res.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
}
