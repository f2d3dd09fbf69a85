import { useQuery } from '@tanstack/react-query';
import { billingKeys } from '@folioforge/shared';
import { fetchPlanFeatures } from './publishApi';

/** What the user's plan adds to their page (customized look, brand kit), read once per user; nothing for a visitor. */
export function usePlanFeatures(userId: string | undefined) {
  // Under the entitlements key: a checkout or a change of plan in any remote refreshes it (invalidateBilling).
  return useQuery({
    queryKey: [...billingKeys.entitlements(userId ?? ''), 'page-features'],
    queryFn: fetchPlanFeatures,
    enabled: Boolean(userId),
  });
}
