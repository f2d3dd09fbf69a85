import { useQuery } from '@tanstack/react-query';
import {
  billingStateOf,
  entitlementsQuery,
  subscriptionsQuery,
  useAuthStore,
  type BillingState,
  type Entitlements,
} from '@folioforge/shared';

// The signed-in user's plan, bought templates and subscriptions, from the page's shared query cache
// (the same entries /account reads); a finished checkout invalidates them (checkoutPipeline.ts).

type BillingStatus = 'signed-out' | 'loading' | 'ready' | 'error';

export interface UserBilling {
  status: BillingStatus;
  entitlements?: Entitlements;
  state: BillingState;
}

export function useBilling(): UserBilling {
  const userId = useAuthStore((store) => store.user?.id ?? null);
  const entitlements = useQuery({ ...entitlementsQuery(userId ?? ''), enabled: userId !== null });
  const subscriptions = useQuery({ ...subscriptionsQuery(userId ?? ''), enabled: userId !== null });
  if (userId === null) return { status: 'signed-out', state: {} };
  if (entitlements.isError || subscriptions.isError) return { status: 'error', state: {} };
  if (!entitlements.data || !subscriptions.data) return { status: 'loading', state: {} };
  return { status: 'ready', entitlements: entitlements.data, state: billingStateOf(subscriptions.data) };
}
