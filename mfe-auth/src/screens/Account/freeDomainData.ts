// The free domain on /account: the user's registrations and whether their plan pays for a new one
// (read through REST, row-level security decides), and the domains function's calls.
import { useMemo } from 'react';
import {
  functionFailureOf,
  getSupabase,
  type DomainOffer,
  type DomainRegisteredAnswer,
  type DomainSearchAnswer,
  type DomainsRequest,
  type RegisteredDomain,
} from '@folioforge/shared';
import { useAccountQuery } from './accountData';

export interface Registration {
  domain: string;
  status: 'pending' | 'active';
  registered_at: string | null;
  expires_at: string | null;
  renewal_price_usd: number | null;
}

export function useRegistrations(userId: string) {
  const key = useMemo(() => ['registered-domains', userId] as const, [userId]);
  return useAccountQuery<Registration[]>(key, async () => {
    const { data, error } = await getSupabase()
      .from('registered_domains')
      .select('domain, status, registered_at, expires_at, renewal_price_usd')
      .eq('owner_id', userId)
      .order('created_at');
    if (error) throw new Error(error.message);
    return (data ?? []) as Registration[];
  });
}

/** Whether the plan pays for a new domain now; when not, why, and when the next one comes. */
export interface FreeDomainAllowance {
  available: boolean;
  reason: 'no_plan' | 'used' | null;
  next_at: string | null;
}

export function useFreeDomainAllowance(userId: string) {
  const key = useMemo(() => ['free-domain-allowance', userId] as const, [userId]);
  return useAccountQuery<FreeDomainAllowance>(key, async () => {
    const { data, error } = await getSupabase().rpc('free_domain_allowance');
    if (error) throw new Error(error.message);
    const answer = (data ?? {}) as Partial<FreeDomainAllowance>;
    return {
      available: answer.available === true,
      reason: answer.reason === 'no_plan' || answer.reason === 'used' ? answer.reason : null,
      next_at: typeof answer.next_at === 'string' ? answer.next_at : null,
    };
  });
}

/** Calls the domains function; its refusal's words (or a connection problem) become the error. */
async function callDomains<T>(body: DomainsRequest): Promise<T> {
  const { data, error } = await getSupabase().functions.invoke<T>('domains', { body });
  if (!error && data) return data;
  const failure = await functionFailureOf(error);
  throw new Error(
    failure.message ?? (failure.status === undefined ? 'FolioForge could not be reached. Check your connection.' : 'Try again.'),
  );
}

export const searchDomains = async (query: string): Promise<DomainOffer[]> =>
  (await callDomains<DomainSearchAnswer>({ action: 'search', query })).offers;
export const registerDomain = (domain: string, portfolioId: string) =>
  callDomains<DomainRegisteredAnswer>({ action: 'register', domain, portfolioId });
export const renewDomain = async (domain: string): Promise<RegisteredDomain> =>
  (await callDomains<{ registered: RegisteredDomain }>({ action: 'renew', domain })).registered;
export const connectDomain = (domain: string, portfolioId: string) =>
  callDomains<DomainRegisteredAnswer>({ action: 'connect', domain, portfolioId });
