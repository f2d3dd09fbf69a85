// The subscription and billing-history rows every screen reads, written once for the functions and
// the browser (@folioforge/shared loads this file when a screen reads a row: zod stays out of a
// page's start). How a subscription's state reads is billing.ts.
import { z } from 'zod';
import { builtOnFirstUse } from './builtOnFirstUse.ts';
import { PLAN_IDS, type PlanId } from './prices.ts';

// Schemas are built on first use: a function that reads no billing row builds none.
export const planIdSchema = builtOnFirstUse(() => z.enum(PLAN_IDS as [PlanId, ...PlanId[]]));

const SUBSCRIPTION_STATUSES = [
  'created',
  'authenticated',
  'active',
  'pending',
  'halted',
  'cancelled',
  'completed',
  'expired',
  'paused',
] as const;

/** A row of public.subscriptions as the owner reads it (and the payments function answers it). */
export const billingSubscriptionSchema = builtOnFirstUse(() =>
  z.object({
    id: z.string(),
    plan_id: planIdSchema(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    amount: z.number().int(),
    currency: z.string(),
    current_start: z.string().nullable(),
    current_end: z.string().nullable(),
    charge_at: z.string().nullable(),
    starts_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
    scheduled_plan_id: planIdSchema().nullable(),
    failed_charges: z.number().int(),
    created_at: z.string(),
  }),
);
export type BillingSubscription = z.infer<ReturnType<typeof billingSubscriptionSchema>>;
/** The columns of billingSubscriptionSchema, for `.select()`. */
export const billingSubscriptionColumns = builtOnFirstUse(() => Object.keys(billingSubscriptionSchema().shape).join(', '));

/** A row of public.billing_history: one paid order or subscription charge. */
export const billingHistoryEntrySchema = builtOnFirstUse(() =>
  z.object({
    id: z.string(),
    kind: z.enum(['order', 'subscription']),
    item_type: z.enum(['plan', 'template']),
    item_id: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    paid_at: z.string(),
    payment_id: z.string().nullable(),
    reference: z.string(),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
    receipt_number: z.string(),
  }),
);
export type BillingHistoryEntry = z.infer<ReturnType<typeof billingHistoryEntrySchema>>;
export const billingHistoryColumns = builtOnFirstUse(() => Object.keys(billingHistoryEntrySchema().shape).join(', '));
