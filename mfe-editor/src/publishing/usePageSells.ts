import { useQuery } from '@tanstack/react-query';
import { billingKeys } from '@folioforge/shared';
import { fetchPageSells } from './publishApi';

/**
 * Whether the owner's published page would take orders, as the publish function decides it (a plan
 * and a connected Razorpay account): false shows the products with "Ask about this" in the preview,
 * as on the page. Undefined while it is read, or with nobody signed in.
 */
export function usePageSells(userId: string | undefined): boolean | undefined {
  // Under the entitlements key: a change of plan in any remote refreshes it (invalidateBilling).
  const state = useQuery({
    queryKey: [...billingKeys.entitlements(userId ?? ''), 'page-sells'],
    queryFn: fetchPageSells,
    enabled: Boolean(userId),
  });
  return userId ? state.data : undefined;
}
