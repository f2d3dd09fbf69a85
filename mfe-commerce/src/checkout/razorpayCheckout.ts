// The part of Razorpay's browser checkout (window.Razorpay from checkout.js) that FolioForge uses.
// Typed here rather than by augmenting Window, so other remotes' typings cannot clash with ours.

export interface RazorpayCheckoutOptions {
  key: string;
  /** Minor units; the order's or the subscription's amount is what is charged, this is only shown. */
  amount?: number;
  currency: string;
  name: string;
  description?: string;
  /** A one-time payment of this order … */
  order_id?: string;
  /** … or the authorisation of this subscription (its first charge when it starts now). */
  subscription_id?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  modal?: { ondismiss?: () => void; escape?: boolean };
  /** Gets {razorpay_payment_id, razorpay_order_id | razorpay_subscription_id, razorpay_signature}; verified by the server. */
  handler: (response: unknown) => void;
}

export interface RazorpayCheckout {
  on(event: 'payment.failed', callback: (response: unknown) => void): void;
  open(): void;
  /** Present in Razorpay's checkout and the sandbox; optional so a partial stand-in still works. */
  close?(): void;
}

export type RazorpayConstructor = new (options: RazorpayCheckoutOptions) => RazorpayCheckout;

/** window.Razorpay when checkout.js has defined it. */
export function readRazorpayConstructor(): RazorpayConstructor | undefined {
  const candidate = (window as Window & { Razorpay?: unknown }).Razorpay;
  return typeof candidate === 'function' ? (candidate as RazorpayConstructor) : undefined;
}
