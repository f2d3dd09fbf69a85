// /account's billing: the user's subscriptions and payments from the page's shared query cache
// (the entries /pricing and the checkout button read too), and the payments function's plan actions.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  billingHistoryQuery,
  FunctionCallError,
  invalidateBilling,
  invokeFunction,
  subscriptionsQuery,
  type BillingSubscription,
  type RequestOf,
} from '@folioforge/shared';
import { paymentsFunction } from '@folioforge/shared/functions';

export function useSubscriptions(userId: string) {
  return useQuery(subscriptionsQuery(userId));
}

export function useBillingHistory(userId: string) {
  return useQuery(billingHistoryQuery(userId));
}

type PlanAction = Extract<RequestOf<typeof paymentsFunction>, { action: 'cancel-subscription' | 'change-plan' }>;

export interface PlanActionState {
  busy: boolean;
  /** What went wrong, in the payment service's words. */
  error: string | null;
  /** Asks the payments function; resolves with the subscription as it now is, or null when refused. */
  run(action: PlanAction): Promise<BillingSubscription | null>;
}

/** Cancel or change the plan; afterwards every screen's plan, subscriptions and receipts read again. */
export function usePlanAction(userId: string): PlanActionState {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (action: PlanAction) => {
      setBusy(true);
      setError(null);
      try {
        return (await invokeFunction(paymentsFunction, action, { refused: 'The payment service refused.' })).subscription;
      } catch (failure) {
        setError(failure instanceof FunctionCallError ? failure.message : 'The payment service refused.');
        return null;
      } finally {
        await invalidateBilling(client, userId);
        setBusy(false);
      }
    },
    [client, userId],
  );
  return { busy, error, run };
}
