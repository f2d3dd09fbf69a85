// /account's billing: the user's subscriptions and payments from the page's shared query cache
// (the entries /pricing and the checkout button read too), and the payments function's plan actions.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  billingQueryKeys,
  fetchBillingHistory,
  fetchSubscriptions,
  functionFailureOf,
  getSupabase,
  invalidateBilling,
  subscriptionAnswerSchema,
  type BillingSubscription,
  type PlanId,
} from '@folioforge/shared';

export function useSubscriptions(userId: string) {
  return useQuery({ queryKey: billingQueryKeys.subscriptions(userId), queryFn: () => fetchSubscriptions(getSupabase(), userId) });
}

export function useBillingHistory(userId: string) {
  return useQuery({ queryKey: billingQueryKeys.history(userId), queryFn: () => fetchBillingHistory(getSupabase()) });
}

export type PlanAction = { action: 'cancel-subscription' } | { action: 'change-plan'; planId: PlanId };

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
        const { data, error: failure } = await getSupabase().functions.invoke<unknown>('payments', { body: action });
        if (failure) {
          const { status, message } = await functionFailureOf(failure);
          setError(
            status === undefined
              ? 'Could not reach the payment service. Check your connection and try again.'
              : (message ?? 'The payment service refused.'),
          );
          return null;
        }
        const parsed = subscriptionAnswerSchema.safeParse(data);
        if (!parsed.success) {
          setError('The payment service sent an unexpected answer.');
          return null;
        }
        return parsed.data.subscription;
      } finally {
        await invalidateBilling(client, userId);
        setBusy(false);
      }
    },
    [client, userId],
  );
  return { busy, error, run };
}
