import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import {
  FunctionCallError,
  getRuntimeConfig,
  invalidateBilling,
  queryClient,
  useAuthStore,
  type BillingSubscription,
  type PurchaseItem,
} from '@folioforge/shared';
import { CHECKOUT_SCRIPT_FAILED_MESSAGE, loadCheckoutScript } from './loadCheckoutScript';
import { confirmCheckout, openCheckout, type OpenedCheckout } from './paymentApi';
import type { RazorpayCheckout, RazorpayConstructor } from './razorpayCheckout';

/** Merchant name shown in the checkout dialog. */
export const MERCHANT_NAME = 'FolioForge';
/** The brand green ($color-brand in the shared tokens); the spec's checkout used a green theme. */
export const CHECKOUT_THEME_COLOR = '#0f6b5c';

export type CheckoutPhase =
  'idle' | 'login-required' | 'loading-script' | 'creating-order' | 'awaiting-payment' | 'verifying' | 'paid' | 'failed' | 'cancelled';

/** Which step went wrong decides what the visitor is told and how they can recover. */
export type CheckoutFailureStep = 'script' | 'order' | 'payment' | 'verify';

export type CheckoutState =
  | { phase: 'idle' | 'loading-script' | 'creating-order' | 'awaiting-payment' | 'verifying' | 'cancelled' }
  | { phase: 'login-required'; reason: 'signed-out' | 'session-expired' }
  | {
      phase: 'paid';
      paymentId: string;
      /** What was charged now (nothing when a plan was authorised to start later). */
      charged: { amount: number; currency: string } | null;
      /** For a plan: the subscription as the server now has it. */
      subscription?: BillingSubscription;
    }
  | { phase: 'failed'; step: CheckoutFailureStep; message: string; paymentId?: string };

export interface UseCheckoutResult {
  state: CheckoutState;
  /** True while a payment is under way: the button shows busy and ignores clicks. */
  busy: boolean;
  /** Starts (or starts over) the purchase of the item. */
  start(): void;
  /** After a payment whose confirmation failed: asks the server again for the same payment, never charging twice. */
  retryVerification?: () => void;
}

const BUSY_PHASES: ReadonlySet<CheckoutPhase> = new Set(['loading-script', 'creating-order', 'awaiting-payment', 'verifying']);

const paymentFailedSchema = z.looseObject({
  error: z.looseObject({
    description: z.string().optional(),
    reason: z.string().optional(),
  }),
});

/** Razorpay's own words for a failed payment, e.g. 'Your payment has been declined…'. */
function paymentFailureReason(response: unknown): string {
  const parsed = paymentFailedSchema.safeParse(response);
  const description = parsed.success ? parsed.data.error.description?.trim() : undefined;
  if (description) return description;
  const reason = parsed.success ? parsed.data.error.reason?.trim() : undefined;
  // Reason codes look like 'insufficient_funds'.
  if (reason) return reason.replace(/_/g, ' ');
  return 'The payment did not go through.';
}

function prefillFor(): { name?: string; email?: string } {
  const user = useAuthStore.getState().user;
  const metadataName: unknown = user?.user_metadata?.['name'];
  return {
    ...(typeof metadataName === 'string' && metadataName.trim() ? { name: metadataName } : {}),
    ...(user?.email ? { email: user.email } : {}),
  };
}

/**
 * The purchase of one item through Razorpay Checkout (a template's order, or a plan's subscription):
 * idle → loading-script → creating-order → awaiting-payment → verifying → paid | failed | cancelled.
 * A signed-out visitor (or an expired session) ends in login-required instead.
 */
