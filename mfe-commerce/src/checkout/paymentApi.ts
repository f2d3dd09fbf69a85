// The browser side of the payment function (supabase/functions/payments), through the one
// invokeFunction and its contract (_shared/contracts/payments.ts). A template is an order paid once;
// a plan is a subscription the buyer authorises. Either way the server names the amount.
import { z } from 'zod';
import { FunctionCallError, invokeFunction, type BillingSubscription, type PurchaseItem } from '@folioforge/shared';

/**
 * The function's contract, loaded with the first call: the checkout button shows on the editor long
 * before the buyer goes ahead, if ever, and has no use for the contract's schemas until then.
 */
const paymentsFunction = async () => (await import('@folioforge/shared/functions')).paymentsFunction;

/** What Razorpay's checkout hands its `handler` after an order is paid. */
const orderPaidSchema = z.object({
  razorpay_payment_id: z.string().min(1),
  razorpay_order_id: z.string().min(1),
  razorpay_signature: z.string().min(1),
});

/** … and after a subscription is authorised. */
const subscriptionAuthorisedSchema = z.object({
  razorpay_payment_id: z.string().min(1),
  razorpay_subscription_id: z.string().min(1),
  razorpay_signature: z.string().min(1),
});

/** What the checkout dialog opens on: an order or a subscription, and what it charges. */
export type OpenedCheckout =
  | { kind: 'order'; keyId: string; orderId: string; amount: number; currency: string }
  | { kind: 'subscription'; keyId: string; subscriptionId: string; amount: number; currency: string; startsAt: string | null };

/** Asks the server for an order or a subscription naming only the item: the price comes from its catalog. */
export async function openCheckout(item: PurchaseItem): Promise<OpenedCheckout> {
  if (item.itemType === 'plan') {
    const { subscriptionId, keyId, amount, currency, startsAt } = await invokeFunction(
      await paymentsFunction(),
      { action: 'subscribe', planId: item.itemId },
      { refused: 'Could not start the subscription.' },
    );
    return { kind: 'subscription', keyId, subscriptionId, amount, currency, startsAt };
  }
  const { orderId, keyId, amount, currency } = await invokeFunction(
    await paymentsFunction(),
    { action: 'create-order', item: { itemType: item.itemType, itemId: item.itemId } },
    { refused: 'Could not create the order.' },
  );
  return { kind: 'order', keyId, orderId, amount, currency };
}

/** What the server confirmed: the payment, and for a plan the subscription as it now is. */
export type ConfirmedCheckout = { paymentId: string; subscription?: BillingSubscription };

/** The checkout's own answer lacked what the server needs to check it. */
const incomplete = () => new FunctionCallError('unexpected', 'The checkout returned an incomplete answer.');

/**
 * Has the server check the checkout's signature; resolves only when it says the purchase is paid
 * (or the subscription authorised). Throws a FunctionCallError otherwise.
 */
export async function confirmCheckout(opened: OpenedCheckout, response: unknown): Promise<ConfirmedCheckout> {
  if (opened.kind === 'subscription') {
    const authorised = subscriptionAuthorisedSchema.safeParse(response);
    if (!authorised.success) throw incomplete();
    const { subscription } = await invokeFunction(
      await paymentsFunction(),
      { action: 'verify-subscription', ...authorised.data },
      { refused: 'The subscription could not be verified.' },
    );
    return { paymentId: authorised.data.razorpay_payment_id, subscription };
  }
  const paid = orderPaidSchema.safeParse(response);
  if (!paid.success) throw incomplete();
  await invokeFunction(await paymentsFunction(), { action: 'verify', ...paid.data }, { refused: 'The payment could not be verified.' });
  return { paymentId: paid.data.razorpay_payment_id };
}
