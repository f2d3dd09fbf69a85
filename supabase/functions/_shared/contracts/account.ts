// The account function (supabase/functions/account), with the user's token:
//   {action: 'export'}                   → 200 application/zip, streamed: every portfolio with its files,
//                                          orders, subscriptions and charges, domains and sign-up lists
//   {action: 'send-deletion-code'}       → 200 {sentTo}: a code to the account's address (10 minutes)
//   {action: 'delete', password | code}  → 200 {deleted: true, mailedTo}: the plan cancelled at Razorpay,
//                                          everything removed, a mail says so
//   {action: 'use-recovery-code', code, deviceLost}
//                                        → 200 {result}: signs in with a recovery code instead of the
//                                          authenticator, which stays unless deviceLost; a mail says so
// Export and delete need the second factor of a user who has one (403 otherwise). Refusals carry
// `fieldErrors` (password, code) when the confirmation is wrong, and `retryAfterSeconds` on 429.
import { z } from 'zod';
import { defineFunction, STREAMED } from './functionContract.ts';

/** The fields a deletion is confirmed with; a refusal names the one that is wrong. */
export type DeletionField = 'password' | 'code';

export const accountFunction = defineFunction(
  'account',
  z.union([
    z.object({ action: z.literal('export') }),
    z.object({ action: z.literal('send-deletion-code') }),
    z.object({ action: z.literal('delete'), password: z.string().min(1).max(200) }),
    z.object({ action: z.literal('delete'), code: z.string().max(20) }),
    z.object({ action: z.literal('use-recovery-code'), code: z.string().min(1).max(40), deviceLost: z.boolean() }),
  ]),
  {
    export: STREAMED,
    'send-deletion-code': z.object({ sentTo: z.string() }),
    delete: z.object({ deleted: z.literal(true), mailedTo: z.string() }),
    'use-recovery-code': z.object({ result: z.enum(['factor_kept', 'factor_removed', 'wrong', 'locked']) }),
  },
);
