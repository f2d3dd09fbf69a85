// The checkout button's hook over runCheckout (checkoutPipeline.ts): the state to show, and one run at
// a time — a new start, another item or the button's unmounting abandons the run before.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PurchaseItem } from '@folioforge/shared';
import { runCheckout, type CheckoutRun, type CheckoutState } from './checkoutPipeline';

export type { CheckoutState };

interface UseCheckoutResult {
  state: CheckoutState;
  /** True while a payment is under way: the button shows busy and ignores clicks. */
  busy: boolean;
  /** Starts (or starts over) the purchase of the item. */
  start(): void;
  /** After a payment whose confirmation failed: asks the server again for the same payment, never charging twice. */
  retryVerification?: () => void;
}

const BUSY_PHASES: ReadonlySet<CheckoutState['phase']> = new Set(['loading-script', 'creating-order', 'awaiting-payment', 'verifying']);

export function useCheckout(item: PurchaseItem, description: string): UseCheckoutResult {
  const [state, setState] = useState<CheckoutState>({ phase: 'idle' });
  const run = useRef<CheckoutRun | undefined>(undefined);
  // Callers (the editor through federation) often pass a fresh item object each render.
  const latest = useRef({ item, description });
  latest.current = { item, description };

  // Another item (or unmounting) abandons whatever was under way for the previous one.
  const itemKey = `${item.itemType}:${item.itemId}`;
  const shownItemKey = useRef(itemKey);
  useEffect(() => {
    if (shownItemKey.current !== itemKey) {
      shownItemKey.current = itemKey;
      setState({ phase: 'idle' });
    }
    return () => {
      run.current?.cancel();
      run.current = undefined;
    };
  }, [itemKey]);

  const start = useCallback(() => {
    run.current?.cancel();
    run.current = runCheckout(latest.current, setState);
  }, []);
  const retryVerification = useCallback(() => run.current?.retryVerification(), []);

  return {
    state,
    busy: BUSY_PHASES.has(state.phase),
    start,
    ...(state.phase === 'failed' && state.step === 'verify' ? { retryVerification } : {}),
  };
}
