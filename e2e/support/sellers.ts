// An owner's Razorpay account connected behind the app, for tests about selling: the sellers
// function's Partner OAuth start, the sandbox's consent page allowed as the owner would, and the
// way back through the function (e2e/tests/selling.test.ts drives the same in the browser).
import type { SupabaseClient } from '@supabase/supabase-js';
import { uniqueLabel } from './accounts';

export async function connectSandboxSeller(client: SupabaseClient): Promise<void> {
  const { data, error } = await client.functions.invoke('sellers', { body: { action: 'connect' } });
  if (error) throw new Error(`the sellers function answered: ${String(error)}`);
  const authorizeUrl = (data as { authorizeUrl: string }).authorizeUrl;
  const consentPage = await (await fetch(authorizeUrl)).text();
  const consent = new URLSearchParams();
  for (const [, name, value] of consentPage.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    consent.append(name!, value!.replace(/&amp;/g, '&'));
  consent.set('decision', 'allow');
  consent.set('email', `${uniqueLabel('seller')}@shop.example`);
  const back = await fetch(authorizeUrl, { method: 'POST', body: consent, redirect: 'manual' });
  const landed = await fetch(back.headers.get('location')!, { redirect: 'manual' });
  await landed.body?.cancel();
  if (landed.status !== 303) throw new Error(`connecting the sandbox account ended with ${landed.status}`);
}
