// A user's plan, subscriptions and payments as the screens read them, in the page's one query cache
// (TanStack Query): /pricing, the checkout button, the editor's page features and /account share these
// entries (keys.ts), and a finished checkout or a change of plan invalidates them all (invalidate.ts),
// so every screen shows the new state at once.
import { queryOptions } from '@tanstack/react-query';
import type { BillingHistoryEntry, BillingSubscription } from '../../../supabase/functions/_shared/billingRows';
import { billingKeys } from '../serverState/keys';
import { loadSupabase, type FolioForgeClient } from '../supabase/createSupabase';

/** What the user's purchases and plan grant now: the caller's one row of the `entitlements` view. */
async function fetchEntitlements(client: FolioForgeClient) {
  const { data, error } = await client
    .from('entitlements')
    .select('plan, plan_expires_at, templates, remove_branding, customized_look, brand_kit, priority_care')
    .single();
  if (error) throw new Error(error.message);
  return {
    plan: data.plan,
    /** The end of the period paid for of the plan held (a renewal extends it). */
    plan_expires_at: data.plan_expires_at,
    templates: data.templates ?? [],
    remove_branding: data.remove_branding === true,
    /** Customized website (Pro and Premium): the page's accent colour and font. */
    customized_look: data.customized_look === true,
    /** Professional logo and social media logo files (Premium). */
    brand_kit: data.brand_kit === true,
    /** Priority customer care (Premium): contact messages marked priority. */
    priority_care: data.priority_care === true,
  };
}
export type Entitlements = Awaited<ReturnType<typeof fetchEntitlements>>;

/** The rows' schemas, with the first read of a row: they are written in zod, which no page needs to start. */
const loadBillingRows = () => import('../../../supabase/functions/_shared/billingRows');

/** The user's subscriptions, newest first (row-level security shows their own only). */
async function fetchSubscriptions(client: FolioForgeClient, userId: string): Promise<BillingSubscription[]> {
  const { billingSubscriptionColumns, billingSubscriptionSchema } = await loadBillingRows();
  const { data, error } = await client
    .from('subscriptions')
    .select(billingSubscriptionColumns())
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw new Error(error.message);
  return billingSubscriptionSchema()
    .array()
    .parse(data ?? []);
}

/** What the user has paid, newest first: paid orders and subscription charges. */
async function fetchBillingHistory(client: FolioForgeClient): Promise<BillingHistoryEntry[]> {
  const { billingHistoryColumns, billingHistoryEntrySchema } = await loadBillingRows();
  const { data, error } = await client.from('billing_history').select(billingHistoryColumns()).order('paid_at', { ascending: false });
  if (error) throw new Error(error.message);
  return billingHistoryEntrySchema()
    .array()
    .parse(data ?? []);
}

/** The query every screen reads the user's entitlements with (the same cache entry everywhere). */
export const entitlementsQuery = (userId: string) =>
  queryOptions({ queryKey: billingKeys.entitlements(userId), queryFn: async () => fetchEntitlements(await loadSupabase()) });

export const subscriptionsQuery = (userId: string) =>
  queryOptions({ queryKey: billingKeys.subscriptions(userId), queryFn: async () => fetchSubscriptions(await loadSupabase(), userId) });

export const billingHistoryQuery = (userId: string) =>
  queryOptions({ queryKey: billingKeys.history(userId), queryFn: async () => fetchBillingHistory(await loadSupabase()) });
