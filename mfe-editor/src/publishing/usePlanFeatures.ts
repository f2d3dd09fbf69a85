import { useQuery } from '@tanstack/react-query';
import { fetchPlanFeatures } from './publishApi';

/** What the user's plan adds to their page (customized look, brand kit), read once per user. */
export function usePlanFeatures(userId: string) {
  return useQuery({ queryKey: ['entitlements', userId, 'page-features'], queryFn: fetchPlanFeatures });
}
