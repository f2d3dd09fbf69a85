import { useQuery } from '@tanstack/react-query';
import { billingKeys } from '@folioforge/shared';
import { fetchSitePassword } from './publishApi';

/**
 * Whether the owner's plan puts pages behind a password (the publish function asks the database):
 * undefined while it is read, or with nobody signed in. The same query as the Publish panel's
 * password fields, under the entitlements key, so a change of plan refreshes both.
 */
export function useSitePasswordAllowed(account: { userId: string; portfolioId: string } | undefined): boolean | undefined {
  const state = useQuery({
    queryKey: [...billingKeys.entitlements(account?.userId ?? ''), 'site-password', account?.portfolioId ?? ''],
    queryFn: () => fetchSitePassword(account!.portfolioId),
    enabled: Boolean(account),
  });
  return account ? state.data?.allowed : undefined;
}
