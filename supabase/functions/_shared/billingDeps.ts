// What the payments and razorpay-webhook functions work with: Razorpay's API and plan catalog, and
// Supabase with the service role (the only writer of purchases, subscriptions and charges).
import type { SupabaseClient } from '@supabase/supabase-js';
import { requireEnv, type Env } from './env.ts';
import { razorpayApiFrom, type RazorpayApi } from './razorpay.ts';
import { planCatalog, type PlanCatalog } from './razorpayPlans.ts';
import { serverClient } from './supabase-client.ts';

export interface BillingDeps {
  env: Env;
  razorpay: RazorpayApi;
  plans: PlanCatalog;
  admin: SupabaseClient;
  anonClient(): SupabaseClient;
  /** Supabase as the signed-in user (row-level security applies). */
  userClient(token: string): SupabaseClient;
}

export function billingDepsFrom(env: Env): BillingDeps {
  const url = requireEnv(env, 'SUPABASE_URL');
  const anonKey = requireEnv(env, 'SUPABASE_ANON_KEY');
  const razorpay = razorpayApiFrom(env, (name) => requireEnv(env, name));
  return {
    env,
    razorpay,
    plans: planCatalog(razorpay, env),
    admin: serverClient(url, requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY')),
    anonClient: () => serverClient(url, anonKey),
    userClient: (token) => serverClient(url, anonKey, token),
  };
}
