import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { dateFormatter, Button, formatMoney, planById, useFocusTrap, type BillingHistoryEntry } from '@folioforge/shared';
import styles from './Billing.module.scss';

const dateFormat = dateFormatter('en-IN', { dateStyle: 'long' });
const shortDate = dateFormatter('en-IN', { dateStyle: 'medium' });

/** "Pro plan, monthly" or "Template 3, bought for good". */
export function describePayment(entry: BillingHistoryEntry): string {
  if (entry.item_type === 'template') return `Template ${entry.item_id}, bought for good`;
  const name = planById(entry.item_id)?.name ?? entry.item_id;
  return entry.kind === 'subscription' ? `${name} plan, monthly` : `${name} plan, 30-day pass`;
}

export function periodOf(entry: BillingHistoryEntry): string | null {
  if (!entry.period_end) return null;
  return entry.period_start ? `${shortDate(entry.period_start)} – ${shortDate(entry.period_end)}` : `until ${shortDate(entry.period_end)}`;
}

/** The body class that, when printing, shows the receipt alone (Billing.module.scss). */
const PRINTING = 'ff-printing-receipt';

/**
 * One payment's receipt in a modal dialog, with Print: while it is open the page prints the receipt
 * alone. Amounts in the currency charged, as charged.
 */
export function ReceiptDialog({ entry, billedTo, onClose }: { entry: BillingHistoryEntry; billedTo: string; onClose: () => void }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, true, onClose);
  useEffect(() => {
    document.body.classList.add(PRINTING);
    return () => document.body.classList.remove(PRINTING);
  }, []);
  const period = periodOf(entry);

  return createPortal(
    <div className={styles.backdrop}>
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className={styles.receipt} tabIndex={-1}>
        <h2 id={titleId}>Receipt {entry.receipt_number}</h2>
        <p className={styles.merchant}>FolioForge · payments processed by Razorpay</p>
        <dl className={styles.receiptFacts}>
          <dt>Date paid</dt>
          <dd>{dateFormat(entry.paid_at)}</dd>
          <dt>Billed to</dt>
          <dd>{billedTo}</dd>
          <dt>Item</dt>
          <dd>{describePayment(entry)}</dd>
          {period ? (
            <>
              <dt>Period</dt>
              <dd>{period}</dd>
            </>
          ) : null}
          <dt>Amount paid</dt>
          <dd className={styles.receiptAmount}>
            {formatMoney(entry.amount, entry.currency)} <span>({entry.currency})</span>
          </dd>
          <dt>Payment id</dt>
          <dd>{entry.payment_id ?? '—'}</dd>
          <dt>{entry.kind === 'subscription' ? 'Subscription' : 'Order'}</dt>
          <dd>{entry.reference}</dd>
        </dl>
        <div className={styles.actions}>
          <Button onClick={() => window.print()}>Print</Button>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
