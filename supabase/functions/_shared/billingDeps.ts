// What the payments and razorpay-webhook functions work with: Razorpay's API and plan catalog, and
// Supabase with the service role (the only writer of purchases, subscriptions and charges).
import { requireEnv, type Env } from './env.ts';
import { razorpayApiFrom, type RazorpayApi } from './razorpay.ts';
import { planCatalog, type PlanCatalog } from './razorpayPlans.ts';
import { supabaseClientsFrom, type SupabaseClients } from './supabaseClient.ts';

export interface BillingDeps extends SupabaseClients {
  env: Env;
  razorpay: RazorpayApi;
  plans: PlanCatalog;
}

export function billingDepsFrom(env: Env): BillingDeps {
  const razorpay = razorpayApiFrom(env, (name) => requireEnv(env, name));
  return {
    env,
    razorpay,
    plans: planCatalog(razorpay, env),
    ...supabaseClientsFrom(env),
  };
}
