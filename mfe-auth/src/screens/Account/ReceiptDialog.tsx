import { Fragment, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button, RECEIPT_SELLER, receiptFacts, useFocusTrap, type BillingHistoryEntry } from '@folioforge/shared';
import styles from './Billing.module.scss';

/** The body class that, when printing, shows the receipt alone (Billing.module.scss). */
const PRINTING = 'ff-printing-receipt';

/**
 * One payment's receipt in a modal dialog, with Print: while it is open the page prints the receipt
 * alone. Amounts in the currency charged, as charged. The facts are the receipt mail's (receiptFacts).
 */
export function ReceiptDialog({ entry, billedTo, onClose }: { entry: BillingHistoryEntry; billedTo: string; onClose: () => void }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, true, onClose);
  useEffect(() => {
    document.body.classList.add(PRINTING);
    return () => document.body.classList.remove(PRINTING);
  }, []);

  return createPortal(
    <div className={styles.backdrop}>
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className={styles.receipt} tabIndex={-1}>
        <h2 id={titleId}>Receipt {entry.receipt_number}</h2>
        <p className={styles.merchant}>{RECEIPT_SELLER}</p>
        <dl className={styles.receiptFacts}>
          {receiptFacts(entry, billedTo).map((fact) => (
            <Fragment key={fact.key}>
              <dt>{fact.label}</dt>
              <dd className={fact.key === 'amount' ? styles.receiptAmount : undefined}>{fact.value}</dd>
            </Fragment>
          ))}
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
