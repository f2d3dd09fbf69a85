import { readRazorpayConstructor, type RazorpayConstructor } from './razorpayCheckout';

/** Raised when checkout.js cannot be loaded (offline, blocked, or it did not define window.Razorpay). */
class CheckoutScriptError extends Error {
  override name = 'CheckoutScriptError';
}

/** The wording of the spec's offline alert, which its source app could never show. */
export const CHECKOUT_SCRIPT_FAILED_MESSAGE = 'You are offline, Failed to load Razorpay. Check your connection and try again.';

const SCRIPT_MARKER = 'data-folioforge-checkout';
const DEFAULT_TIMEOUT_MS = 20_000;

/** One load in flight at a time, shared by every button on the page. */
let inFlight: Promise<RazorpayConstructor> | undefined;

/**
 * Adds Razorpay's checkout.js once and resolves with window.Razorpay. Unlike the spec's loader,
 * a failure really rejects (so the offline message can show), and it leaves nothing cached, so
 * the next call tries again from scratch.
 */
export function loadCheckoutScript(src: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<RazorpayConstructor> {
  const alreadyLoaded = readRazorpayConstructor();
  if (alreadyLoaded) return Promise.resolve(alreadyLoaded);
  if (inFlight) return inFlight;

  inFlight = new Promise<RazorpayConstructor>((resolve, reject) => {
    // A tag from an earlier failed attempt would never fire again; start clean.
    document.querySelectorAll(`script[${SCRIPT_MARKER}]`).forEach((stale) => stale.remove());
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.setAttribute(SCRIPT_MARKER, 'true');

    const settle = (outcome: () => void) => {
      window.clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
      inFlight = undefined;
      outcome();
    };
    const fail = (reason: string) =>
      settle(() => {
        script.remove();
        reject(new CheckoutScriptError(`${CHECKOUT_SCRIPT_FAILED_MESSAGE} (${reason})`));
      });

    // A hanging request (captive portal, stalled proxy) must not leave the button busy forever.
    const timer = window.setTimeout(() => fail('timed out'), timeoutMs);
    script.onload = () => {
      const loaded = readRazorpayConstructor();
      if (loaded) settle(() => resolve(loaded));
      else fail('the script did not define Razorpay');
    };
    script.onerror = () => fail('network error');
    document.head.appendChild(script);
  });
  return inFlight;
}
