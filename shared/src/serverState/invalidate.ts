// What a change makes stale, said once for every remote: the checkout button, /account's plan
// actions, the editor's Publish panel and the domain forms call these after the server has answered,
// and every screen reading those rows (in this remote or another) reads them again.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { billingKeys, domainKeys, portfolioKeys, storageKeys } from './keys';

const invalidate = (client: QueryClient, keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);

/** After a checkout or a change of plan: plan, subscriptions, receipts, and what the plan decides (quota, free domain). */
export function invalidateBilling(client: QueryClient, userId: string): Promise<void> {
  return invalidate(client, [billingKeys.all(userId), storageKeys.usage(userId), domainKeys.freeAllowance(userId)]);
}

/** After a page is published or taken down, or a portfolio made, renamed or deleted: every view of them, and their space. */
export function invalidatePortfolios(client: QueryClient, userId: string): Promise<void> {
  return invalidate(client, [portfolioKeys.all(userId), storageKeys.usage(userId), domainKeys.custom(userId)]);
}

/** After a domain is added, proven, registered, renewed, connected or removed. */
export function invalidateDomains(client: QueryClient, userId: string): Promise<void> {
  return invalidate(client, [domainKeys.all(userId)]);
}
