// One payment's receipt, in the same facts and words wherever it is read: the dialog on /account
// (mfe-auth's ReceiptDialog, through @folioforge/shared) and the mail the payment functions send once a
// payment is recorded (receiptMail.ts). Dependency-free but for the prices: a screen loads it with
// @folioforge/shared.
import type { BillingHistoryEntry } from './billingRows.ts';
import { formatMoney, planById } from './prices.ts';

/** Who sells, as every receipt names it. */
export const RECEIPT_SELLER = 'FolioForge · payments processed by Razorpay';

/** Where the account page lists every payment, and where to ask about one (paths on the site). */
export const RECEIPT_PATHS = { billing: '/account#billing', contact: '/contact-us' } as const;

/** Built on first use: a page's first Intl.DateTimeFormat costs its start (see shared/src/dates.ts). */
function lazyDate(options: Intl.DateTimeFormatOptions): (date: string) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat('en-IN', options)).format(new Date(date));
}
const longDate = lazyDate({ dateStyle: 'long' });
const shortDate = lazyDate({ dateStyle: 'medium' });

/** "Pro plan, monthly" or "Template 3, bought for good". */
export function describePayment(entry: BillingHistoryEntry): string {
  if (entry.item_type === 'template') return `Template ${entry.item_id}, bought for good`;
  const name = planById(entry.item_id)?.name ?? entry.item_id;
  return entry.kind === 'subscription' ? `${name} plan, monthly` : `${name} plan, 30-day pass`;
}

/** "1 Dec 2026 – 1 Jan 2027", "until 1 Jan 2027", or null for what has no period (a template). */
export function periodOf(entry: BillingHistoryEntry): string | null {
  if (!entry.period_end) return null;
  return entry.period_start ? `${shortDate(entry.period_start)} – ${shortDate(entry.period_end)}` : `until ${shortDate(entry.period_end)}`;
}

/** "Ada Lovelace, ada@example.com": the account's name (when it has one) and address. */
export function billedToOf(name: unknown, email: string | undefined): string {
  return [typeof name === 'string' ? name.trim() : '', email ?? ''].filter(Boolean).join(', ');
}

export interface ReceiptFact {
  key: 'date' | 'billedTo' | 'item' | 'period' | 'amount' | 'paidBy' | 'payment' | 'reference';
  label: string;
  value: string;
}

/**
 * The receipt's facts in order. `paidBy` ("Visa card ending 4366") is known where Razorpay was asked
 * about the payment; the account page's rows do not keep it.
 */
export function receiptFacts(entry: BillingHistoryEntry, billedTo: string, paidBy?: string): ReceiptFact[] {
  const period = periodOf(entry);
  return [
    { key: 'date', label: 'Date paid', value: longDate(entry.paid_at) },
    { key: 'billedTo', label: 'Billed to', value: billedTo },
    { key: 'item', label: 'Item', value: describePayment(entry) },
    ...(period ? [{ key: 'period' as const, label: 'Period', value: period }] : []),
    { key: 'amount', label: 'Amount paid', value: `${formatMoney(entry.amount, entry.currency)} (${entry.currency})` },
    ...(paidBy ? [{ key: 'paidBy' as const, label: 'Paid by', value: paidBy }] : []),
    { key: 'payment', label: 'Payment id', value: entry.payment_id ?? '—' },
    { key: 'reference', label: entry.kind === 'subscription' ? 'Subscription' : 'Order', value: entry.reference },
  ];
}

/** The receipt as a plain-text mail: the dialog's facts, the seller, and where all receipts are. */
export function receiptMail(
  entry: BillingHistoryEntry,
  billedTo: string,
  siteUrl: string,
  paidBy?: string,
): { subject: string; message: string } {
  const site = siteUrl.replace(/\/+$/, '');
  const facts = receiptFacts(entry, billedTo, paidBy).map((fact) => `${fact.label}: ${fact.value}`);
  return {
    subject: `Your FolioForge receipt ${entry.receipt_number}: ${describePayment(entry)}, ${formatMoney(entry.amount, entry.currency)}`,
    message: [
      `Receipt ${entry.receipt_number}`,
      RECEIPT_SELLER,
      '',
      ...facts,
      '',
      `Every payment and receipt: ${site}${RECEIPT_PATHS.billing}`,
      `Questions about this payment: ${site}${RECEIPT_PATHS.contact}`,
    ].join('\n'),
  };
}
