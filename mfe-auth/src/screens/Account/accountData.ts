import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { billingQueryKeys, fetchEntitlements, fetchStorageUse, getSupabase, type Entitlements, type StorageUse } from '@folioforge/shared';

export interface Profile {
  id: string;
  name: string | null;
  username: string | null;
}

export interface PortfolioSummary {
  id: string;
  title: string | null;
  template_id: string;
  published: boolean;
  slug: string | null;
  updated_at: string;
}

export type Loadable<T> = { kind: 'loading' } | { kind: 'loaded'; value: T } | { kind: 'failed'; message: string };

/**
 * One of the signed-in user's queries from the page's shared cache: its state, `reload` to ask
 * again (after a failure or an edit), and `replace` to put a value the server just returned.
 */
export function useAccountQuery<T>(
  queryKey: readonly [string, string],
  load: () => Promise<T>,
): [Loadable<T>, () => void, (value: T) => void] {
  const client = useQueryClient();
  const query = useQuery({ queryKey, queryFn: load });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const replace = useCallback((value: T) => client.setQueryData(queryKey, value), [client, queryKey]);
  // Asking again after a failure shows progress rather than the old error.
  const state: Loadable<T> =
    query.isPending || (query.isError && query.isFetching)
      ? { kind: 'loading' }
      : query.isError
        ? { kind: 'failed', message: query.error.message }
        : { kind: 'loaded', value: query.data as T };
  return [state, reload, replace];
}

function failure(error: { message: string }): Error {
  return new Error(error.message);
}

export function useProfile(userId: string) {
  const key = useMemo(() => ['profile', userId] as const, [userId]);
  return useAccountQuery<Profile | null>(key, async () => {
    const { data, error } = await getSupabase().from('profiles').select('id, name, username').eq('id', userId).single();
    // PGRST116: no row yet (a project created before the sign-up trigger); the form can create it.
    if (error?.code === 'PGRST116') return null;
    if (error) throw failure(error);
    return data as Profile;
  });
}

export function usePortfolios(userId: string) {
  const key = useMemo(() => ['portfolios', userId] as const, [userId]);
  return useAccountQuery<PortfolioSummary[]>(key, async () => {
    const { data, error } = await getSupabase()
      .from('portfolios')
      .select('id, title, template_id, published, slug, updated_at')
      .eq('owner_id', userId)
      .order('updated_at', { ascending: false });
    if (error) throw failure(error);
    return (data ?? []) as PortfolioSummary[];
  });
}

/** What the user's purchases grant now; its cache entry is the one /pricing and the checkout read too. */
export function useEntitlements(userId: string) {
  const key = useMemo(() => billingQueryKeys.entitlements(userId), [userId]);
  return useAccountQuery<Entitlements>(key, () => fetchEntitlements(getSupabase()));
}

/** Shares its cache entry with My portfolios, which shows the same figures. */
export function useStorageUse(userId: string) {
  const key = useMemo(() => ['storage-usage', userId] as const, [userId]);
  return useAccountQuery<StorageUse>(key, () => fetchStorageUse(getSupabase()));
}

/** Someone who left their email on one of the user's published pages (customer accounts). */
export interface SubscriberSummary {
  id: string;
  portfolio_id: string;
  email: string;
  name: string | null;
  created_at: string;
}

/** The newest 200: the rows are the owner's alone (RLS), so no filter by user is needed or trusted. */
export function useSubscribers(userId: string) {
  const key = useMemo(() => ['subscribers', userId] as const, [userId]);
  return useAccountQuery<SubscriberSummary[]>(key, async () => {
    const { data, error } = await getSupabase()
      .from('subscribers')
      .select('id, portfolio_id, email, name, created_at')
      .order('created_at', { ascending: false })
      .limit(200);
    if (error) throw failure(error);
    return (data ?? []) as SubscriberSummary[];
  });
}

/** A custom domain the user added for one of their pages (every plan includes one). */
export interface DomainClaim {
  id: string;
  domain: string;
  portfolio_id: string;
  token: string;
  verified_at: string | null;
}

export function useDomains(userId: string) {
  const key = useMemo(() => ['custom-domains', userId] as const, [userId]);
  return useAccountQuery<DomainClaim[]>(key, async () => {
    const { data, error } = await getSupabase()
      .from('custom_domains')
      .select('id, domain, portfolio_id, token, verified_at')
      .eq('owner_id', userId)
      .order('created_at');
    if (error) throw failure(error);
    return (data ?? []) as DomainClaim[];
  });
}
