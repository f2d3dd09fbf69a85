// The payments function (supabase/functions/payments): what the browser may send (the item bought,
// never its price; Razorpay's checkout answers to verify) and what each action answers.
import { z } from 'zod';
import { billingSubscriptionSchema, planIdSchema } from '../billingRows.ts';
import { PLAN_CURRENCY, TEMPLATE_CURRENCY } from '../prices.ts';
import { defineFunction } from './functionContract.ts';

const razorpayId = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{6,40}$`));
const hexSignature = z.string().regex(/^[0-9a-f]{64}$/i);

// ─── requests ───────────────────────────────────────────────────────────────────────────────
/** Opens a Razorpay order for a template; the price comes from the server's list. */
const createOrderRequest = z.object({
  action: z.literal('create-order'),
  item: z.object({
    itemType: z.enum(['plan', 'template']),
    // Canonical ids only ('3', not '0x3' or ' 3'): the id charged for is the id stored and unlocked.
    itemId: z
      .union([z.string().regex(/^(?:[1-9][0-9]{0,2}|[a-z]{1,20})$/), z.number().int().positive().max(999)])
      .transform((id) => String(id)),
  }),
});
/** After checkout: the server checks Razorpay's signature over order_id|payment_id. */
const verifyRequest = z.object({
  action: z.literal('verify'),
  razorpay_order_id: razorpayId('order'),
  razorpay_payment_id: razorpayId('pay'),
  razorpay_signature: hexSignature,
});
/** Opens a subscription to a plan; the browser then authorises it in Razorpay's checkout. */
const subscribeRequest = z.object({ action: z.literal('subscribe'), planId: planIdSchema() });
/** After checkout: the server checks Razorpay's signature over payment_id|subscription_id. */
const verifySubscriptionRequest = z.object({
  action: z.literal('verify-subscription'),
  razorpay_payment_id: razorpayId('pay'),
  razorpay_subscription_id: razorpayId('sub'),
  razorpay_signature: hexSignature,
});
/** Stops the renewals: the plan holds to the end of what was paid. */
const cancelSubscriptionRequest = z.object({ action: z.literal('cancel-subscription') });
/** Moves to another plan at the end of the period paid for (the same plan: keeps it, dropping a change). */
const changePlanRequest = z.object({ action: z.literal('change-plan'), planId: planIdSchema() });

// ─── answers ────────────────────────────────────────────────────────────────────────────────
/** What checkout opens for a template: the order and what it charges, in the catalog's currency. */
const createdOrderSchema = z.object({
  orderId: z.string().min(1),
  amount: z.number().int().positive(),
  currency: z.literal(TEMPLATE_CURRENCY),
  keyId: z.string().min(1),
});

/** A template's purchase, paid: what verify answers (again, for an order verified before). */
const paidOrderSchema = z.object({
  status: z.literal('paid'),
  orderId: z.string(),
  paymentId: z.string().nullable(),
  itemType: z.enum(['plan', 'template']),
  itemId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  paidAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});

/** What checkout needs for a new subscription: Razorpay's id and what it charges, and from when. */
const subscriptionCheckoutSchema = z.object({
  subscriptionId: razorpayId('sub'),
  keyId: z.string().min(1),
  planId: planIdSchema(),
  /** Charged each month, in minor units of `currency`. */
  amount: z.number().int().positive(),
  currency: z.literal(PLAN_CURRENCY),
  /** ISO time of the first charge when it is not now (a plan resumed before its paid period ends). */
  startsAt: z.string().nullable(),
});

/** The answer to subscribe's follow-ups (verify, cancel, change): the subscription as it now is. */
const subscriptionAnswerSchema = z.object({ subscription: billingSubscriptionSchema() });

export const paymentsFunction = defineFunction(
  'payments',
  z.discriminatedUnion('action', [
    createOrderRequest,
    verifyRequest,
    subscribeRequest,
    verifySubscriptionRequest,
    cancelSubscriptionRequest,
    changePlanRequest,
  ]),
  {
    'create-order': createdOrderSchema,
    verify: paidOrderSchema,
    subscribe: subscriptionCheckoutSchema,
    'verify-subscription': subscriptionAnswerSchema,
    'cancel-subscription': subscriptionAnswerSchema,
    'change-plan': subscriptionAnswerSchema,
  },
);
