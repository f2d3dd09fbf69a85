// What the browser may send. The item names what is bought; the price never comes from the client.
import { z } from 'zod';
import { cancelSubscriptionRequest, changePlanRequest, subscribeRequest, verifySubscriptionRequest } from '../_shared/billing.ts';

export const createOrderBody = z.object({
  action: z.literal('create-order'),
  item: z.object({
    itemType: z.enum(['plan', 'template']),
    // Canonical ids only ('3', not '0x3' or ' 3'): the id charged for is the id stored and unlocked.
    itemId: z
      .union([z.string().regex(/^(?:[1-9][0-9]{0,2}|[a-z]{1,20})$/), z.number().int().positive().max(999)])
      .transform((id) => String(id)),
  }),
});

const razorpayId = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{6,40}$`));

export const verifyBody = z.object({
  action: z.literal('verify'),
  razorpay_order_id: razorpayId('order'),
  razorpay_payment_id: razorpayId('pay'),
  razorpay_signature: z.string().regex(/^[0-9a-f]{64}$/i),
});

export const actionBody = z.discriminatedUnion('action', [
  createOrderBody,
  verifyBody,
  subscribeRequest,
  verifySubscriptionRequest,
  cancelSubscriptionRequest,
  changePlanRequest,
]);
