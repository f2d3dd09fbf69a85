import { useCallback, useEffect, useState } from 'react';
import { getSupabase } from '@folioforge/shared';

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

export interface PurchaseSummary {
  id: string;
  item_type: 'template' | 'plan';
  item_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'paid' | 'failed';
  created_at: string;
  paid_at: string | null;
  expires_at: string | null;
}

export type Loadable<T> = { kind: 'loading' } | { kind: 'loaded'; value: T } | { kind: 'failed'; message: string };

/** Loads one query for the signed-in user; `reload` asks again (after a failure or an edit). */
function useLoad<T>(load: () => Promise<T>, key: string): [Loadable<T>, () => void, (value: T) => void] {
  const [state, setState] = useState<Loadable<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    load().then(
      (value) => current && setState({ kind: 'loaded', value }),
      (error: unknown) => current && setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
    // `key` names the query: a new `load` closure for the same key is the same query.
  }, [key, attempt]);
  return [state, useCallback(() => setAttempt((n) => n + 1), []), useCallback((value: T) => setState({ kind: 'loaded', value }), [])];
}

function failure(error: { message: string }): Error {
  return new Error(error.message);
}

export function useProfile(userId: string) {
  return useLoad<Profile | null>(async () => {
    const { data, error } = await getSupabase().from('profiles').select('id, name, username').eq('id', userId).single();
    // PGRST116: no row yet (a project created before the sign-up trigger); the form can create it.
    if (error?.code === 'PGRST116') return null;
    if (error) throw failure(error);
    return data as Profile;
  }, `profile:${userId}`);
}

export function usePortfolios(userId: string) {
  return useLoad<PortfolioSummary[]>(async () => {
    const { data, error } = await getSupabase()
      .from('portfolios')
      .select('id, title, template_id, published, slug, updated_at')
      .eq('owner_id', userId)
      .order('updated_at', { ascending: false });
    if (error) throw failure(error);
    return (data ?? []) as PortfolioSummary[];
  }, `portfolios:${userId}`);
}

export function usePurchases(userId: string) {
  return useLoad<PurchaseSummary[]>(async () => {
    const { data, error } = await getSupabase()
      .from('purchases')
      .select('id, item_type, item_id, amount, currency, status, created_at, paid_at, expires_at')
      .eq('user_id', userId)
      .order('created_at', { ascending: false });
    if (error) throw failure(error);
    return (data ?? []) as PurchaseSummary[];
  }, `purchases:${userId}`);
}
