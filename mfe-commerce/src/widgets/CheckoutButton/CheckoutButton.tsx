import { useId, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, formatInr, PLANS, priceOf, type CheckoutButtonProps, type PurchaseItem } from '@folioforge/shared';
import { useCheckout, type CheckoutState } from '../../checkout/useCheckout';
import { hasPaidTemplate, usePaidPurchases } from '../../purchases/usePaidPurchases';
import styles from './CheckoutButton.module.scss';

/** What the checkout dialog says is being bought. */
function describeItem(item: PurchaseItem): string {
  if (item.itemType === 'template') return `Template ${item.itemId}`;
  const plan = PLANS.find((candidate) => candidate.id === item.itemId);
  return `${plan?.name ?? item.itemId} plan, 1 month`;
}

type Tone = 'info' | 'success' | 'error';

function useStatusMessage(state: CheckoutState): { tone: Tone; content: ReactNode } | null {
  const location = useLocation();
  switch (state.phase) {
    case 'idle':
      return null;
    case 'login-required': {
      // Back to this very page afterwards, with its navigation state (the editor's selected template):
      // the login screen reads state.from as a path or as { pathname, search, hash, state }.
      const returnTo = {
        from: { pathname: location.pathname, search: location.search, hash: location.hash, state: location.state as unknown },
      };
      return {
        tone: 'info',
        content: (
          <>
            {state.reason === 'session-expired' ? 'Your session has expired. ' : ''}
            Please log in first:{' '}
            <Link to="/login" state={returnTo}>
              Log in
            </Link>
            , and you will come back to this page.
          </>
        ),
      };
    }
    case 'loading-script':
      return { tone: 'info', content: 'Loading the secure checkout…' };
    case 'creating-order':
      return { tone: 'info', content: 'Creating your order…' };
    case 'awaiting-payment':
      return { tone: 'info', content: 'Complete the payment in the Razorpay window.' };
    case 'verifying':
      return { tone: 'info', content: 'Confirming your payment…' };
    case 'paid':
      return { tone: 'success', content: `Payment successful! Payment id: ${state.paymentId}` };
    case 'cancelled':
      return { tone: 'info', content: 'Payment cancelled. Nothing was charged.' };
    case 'failed':
      switch (state.step) {
        case 'script':
        case 'order':
          return { tone: 'error', content: state.message };
        case 'payment':
          return { tone: 'error', content: `Payment failed: ${state.message} You can try again.` };
        case 'verify':
          return {
            tone: 'error',
            content: `We could not confirm your payment: ${state.message}${
              state.paymentId ? ` If you were charged, do not pay again: contact us with payment id ${state.paymentId}.` : ''
            }`,
          };
      }
  }
}

/**
 * The buy button of one item: its price from the catalog, Razorpay Checkout behind it, and the
 * progress and outcome read out under it. Templates already bought show 'Purchased' instead.
 * Exposed through federation as mfe_commerce/CheckoutButton (the editor's Get buttons).
 */
export default function CheckoutButton({ item, label }: CheckoutButtonProps) {
  const priceId = useId();
  const checkout = useCheckout(item, describeItem(item));
  const { purchases } = usePaidPurchases();
  const message = useStatusMessage(checkout.state);

  const priceMinorUnits = priceOf(item);
  if (priceMinorUnits === undefined) {
    // Only reachable from an untyped federated caller naming an item the catalog lacks.
    return <p className={styles.unavailable}>This item is not for sale.</p>;
  }
  const purchased = item.itemType === 'template' && hasPaidTemplate(purchases, item.itemId);
  const canRetry = checkout.state.phase === 'failed' && checkout.state.step !== 'verify';

  return (
    <div className={styles.checkout}>
      <div className={styles.row}>
        {purchased ? (
          <p className={styles.purchased}>
            <span aria-hidden="true">✓ </span>
            <span>Purchased</span>
          </p>
        ) : (
          <>
            <Button busy={checkout.busy} onClick={checkout.start} aria-describedby={priceId}>
              {label}
            </Button>
            <span id={priceId} className={styles.price}>
              {formatInr(priceMinorUnits)}
              {item.itemType === 'plan' ? ' per month' : ''}
            </span>
          </>
        )}
      </div>
      {/* Always in the page, so screen readers announce each change of its text. */}
      <div role="status" aria-live="polite" className={[styles.status, message ? styles[message.tone] : ''].join(' ')}>
        {message?.content}
      </div>
      {checkout.retryVerification ? (
        <Button variant="secondary" onClick={checkout.retryVerification}>
          Check payment again
        </Button>
      ) : canRetry && !purchased ? (
        <Button variant="secondary" onClick={checkout.start}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
