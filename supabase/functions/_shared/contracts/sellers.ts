// The sellers function (supabase/functions/sellers): an owner's own Razorpay account, connected through
// Razorpay's Partner OAuth, so a page's sales are paid to the owner (FolioForge takes no fee and never
// sees the owner's key secret). With the user's token:
//   {action: 'connect'}    → 200 {authorizeUrl}: Razorpay's consent page, with a fresh state (the
//                            second factor is needed for a user who has one)
//   {action: 'status'}     → 200 {connected: false} | {connected: true, accountId, connectedAt, mode}
//   {action: 'disconnect'} → 200 {disconnected: true}: revoked at Razorpay, then forgotten (second factor too)
// Razorpay sends the browser back to GET /functions/v1/sellers/callback, which checks the state, keeps
// the tokens (encrypted) and sends it on to /account?selling=<result>#selling.
import { z } from 'zod';
import { defineFunction } from './functionContract.ts';

/** The query parameter /account reads the callback's result from, and the results it may carry. */
export const SELLING_RESULT_PARAM = 'selling';
export const SELLING_RESULTS = ['connected', 'denied', 'expired', 'failed'] as const;
export type SellingResult = (typeof SELLING_RESULTS)[number];
/** The element id of /account's Selling card, where the callback lands. */
export const SELLING_CARD_ID = 'selling';

export const sellersFunction = defineFunction(
  'sellers',
  z.discriminatedUnion('action', [
    z.object({ action: z.literal('connect') }),
    z.object({ action: z.literal('status') }),
    z.object({ action: z.literal('disconnect') }),
  ]),
  {
    connect: z.object({ authorizeUrl: z.url() }),
    status: z.discriminatedUnion('connected', [
      z.object({ connected: z.literal(false) }),
      z.object({
        connected: z.literal(true),
        accountId: z.string(),
        connectedAt: z.string(),
        mode: z.enum(['test', 'live']),
      }),
    ]),
    disconnect: z.object({ disconnected: z.literal(true) }),
  },
);
