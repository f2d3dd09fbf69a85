// Mails a payment's receipt to its payer once the payment is recorded: the receipt /account shows
// (receipt.ts), read from billing_history, with how it was paid as Razorpay tells it. Called by the
// payments and razorpay-webhook functions only for the call that recorded the payment, so the browser's
// verify and the webhook mail it once between them. A mail that fails loses nothing: the receipt is
// on /account.
import type { BillingDeps } from './billingDeps.ts';
import { billingHistoryColumns, billingHistoryEntrySchema } from './billingRows.ts';
import { requireEnv } from './env.ts';
import { sendAccountMail } from './accountMail.ts';
import type { RazorpayPayment } from './razorpay.ts';
import { billedToOf, receiptMail } from './receipt.ts';

/** "Visa card ending 4366", "UPI (success@razorpay)": how a payment was made, as a receipt says it. */
export function paidByOf(payment: Pick<RazorpayPayment, 'method' | 'card' | 'vpa'>): string | undefined {
  if (payment.method === 'card' && payment.card) return `${payment.card.network} card ending ${payment.card.last4}`;
  if (payment.method === 'upi') return payment.vpa ? `UPI (${payment.vpa})` : 'UPI';
  return payment.method || undefined;
}

/** Mails the receipt of billing_history row `entryId` (a purchase's or a charge's id) to user `userId`. */
export async function mailReceipt(deps: BillingDeps, userId: string, entryId: string): Promise<void> {
  try {
    const [{ data: row, error }, { data: account, error: userError }] = await Promise.all([
      deps.admin.from('billing_history').select(billingHistoryColumns()).eq('id', entryId).single(),
      deps.admin.auth.admin.getUserById(userId),
    ]);
    if (error) throw new Error(`the receipt could not be read: ${error.message}`);
    if (userError) throw new Error(`the payer could not be read: ${userError.message}`);
    const email = account.user?.email;
    if (!email) return;
    const entry = billingHistoryEntrySchema().parse(row);
    const paidBy = entry.payment_id ? await deps.razorpay.fetchPayment(entry.payment_id).then(paidByOf, () => undefined) : undefined;
    const billedTo = billedToOf(account.user?.user_metadata?.['name'], email);
    await sendAccountMail(deps.env, { to: email, ...receiptMail(entry, billedTo, requireEnv(deps.env, 'SITE_URL'), paidBy) });
  } catch (error) {
    console.error('the receipt could not be mailed', error);
  }
}
