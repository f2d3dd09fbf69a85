// One purchase through Razorpay Checkout, as a plain pipeline with no React in it:
//   loading-script → creating-order → awaiting-payment → verifying → paid | failed | cancelled
// (a signed-out visitor, or an expired session, ends in login-required instead). Each step is reported
// through `report`; a run that is cancelled (a new start, another item, the button gone) reports
// nothing more and closes its dialog. useCheckout is the thin hook over it.
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
import { confirmCheckout, openCheckout, type ConfirmedCheckout, type OpenedCheckout } from './paymentApi';
import type { RazorpayCheckout, RazorpayConstructor } from './razorpayCheckout';

/** Merchant name shown in the checkout dialog. */
const MERCHANT_NAME = 'FolioForge';
/** The brand green ($color-brand in the shared tokens); the spec's checkout used a green theme. */
const CHECKOUT_THEME_COLOR = '#0f6b5c';

/** Which step went wrong decides what the visitor is told and how they can recover. */
type CheckoutFailureStep = 'script' | 'order' | 'payment' | 'verify';

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

/** What a run does outside itself: the checkout script, the payments function, who is buying, the cache. */
export interface CheckoutSteps {
  loadRazorpay(): Promise<RazorpayConstructor>;
  open(item: PurchaseItem): Promise<OpenedCheckout>;
  confirm(opened: OpenedCheckout, response: unknown): Promise<ConfirmedCheckout>;
  buyer(): { signedIn: boolean; hadSession: boolean; name?: string; email?: string };
  /** After the server confirmed: every screen showing purchases, plans or receipts reads them again. */
  paid(): void;
}

const pageSteps: CheckoutSteps = {
  loadRazorpay: () => loadCheckoutScript(getRuntimeConfig().razorpayCheckoutUrl),
  open: openCheckout,
  confirm: confirmCheckout,
  buyer() {
    const { status, user } = useAuthStore.getState();
    const name: unknown = user?.user_metadata?.['name'];
    return {
      signedIn: status !== 'signedOut',
      hadSession: user !== null,
      ...(typeof name === 'string' && name.trim() ? { name } : {}),
      ...(user?.email ? { email: user.email } : {}),
    };
  },
  paid() {
    const userId = useAuthStore.getState().user?.id;
    if (userId) void invalidateBilling(queryClient, userId);
  },
};

const paymentFailedSchema = z.looseObject({
  error: z.looseObject({ description: z.string().optional(), reason: z.string().optional() }),
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

const paymentIdIn = (response: unknown) => z.object({ razorpay_payment_id: z.string() }).safeParse(response).data?.razorpay_payment_id;

export interface CheckoutRun {
  /** Abandons the run: nothing more is reported and its dialog closes. */
  cancel(): void;
  /** After a payment whose confirmation failed: asks the server again for it, never charging twice. */
  retryVerification(): void;
}

/** Starts the purchase of `item`; `report` hears every state it goes through. */
export function runCheckout(
  { item, description }: { item: PurchaseItem; description: string },
  report: (state: CheckoutState) => void,
  steps: CheckoutSteps = pageSteps,
): CheckoutRun {
  let cancelled = false;
  let last: CheckoutState = { phase: 'idle' };
  let dialog: RazorpayCheckout | undefined;
  let confirmable: { opened: OpenedCheckout; response: unknown } | undefined;
  // Each confirmation asked for; the answer of an older one (before a retry) is ignored.
  let confirmation = 0;

  const say = (state: CheckoutState) => {
    if (cancelled) return;
    last = state;
    report(state);
  };
  const closeDialog = () => {
    const open = dialog;
    dialog = undefined;
    try {
      open?.close?.();
    } catch {
      // Already closed.
    }
  };

  async function confirm() {
    if (!confirmable) return;
    const mine = ++confirmation;
    const { opened, response } = confirmable;
    say({ phase: 'verifying' });
    try {
      const confirmed = await steps.confirm(opened, response);
      if (mine !== confirmation) return;
      confirmable = undefined;
      const chargedNow = opened.kind === 'order' || opened.startsAt === null;
      // Only now, with the server's word, is the payment a success.
      say({
        phase: 'paid',
        paymentId: confirmed.paymentId,
        charged: chargedNow ? { amount: opened.amount, currency: opened.currency } : null,
        ...(confirmed.subscription ? { subscription: confirmed.subscription } : {}),
      });
      if (!cancelled) steps.paid();
    } catch (error) {
      if (mine !== confirmation) return;
      const paymentId = paymentIdIn(response);
      say({
        phase: 'failed',
        step: 'verify',
        message: error instanceof FunctionCallError ? error.message : 'The payment could not be verified.',
        ...(paymentId ? { paymentId } : {}),
      });
    }
  }

  function open(Razorpay: RazorpayConstructor, opened: OpenedCheckout) {
    const checkout = new Razorpay({
      key: opened.keyId,
      amount: opened.amount,
      currency: opened.currency,
      name: MERCHANT_NAME,
      description,
      ...(opened.kind === 'order' ? { order_id: opened.orderId } : { subscription_id: opened.subscriptionId }),
      prefill: (({ name, email }) => ({ ...(name ? { name } : {}), ...(email ? { email } : {}) }))(steps.buyer()),
      theme: { color: CHECKOUT_THEME_COLOR },
      modal: {
        ondismiss: () => {
          dialog = undefined;
          // After a failed attempt the reason stays on screen; otherwise the visitor simply cancelled.
          if (last.phase === 'awaiting-payment') say({ phase: 'cancelled' });
        },
      },
      handler: (response: unknown) => {
        if (cancelled) return;
        dialog = undefined;
        confirmable = { opened, response };
        void confirm();
      },
    });
    // Razorpay keeps its dialog open after a failure so the buyer can retry there; we show the reason too.
    checkout.on('payment.failed', (response: unknown) =>
      say({ phase: 'failed', step: 'payment', message: paymentFailureReason(response) }),
    );
    dialog = checkout;
    say({ phase: 'awaiting-payment' });
    checkout.open();
  }

  async function run() {
    if (!steps.buyer().signedIn) return say({ phase: 'login-required', reason: 'signed-out' });
    say({ phase: 'loading-script' });
    let Razorpay: RazorpayConstructor;
    try {
      Razorpay = await steps.loadRazorpay();
    } catch {
      return say({ phase: 'failed', step: 'script', message: CHECKOUT_SCRIPT_FAILED_MESSAGE });
    }
    if (cancelled) return;
    say({ phase: 'creating-order' });
    let opened: OpenedCheckout;
    try {
      opened = await steps.open(item);
    } catch (error) {
      // The function answers 401 both to visitors never signed in and to expired sessions.
      if (error instanceof FunctionCallError && error.status === 401)
        return say({ phase: 'login-required', reason: steps.buyer().hadSession ? 'session-expired' : 'signed-out' });
      return say({
        phase: 'failed',
        step: 'order',
        message: error instanceof FunctionCallError ? error.message : 'Could not create the order.',
      });
    }
    if (cancelled) return;
    try {
      open(Razorpay, opened);
    } catch {
      dialog = undefined;
      say({ phase: 'failed', step: 'script', message: 'The payment window could not be opened.' });
    }
  }

  void run();
  return {
    cancel() {
      cancelled = true;
      confirmable = undefined;
      closeDialog();
    },
    retryVerification() {
      if (!cancelled) void confirm();
    },
  };
}
