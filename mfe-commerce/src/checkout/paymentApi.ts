import { z } from 'zod';
import { CURRENCY, functionFailureOf, loadSupabase, type PurchaseItem } from '@folioforge/shared';
import type { RazorpaySuccessResponse } from './razorpayCheckout';

// The browser side of the payment function (supabase/functions/payments), called through the one
// Supabase client so the user's access token goes with every call.

const PAYMENT_FUNCTION = 'payments';

const createdOrderSchema = z.object({
  orderId: z.string().min(1),
  amount: z.number().int().positive(),
  // The checkout must open in the currency the catalog shows; anything else is refused.
  currency: z.literal(CURRENCY),
  keyId: z.string().min(1),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** Only `status: 'paid'` matters; the purchase details may come nested or flat, and are not needed here. */
const verifiedPaymentSchema = z.looseObject({ status: z.literal('paid') });

export const razorpaySuccessSchema = z.object({
  razorpay_payment_id: z.string().min(1),
  razorpay_order_id: z.string().min(1),
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

/** Asks the server for an order naming only the item: the price always comes from the server's catalog. */
export async function createOrder(item: PurchaseItem): Promise<CreatedOrder> {
  const data = await invokePayments(
    { action: 'create-order', item: { itemType: item.itemType, itemId: item.itemId } },
    'Could not create the order.',
  );
  const parsed = createdOrderSchema.safeParse(data);
  if (!parsed.success) throw new PaymentApiError('The payment service sent an unexpected answer.');
  return parsed.data;
}

/** Has the server check the checkout's signature; resolves only when it says the purchase is paid. */
export async function verifyPayment(response: RazorpaySuccessResponse): Promise<void> {
  const data = await invokePayments(
    {
      action: 'verify',
      razorpay_order_id: response.razorpay_order_id,
      razorpay_payment_id: response.razorpay_payment_id,
      razorpay_signature: response.razorpay_signature,
    },
    'The payment could not be verified.',
  );
  if (!verifiedPaymentSchema.safeParse(data).success) throw new PaymentApiError('The payment service did not confirm the payment.');
}
