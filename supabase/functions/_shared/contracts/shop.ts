// The shop function (supabase/functions/shop): what the owner does with an order of their page from
// /account, with their token (and their second factor, when they have one). The orders themselves are
// read through PostgREST (row-level security); only these changes go through the function:
//   {action: 'fulfil', orderId, note?}  → 200 {fulfilment, fulfilledAt, mailed}: a paid order marked
//        shipped (delivery 'ship') or ready for pickup, the buyer mailed once; again → the same, mailed false
//   {action: 'refund', orderId, requestKey, lines: 'all' | [{line, quantity}], shipping}
//        → 200 {refund: {id, amount, status}, order: {status, refundedAmount}}: refunded through Razorpay on
//        the owner's connected account, `processed`, or `pending` when Razorpay is still making it (its
//        webhook settles it later). The amount is priced by the server from the order's rows; the same
//        requestKey (one press of Refund) is the same refund, however often it is sent.
import { z } from 'zod';
import { defineFunction } from './functionContract.ts';

const orderId = z.uuid();

/** What the owner chose to refund: everything left, or some of the lines' quantities. */
export const refundLinesSchema = z.union([
  z.literal('all'),
  z.array(z.object({ line: z.number().int().min(1).max(100), quantity: z.number().int().min(1).max(1000) }).strict()).max(100),
]);

export const shopFunction = defineFunction(
  'shop',
  z.discriminatedUnion('action', [
    z.object({ action: z.literal('fulfil'), orderId, note: z.string().trim().max(300).optional() }).strict(),
    z
      .object({
        action: z.literal('refund'),
        orderId,
        requestKey: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/),
        lines: refundLinesSchema,
        shipping: z.boolean(),
      })
      .strict(),
  ]),
  {
    fulfil: z.object({
      fulfilment: z.enum(['shipped', 'ready_for_pickup']),
      fulfilledAt: z.string(),
      mailed: z.boolean(),
    }),
    refund: z.object({
      refund: z.object({ id: z.uuid(), amount: z.number().int().positive(), status: z.enum(['processed', 'pending']) }),
      order: z.object({ status: z.enum(['paid', 'partially_refunded', 'refunded']), refundedAmount: z.number().int().nonnegative() }),
    }),
  },
);
