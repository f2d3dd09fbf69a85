// Closing a shop at once: unpublishing a page, deleting its portfolio or the account, and the sweep
// for a plan that lapsed all call close_shop (20261203090100_shop_closing.sql), which cancels the
// pending orders and gives their stock back. A payment that still arrives for one of them is refunded
// by the webhook's late-payment path (shopOrderPayments.ts).
import type { SupabaseClient } from '@supabase/supabase-js';

/** Cancels the owner's pending orders (of `portfolioId` only, when given); how many. Throws when the database refused. */
export async function closeShop(admin: SupabaseClient, ownerId: string, portfolioId?: string): Promise<number> {
  const { data, error } = await admin.rpc('close_shop', portfolioId ? { shop_owner: ownerId, page: portfolioId } : { shop_owner: ownerId });
  if (error) throw new Error(`close_shop failed: ${error.code} ${error.message}`);
  return typeof data === 'number' ? data : 0;
}
