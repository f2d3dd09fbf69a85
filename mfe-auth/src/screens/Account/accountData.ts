// /account's rows, from the page's one query cache. Each row's type is what the typed Supabase client
// (createClient<Database>, database.types.ts) answers for its select: nothing here is typed by hand.
// Rows other remotes read too (portfolios, domains, the plan, the space used) use @folioforge/shared's
// keys, so a publish in the editor or a checkout refreshes them here.
import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { domainKeys, entitlementsQuery, getSupabase, portfolioKeys, storageUseQuery } from '@folioforge/shared';

/** Keys of the rows only this page reads. */
export const accountKeys = {
  profile: (userId: string) => ['profile', userId] as const,
  subscribers: (userId: string) => ['subscribers', userId] as const,
};

export type Loadable<T> = { kind: 'loading' } | { kind: 'loaded'; value: T } | { kind: 'failed'; message: string };

/**
 * One of the signed-in user's queries from the page's shared cache: its state, `reload` to ask
 * again (after a failure or an edit), and `replace` to put a value the server just returned.
 */
export function useAccountQuery<T, Key extends QueryKey>(
  options: UseQueryOptions<T, Error, T, Key> & { queryKey: Key },
): [Loadable<T>, () => void, (value: T) => void] {
  const client = useQueryClient();
  const query = useQuery(options);
  const { queryKey } = options;
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const replace = useCallback((value: T) => client.setQueryData<T>(queryKey, value), [client, queryKey]);
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

async function fetchProfile(userId: string) {
  const { data, error } = await getSupabase().from('profiles').select('id, name, username').eq('id', userId).single();
  // PGRST116: no row yet (a project created before the sign-up trigger); the form can create it.
  if (error?.code === 'PGRST116') return null;
  if (error) throw failure(error);
  return data;
}
export type Profile = NonNullable<Awaited<ReturnType<typeof fetchProfile>>>;

export function useProfile(userId: string) {
  const options = useMemo(() => ({ queryKey: accountKeys.profile(userId), queryFn: () => fetchProfile(userId) }), [userId]);
  return useAccountQuery(options);
}

async function fetchPortfolioSummaries(userId: string) {
  const { data, error } = await getSupabase()
    .from('portfolios')
    .select('id, title, template_id, published, slug, updated_at')
    .eq('owner_id', userId)
    .order('updated_at', { ascending: false });
  if (error) throw failure(error);
  return data ?? [];
}
export type PortfolioSummary = Awaited<ReturnType<typeof fetchPortfolioSummaries>>[number];

/** The user's portfolios as the account page lists them; the editor's changes refresh them (portfolioKeys). */
export function usePortfolios(userId: string) {
  const options = useMemo(() => ({ queryKey: portfolioKeys.summaries(userId), queryFn: () => fetchPortfolioSummaries(userId) }), [userId]);
  return useAccountQuery(options);
}

/** What the user's purchases grant now; its cache entry is the one /pricing and the checkout read too. */
export function useEntitlements(userId: string) {
  return useAccountQuery(useMemo(() => entitlementsQuery(userId), [userId]));
}

/** Shares its cache entry with My portfolios, which shows the same figures. */
export function useStorageUse(userId: string) {
  return useAccountQuery(useMemo(() => storageUseQuery(userId), [userId]));
}

/** Someone who left their email on one of the user's published pages (customer accounts): the newest 200. */
async function fetchSubscribers() {
  // The rows are the owner's alone (RLS), so no filter by user is needed or trusted.
  const { data, error } = await getSupabase()
    .from('subscribers')
    .select('id, portfolio_id, email, name, created_at')
    .order('created_at', { ascending: false })
    .limit(200);
  if (error) throw failure(error);
  return data ?? [];
}
export type SubscriberSummary = Awaited<ReturnType<typeof fetchSubscribers>>[number];

export function useSubscribers(userId: string) {
  return useAccountQuery(useMemo(() => ({ queryKey: accountKeys.subscribers(userId), queryFn: fetchSubscribers }), [userId]));
}

/** The custom domains the user added for their pages (every plan includes one). */
async function fetchDomainClaims(userId: string) {
  const { data, error } = await getSupabase()
    .from('custom_domains')
    .select('id, domain, portfolio_id, token, verified_at')
    .eq('owner_id', userId)
    .order('created_at');
  if (error) throw failure(error);
  return data ?? [];
}
export type DomainClaim = Awaited<ReturnType<typeof fetchDomainClaims>>[number];

export function useDomains(userId: string) {
  return useAccountQuery(useMemo(() => ({ queryKey: domainKeys.custom(userId), queryFn: () => fetchDomainClaims(userId) }), [userId]));
}
