// After an order took stock or gave it back: when the page now shows other products sold out than
// the stock held makes (pages_showing_old_stock, 20261203150000_pages_follow_their_stock.sql), the
// publish function renders it again (publish/actions/stockChanged.ts). It never fails the caller:
// the sweep renders whatever this missed.
import type { SupabaseClient } from '@supabase/supabase-js';

export async function pageStockChanged(admin: SupabaseClient, portfolioId: string): Promise<void> {
  try {
    const { data, error } = await admin.rpc('pages_showing_old_stock', { only_page: portfolioId });
    if (error) throw new Error(`pages_showing_old_stock failed: ${error.code} ${error.message}`);
    if (!Array.isArray(data) || data.length === 0) return;
    const { error: renderError } = await admin.functions.invoke('publish', { body: { action: 'stock-changed', portfolioId } });
    if (renderError) throw renderError;
  } catch (error) {
    console.error('a page could not be rendered with its stock (the sweep renders it)', portfolioId, error);
  }
}

/** The same, for the page an order was placed on (none once its portfolio is deleted). */
export async function orderStockChanged(admin: SupabaseClient, orderId: string): Promise<void> {
  const { data } = await admin.from('shop_orders').select('portfolio_id').eq('id', orderId).maybeSingle<{ portfolio_id: string | null }>();
  if (data?.portfolio_id) await pageStockChanged(admin, data.portfolio_id);
}
