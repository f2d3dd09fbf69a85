// The purchases table (one-time orders: templates), written only by the payment functions and only
// with the service role: the payments function records orders and verifies checkouts, the
// razorpay-webhook function marks them paid when Razorpay says so first.
import type { SupabaseClient } from '@supabase/supabase-js';

export interface Purchase {
  id: string;
  user_id: string;
  item_type: 'plan' | 'template';
  item_id: string;
  amount: number;
  currency: string;
  order_id: string;
  payment_id: string | null;
  status: 'created' | 'paid' | 'failed';
  created_at: string;
  paid_at: string | null;
  expires_at: string | null;
}

export async function recordOrder(
  db: SupabaseClient,
  row: Pick<Purchase, 'user_id' | 'item_type' | 'item_id' | 'amount' | 'currency' | 'order_id'>,
): Promise<void> {
  const { error } = await db.from('purchases').insert({ ...row, status: 'created' });
  if (error) throw new Error(`could not record the order: ${error.message}`);
}

export async function purchaseByOrder(db: SupabaseClient, orderId: string): Promise<Purchase | null> {
  const { data, error } = await db.from('purchases').select('*').eq('order_id', orderId).maybeSingle();
  if (error) throw new Error(`could not read the purchase: ${error.message}`);
  return data as Purchase | null;
}

/**
 * Marks the purchase paid once. The update only matches a row not yet paid, so a repeated verify
 * or a webhook racing the browser changes nothing and gets the stored result back; `justPaid` says
 * which call paid it (that one mails the receipt).
 */
export async function markPaid(
  db: SupabaseClient,
  purchase: Purchase,
  paymentId: string,
): Promise<{ purchase: Purchase; justPaid: boolean }> {
  const paidAt = new Date();
  const { data, error } = await db
    .from('purchases')
    .update({ status: 'paid', payment_id: paymentId, paid_at: paidAt.toISOString() })
    .eq('order_id', purchase.order_id)
    .neq('status', 'paid')
    .select('*');
  if (error) throw new Error(`could not mark the purchase paid: ${error.message}`);
  const updated = (data as Purchase[] | null)?.[0];
  if (updated) return { purchase: updated, justPaid: true };
  const current = await purchaseByOrder(db, purchase.order_id);
  if (!current) throw new Error('purchase vanished while being marked paid');
  return { purchase: current, justPaid: false };
}
