import { useId, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  dateFormatter,
  Button,
  formatMoney,
  planById,
  priceFor,
  ServerStateProvider,
  type CheckoutButtonProps,
  type PurchaseItem,
} from '@folioforge/shared';
import { useCheckout, type CheckoutState } from '../../checkout/useCheckout';
import { useBilling } from '../../billing/useBilling';
import styles from './CheckoutButton.module.scss';

const dateFormat = dateFormatter('en-IN', { dateStyle: 'medium' });
const formatDate = (iso: string | null | undefined) => (iso ? dateFormat(iso) : undefined);

/** What the checkout dialog says is being bought. */
function describeItem(item: PurchaseItem): string {
  if (item.itemType === 'template') return `Template ${item.itemId}, yours for good`;
  return `${planById(item.itemId)?.name ?? item.itemId} plan, billed monthly`;
}

type Tone = 'info' | 'success' | 'error';

function paidMessage(item: PurchaseItem, state: Extract<CheckoutState, { phase: 'paid' }>): string {
  const charged = state.charged ? formatMoney(state.charged.amount, state.charged.currency) : null;
  if (item.itemType === 'template')
    return `Payment successful! ${charged ?? ''} paid for Template ${item.itemId}. Payment id: ${state.paymentId}`;
  const plan = planById(item.itemId);
  const monthly = plan ? formatMoney(plan.amount, plan.currency) : '';
  const sub = state.subscription;
  if (!charged) {
    const starts = formatDate(sub?.starts_at ?? sub?.charge_at);
    return `${plan?.name ?? 'Your plan'} continues${starts ? ` from ${starts}` : ''}: ${monthly} will be charged then, and monthly until you cancel. Nothing was charged today.`;
  }
  const renews = formatDate(sub?.current_end);
  return `Payment successful! ${charged} paid for ${plan?.name ?? 'your plan'}${renews ? `; it renews on ${renews} at ${monthly} until you cancel` : ''}. Payment id: ${state.paymentId}`;
}

function useStatusMessage(item: PurchaseItem, state: CheckoutState): { tone: Tone; content: ReactNode } | null {
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
      return { tone: 'info', content: item.itemType === 'plan' ? 'Starting your subscription…' : 'Creating your order…' };
    case 'awaiting-payment':
      return { tone: 'info', content: 'Complete the payment in the Razorpay window.' };
    case 'verifying':
      return { tone: 'info', content: 'Confirming your payment…' };
    case 'paid':
      return { tone: 'success', content: paidMessage(item, state) };
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

function PurchasedNote({ children }: { children: ReactNode }) {
  return (
    <p className={styles.purchased}>
      <span aria-hidden="true">✓ </span>
      <span>{children}</span>
    </p>
  );
}

function CheckoutButtonBody({ item, label }: CheckoutButtonProps) {
  const priceId = useId();
  const checkout = useCheckout(item, describeItem(item));
  const { entitlements, state: billing } = useBilling();
  const message = useStatusMessage(item, checkout.state);

  const price = priceFor(item);
  if (price === undefined) {
    // Only reachable from an untyped federated caller naming an item the catalog lacks.
    return <p className={styles.unavailable}>This item is not for sale.</p>;
  }
  const isTemplate = item.itemType === 'template';
  const purchased = isTemplate && (entitlements?.templates.includes(String(item.itemId)) ?? false);
  // A plan publishes every template while it lasts: buying one then is not offered.
  const coveringPlan = isTemplate && !purchased && checkout.state.phase !== 'paid' ? planById(entitlements?.plan ?? '') : undefined;
  const canRetry = checkout.state.phase === 'failed' && checkout.state.step !== 'verify';
  // Subscribed (just now, or before): managed on the account page; what the checkout said stays below.
  const subscribed = !isTemplate && !checkout.busy && billing.continuing?.plan_id === item.itemId;

  let action: ReactNode;
  if (purchased) action = <PurchasedNote>Purchased</PurchasedNote>;
  else if (subscribed)
    action = (
      <Link className={styles.manage} to="/account">
        Manage your subscription
      </Link>
    );
  else if (coveringPlan) {
    const until = formatDate(entitlements?.plan_expires_at);
    action = (
      <p className={styles.included}>
        Included in your {coveringPlan.name} plan{until ? ` (paid through ${until})` : ''}: publish it without buying.
      </p>
    );
  } else
    action = (
      <>
        <Button busy={checkout.busy} onClick={checkout.start} aria-describedby={priceId}>
          {label}
        </Button>
        <span id={priceId} className={styles.price}>
          {formatMoney(price.amount, price.currency)}
          {isTemplate ? ' once' : ' a month'}
        </span>
      </>
    );

  return (
    <div className={styles.checkout}>
      <div className={styles.row}>{action}</div>
      {/* Always in the page, so screen readers announce each change of its text. */}
      <div role="status" aria-live="polite" className={[styles.status, message ? styles[message.tone] : ''].join(' ')}>
        {message?.content}
      </div>
      {checkout.retryVerification ? (
        <Button variant="secondary" onClick={checkout.retryVerification}>
          Check payment again
        </Button>
      ) : canRetry && !purchased && !subscribed ? (
        <Button variant="secondary" onClick={checkout.start}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The buy button of one item: its price from the catalog, Razorpay Checkout behind it, and the
 * progress and outcome read out under it. A template already bought shows 'Purchased', and one a
 * plan covers says so instead of offering it. A plan opens a monthly subscription.
 * Exposed through federation as mfe_commerce/CheckoutButton (the editor's Get buttons, /account's Resume).
 */
export default function CheckoutButton(props: CheckoutButtonProps) {
  return (
    <ServerStateProvider>
      <CheckoutButtonBody {...props} />
    </ServerStateProvider>
  );
}