export function useCheckout(item: PurchaseItem, description: string): UseCheckoutResult {
  const [state, setState] = useState<CheckoutState>({ phase: 'idle' });
  // Each start() is an attempt; callbacks of an older attempt (a late dismiss, a slow answer) are ignored.
  const attemptRef = useRef(0);
  const openCheckoutRef = useRef<RazorpayCheckout | undefined>(undefined);
  const confirmableRef = useRef<{ opened: OpenedCheckout; response: unknown } | undefined>(undefined);
  // Callers (the editor through federation) often pass a fresh item object each render.
  const latest = useRef({ item, description });
  latest.current = { item, description };

  const closeOpenCheckout = useCallback(() => {
    const open = openCheckoutRef.current;
    openCheckoutRef.current = undefined;
    try {
      open?.close?.();
    } catch {
      // Already closed.
    }
  }, []);

  // Another item (or unmounting) abandons whatever was under way for the previous one.
  const itemKey = `${item.itemType}:${item.itemId}`;
  const shownItemKey = useRef(itemKey);
  useEffect(() => {
    if (shownItemKey.current !== itemKey) {
      shownItemKey.current = itemKey;
      setState({ phase: 'idle' });
    }
    return () => {
      attemptRef.current += 1;
      confirmableRef.current = undefined;
      closeOpenCheckout();
    };
  }, [itemKey, closeOpenCheckout]);

  const confirm = useCallback(async (attempt: number, opened: OpenedCheckout, response: unknown) => {
    const isCurrent = () => attempt === attemptRef.current;
    setState({ phase: 'verifying' });
    try {
      const confirmed = await confirmCheckout(opened, response);
      if (!isCurrent()) return;
      confirmableRef.current = undefined;
      const chargedNow = opened.kind === 'order' || opened.startsAt === null;
      // Only now, with the server's word, is the payment a success.
      setState({
        phase: 'paid',
        paymentId: confirmed.paymentId,
        charged: chargedNow ? { amount: opened.amount, currency: opened.currency } : null,
        ...(confirmed.subscription ? { subscription: confirmed.subscription } : {}),
      });
      // Every screen showing purchases, plans or receipts reads them again.
      const userId = useAuthStore.getState().user?.id;
      if (userId) void invalidateBilling(queryClient, userId);
    } catch (error) {
      if (!isCurrent()) return;
      const detail = error instanceof FunctionCallError ? error.message : 'The payment could not be verified.';
      const paymentId =
        typeof response === 'object' && response !== null ? (response as { razorpay_payment_id?: unknown }).razorpay_payment_id : undefined;
      setState({ phase: 'failed', step: 'verify', message: detail, ...(typeof paymentId === 'string' ? { paymentId } : {}) });
    }
  }, []);

  const start = useCallback(() => {
    const attempt = ++attemptRef.current;
    const isCurrent = () => attempt === attemptRef.current;
    confirmableRef.current = undefined;
    closeOpenCheckout();

    if (useAuthStore.getState().status === 'signedOut') {
      setState({ phase: 'login-required', reason: 'signed-out' });
      return;
    }

    void (async () => {
      setState({ phase: 'loading-script' });
      let Razorpay: RazorpayConstructor;
      try {
        Razorpay = await loadCheckoutScript(getRuntimeConfig().razorpayCheckoutUrl);
      } catch {
        if (isCurrent()) setState({ phase: 'failed', step: 'script', message: CHECKOUT_SCRIPT_FAILED_MESSAGE });
        return;
      }
      if (!isCurrent()) return;

      setState({ phase: 'creating-order' });
      const { item: buying, description: buyingDescription } = latest.current;
      let opened: OpenedCheckout;
      try {
        opened = await openCheckout(buying);
      } catch (error) {
        if (!isCurrent()) return;
        if (error instanceof FunctionCallError && error.status === 401) {
          // The function answers 401 both to visitors never signed in and to expired sessions.
          setState({ phase: 'login-required', reason: useAuthStore.getState().user ? 'session-expired' : 'signed-out' });
        } else {
          setState({
            phase: 'failed',
            step: 'order',
            message: error instanceof FunctionCallError ? error.message : 'Could not create the order.',
          });
        }
        return;
      }
      if (!isCurrent()) return;

      try {
        const checkout = new Razorpay({
          key: opened.keyId,
          amount: opened.amount,
          currency: opened.currency,
          name: MERCHANT_NAME,
          description: buyingDescription,
          ...(opened.kind === 'order' ? { order_id: opened.orderId } : { subscription_id: opened.subscriptionId }),
          prefill: prefillFor(),
          theme: { color: CHECKOUT_THEME_COLOR },
          modal: {
            ondismiss: () => {
              if (!isCurrent()) return;
              openCheckoutRef.current = undefined;
              // After a failed attempt the reason stays on screen; otherwise the visitor simply cancelled.
              setState((previous) => (previous.phase === 'awaiting-payment' ? { phase: 'cancelled' } : previous));
            },
          },
          handler: (response: unknown) => {
            if (!isCurrent()) return;
            openCheckoutRef.current = undefined;
            confirmableRef.current = { opened, response };
            void confirm(attempt, opened, response);
          },
        });
        // Razorpay keeps its dialog open after a failure so the buyer can retry there; we show the reason too.
        checkout.on('payment.failed', (response: unknown) => {
          if (isCurrent()) setState({ phase: 'failed', step: 'payment', message: paymentFailureReason(response) });
        });
        openCheckoutRef.current = checkout;
        setState({ phase: 'awaiting-payment' });
        checkout.open();
      } catch {
        if (!isCurrent()) return;
        openCheckoutRef.current = undefined;
        setState({ phase: 'failed', step: 'script', message: 'The payment window could not be opened.' });
      }
    })();
  }, [closeOpenCheckout, confirm]);

  const retryVerification = useCallback(() => {
    const confirmable = confirmableRef.current;
    if (!confirmable) return;
    const attempt = ++attemptRef.current;
    void confirm(attempt, confirmable.opened, confirmable.response);
  }, [confirm]);

  const canRetryVerification = state.phase === 'failed' && state.step === 'verify' && confirmableRef.current !== undefined;
  return {
    state,
    busy: BUSY_PHASES.has(state.phase),
    start,
    ...(canRetryVerification ? { retryVerification } : {}),
  };
}
