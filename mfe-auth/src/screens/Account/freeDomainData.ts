// The free domain on /account: the user's registrations and whether their plan pays for a new one
// (read through REST, row-level security decides), and the domains function's calls, through
// invokeFunction and the function's contract (_shared/contracts/domains.ts).
import { useMemo } from 'react';
import { z } from 'zod';
import { domainKeys, getSupabase, invokeFunction } from '@folioforge/shared';
import { domainsFunction } from '@folioforge/shared/functions';
import { useAccountQuery } from './accountData';

async function fetchRegistrations(userId: string) {
  const { data, error } = await getSupabase()
    .from('registered_domains')
    .select('domain, status, registered_at, expires_at, renewal_price_usd')
    .eq('owner_id', userId)
    .order('created_at');
  if (error) throw new Error(error.message);
  return data ?? [];
}
export type Registration = Awaited<ReturnType<typeof fetchRegistrations>>[number];

export function useRegistrations(userId: string) {
  return useAccountQuery(useMemo(() => ({ queryKey: domainKeys.registered(userId), queryFn: () => fetchRegistrations(userId) }), [userId]));
}

/**
 * public.free_domain_allowance() answers JSON: whether the plan pays for a new domain now; when not,
 * why, and when the next one comes. Read leniently: anything unexpected counts as not available.
 */
const freeDomainAllowanceSchema = z.object({
  available: z.boolean().catch(false),
  reason: z.enum(['no_plan', 'used']).nullable().catch(null),
  next_at: z.string().nullable().catch(null),
});

async function fetchFreeDomainAllowance() {
  const { data, error } = await getSupabase().rpc('free_domain_allowance');
  if (error) throw new Error(error.message);
  return freeDomainAllowanceSchema.parse(typeof data === 'object' && data !== null ? data : {});
}

export function useFreeDomainAllowance(userId: string) {
  return useAccountQuery(useMemo(() => ({ queryKey: domainKeys.freeAllowance(userId), queryFn: fetchFreeDomainAllowance }), [userId]));
}

export const searchDomains = async (query: string) => (await invokeFunction(domainsFunction, { action: 'search', query })).offers;
export const registerDomain = (domain: string, portfolioId: string) =>
  invokeFunction(domainsFunction, { action: 'register', domain, portfolioId });
export const renewDomain = async (domain: string) => (await invokeFunction(domainsFunction, { action: 'renew', domain })).registered;
export const connectDomain = (domain: string, portfolioId: string) =>
  invokeFunction(domainsFunction, { action: 'connect', domain, portfolioId });
