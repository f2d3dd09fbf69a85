import { z } from 'zod';
import {
  functionFailureOf,
  loadSupabase,
  subscriptionAnswerSchema,
  subscriptionCheckoutSchema,
  TEMPLATE_CURRENCY,
  type BillingSubscription,
  type PurchaseItem,
} from '@folioforge/shared';

// The browser side of the payment function (supabase/functions/payments), called through the one
// Supabase client so the user's access token goes with every call. A template is an order paid
// once; a plan is a subscription the buyer authorises. Either way the server names the amount.

const PAYMENT_FUNCTION = 'payments';

const createdOrderSchema = z.object({
  orderId: z.string().min(1),
  amount: z.number().int().positive(),
  // The checkout must open in the currency the catalog shows; anything else is refused.
  currency: z.literal(TEMPLATE_CURRENCY),
  keyId: z.string().min(1),
});

/** Only `status: 'paid'` matters; the purchase details may come nested or flat, and are not needed here. */
const verifiedPaymentSchema = z.looseObject({ status: z.literal('paid') });

const orderPaidSchema = z.object({
  razorpay_payment_id: z.string().min(1),
  razorpay_order_id: z.string().min(1),
  razorpay_signature: z.string().min(1),
});

const subscriptionAuthorisedSchema = z.object({
  razorpay_payment_id: z.string().min(1),
  razorpay_subscription_id: z.string().min(1),
  razorpay_signature: z.string().min(1),
});

/** A refusal or failure of the payment function, with the HTTP status when there was an answer. */
export class PaymentApiError extends Error {
  override name = 'PaymentApiError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Turns supabase-js's FunctionsError into a message the visitor can read. */
async function toPaymentApiError(error: unknown, fallback: string): Promise<PaymentApiError> {
  const failure = await functionFailureOf(error);
  // No HTTP answer at all: the network or the function host is down.
  if (failure.status === undefined) return new PaymentApiError('Could not reach the payment service. Check your connection and try again.');
  return new PaymentApiError(failure.message ?? fallback, failure.status);
}

async function invokePayments(body: Record<string, unknown>, fallback: string): Promise<unknown> {
  const { data, error } = await (await loadSupabase()).functions.invoke<unknown>(PAYMENT_FUNCTION, { body });
  if (error) throw await toPaymentApiError(error, fallback);
  return data;
}

function parsed<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new PaymentApiError('The payment service sent an unexpected answer.');
  return result.data;
}

/** What the checkout dialog opens on: an order or a subscription, and what it charges. */
export type OpenedCheckout =
  | { kind: 'order'; keyId: string; orderId: string; amount: number; currency: string }
  | { kind: 'subscription'; keyId: string; subscriptionId: string; amount: number; currency: string; startsAt: string | null };

/** Asks the server for an order or a subscription naming only the item: the price comes from its catalog. */
export async function openCheckout(item: PurchaseItem): Promise<OpenedCheckout> {
  if (item.itemType === 'plan') {
    const data = await invokePayments({ action: 'subscribe', planId: item.itemId }, 'Could not start the subscription.');
    const { subscriptionId, keyId, amount, currency, startsAt } = parsed(subscriptionCheckoutSchema, data);
    return { kind: 'subscription', keyId, subscriptionId, amount, currency, startsAt };
  }
  const data = await invokePayments(
    { action: 'create-order', item: { itemType: item.itemType, itemId: item.itemId } },
    'Could not create the order.',
  );
  const { orderId, keyId, amount, currency } = parsed(createdOrderSchema, data);
  return { kind: 'order', keyId, orderId, amount, currency };
}

/** What the server confirmed: the payment, and for a plan the subscription as it now is. */
export type ConfirmedCheckout = { paymentId: string; subscription?: BillingSubscription };

/**
 * Has the server check the checkout's signature; resolves only when it says the purchase is paid
 * (or the subscription authorised). Throws PaymentApiError('incomplete') on a malformed answer.
 */
export async function confirmCheckout(opened: OpenedCheckout, response: unknown): Promise<ConfirmedCheckout> {
  if (opened.kind === 'subscription') {
    const authorised = subscriptionAuthorisedSchema.safeParse(response);
    if (!authorised.success) throw new PaymentApiError('The checkout returned an incomplete answer.');
    const data = await invokePayments({ action: 'verify-subscription', ...authorised.data }, 'The subscription could not be verified.');
    return { paymentId: authorised.data.razorpay_payment_id, subscription: parsed(subscriptionAnswerSchema, data).subscription };
  }
  const paid = orderPaidSchema.safeParse(response);
  if (!paid.success) throw new PaymentApiError('The checkout returned an incomplete answer.');
  const data = await invokePayments({ action: 'verify', ...paid.data }, 'The payment could not be verified.');
  if (!verifiedPaymentSchema.safeParse(data).success) throw new PaymentApiError('The payment service did not confirm the payment.');
  return { paymentId: paid.data.razorpay_payment_id };
}
