// A user's plan, subscriptions and payments as the screens read them, in the page's one query cache
// (TanStack Query): /pricing, the checkout button and /account share these entries, and a finished
// checkout or a change of plan invalidates them all, so every screen shows the new state at once.
import type { QueryClient } from '@tanstack/react-query';
import {
  BILLING_HISTORY_COLUMNS,
  BILLING_SUBSCRIPTION_COLUMNS,
  billingHistoryEntrySchema,
  billingSubscriptionSchema,
  type BillingHistoryEntry,
  type BillingSubscription,
} from '../catalog/billing';
import type { FolioForgeClient } from '../supabase/createSupabase';

export const billingQueryKeys = {
  entitlements: (userId: string) => ['entitlements', userId] as const,
  subscriptions: (userId: string) => ['subscriptions', userId] as const,
  history: (userId: string) => ['billing-history', userId] as const,
};

/** What the user's purchases and plan grant now (the `entitlements` view: one row for the caller). */
export interface Entitlements {
  plan: string | null;
  /** The end of the period paid for of the plan held (a renewal extends it). */
  plan_expires_at: string | null;
  templates: string[];
  remove_branding: boolean;
  /** Customized website (Pro and Premium): the page's accent colour and font. */
  customized_look: boolean;
  /** Professional logo and social media logo files (Premium). */
  brand_kit: boolean;
  /** Priority customer care (Premium): contact messages marked priority. */
  priority_care: boolean;
}

export async function fetchEntitlements(client: FolioForgeClient): Promise<Entitlements> {
  const { data, error } = await client
    .from('entitlements')
    .select('plan, plan_expires_at, templates, remove_branding, customized_look, brand_kit, priority_care')
    .single();
  if (error) throw new Error(error.message);
  return {
    plan: data.plan ?? null,
    plan_expires_at: data.plan_expires_at ?? null,
    templates: data.templates ?? [],
    remove_branding: data.remove_branding === true,
    customized_look: data.customized_look === true,
    brand_kit: data.brand_kit === true,
    priority_care: data.priority_care === true,
  };
}

/** The user's subscriptions, newest first (row-level security shows their own only). */
export async function fetchSubscriptions(client: FolioForgeClient, userId: string): Promise<BillingSubscription[]> {
  const { data, error } = await client
    .from('subscriptions')
    .select(BILLING_SUBSCRIPTION_COLUMNS)
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw new Error(error.message);
  return billingSubscriptionSchema.array().parse(data ?? []);
}

/** What the user has paid, newest first: paid orders and subscription charges. */
export async function fetchBillingHistory(client: FolioForgeClient): Promise<BillingHistoryEntry[]> {
  const { data, error } = await client.from('billing_history').select(BILLING_HISTORY_COLUMNS).order('paid_at', { ascending: false });
  if (error) throw new Error(error.message);
  return billingHistoryEntrySchema.array().parse(data ?? []);
}

/** After a payment or a change of plan: every screen's plan, subscriptions, payments and quota read again. */
export async function invalidateBilling(client: QueryClient, userId: string): Promise<void> {
  await Promise.all(
    [
      billingQueryKeys.entitlements(userId),
      billingQueryKeys.subscriptions(userId),
      billingQueryKeys.history(userId),
      // The plan decides the storage quota shown beside the space used.
      ['storage-usage', userId],
    ].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}
