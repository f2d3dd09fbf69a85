// The account function: a user's own data on /account (see _shared/contracts/account.ts for the calls
// and answers). "Download my data" streams a zip; "Delete my account" is confirmed by the password or by
// a code mailed to the account's address, then cancels the plan's subscription at Razorpay, removes the
// published pages, domain maps and files in Storage, revokes FolioForge's access to the seller's own
// Razorpay account, and removes the user (every row of theirs goes with it: the
// tables reference auth.users with `on delete cascade`), and mails that it is done. A recovery code
// signs in in place of the authenticator, and the owner is mailed about it. Uses the service
// role, only under what the database says is the caller's.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sendAccountMail } from '../_shared/accountMail.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { runtimeEnv, requireEnv, type Env } from '../_shared/env.ts';
import { razorpayApiFrom, type RazorpayApi } from '../_shared/razorpay.ts';
import { answeringErrors, bearerToken, HttpError, readJsonBody, requireSecondFactor } from '../_shared/request.ts';
import { cancelEverySubscription } from '../_shared/subscriptions.ts';
import { disconnectSeller, sellerDepsFrom } from '../_shared/sellerAccounts.ts';
import { supabaseClientsFrom, type SupabaseClients } from '../_shared/supabaseClient.ts';
import {
  DELETION_CODE_MINUTES,
  DELETION_CODE_PATTERN,
  DELETION_CODE_RESEND_SECONDS,
  DELETION_CODE_TRIES,
  normaliseDeletionCode,
} from '../_shared/yourData.ts';
import { accountFunction, type DeletionField } from '../_shared/contracts/account.ts';
import { answer, type Refusal, type RequestOf } from '../_shared/contracts/functionContract.ts';
import { closeShop } from '../_shared/shopClosing.ts';
import { exportStream } from './dataExport.ts';
import { listTree, removeObjects, StorageTrouble } from '../_shared/storageTree.ts';
import { publishedObjects, USER_BUCKETS } from './storageFiles.ts';
import { PROTECTED_SITES_BUCKET, SITES_BUCKET } from '../_shared/sites.ts';

const MAX_BODY_BYTES = 4 * 1024;

type DeleteRequest = Extract<RequestOf<typeof accountFunction>, { action: 'delete' }>;
type RecoveryRequest = Extract<RequestOf<typeof accountFunction>, { action: 'use-recovery-code' }>;

interface Deps extends SupabaseClients {
  env: Env;
  razorpay: RazorpayApi;
}

interface Caller {
  id: string;
  token: string;
  email: string;
  createdAt: string;
}

function depsFrom(env: Env): Deps {
  return {
    env,
    ...supabaseClientsFrom(env),
    razorpay: razorpayApiFrom(env, (name) => requireEnv(env, name)),
  };
}

/** A refusal with field errors or a wait, in the shape /account reads. */
function refuse(status: number, body: Refusal & { fieldErrors?: Partial<Record<DeletionField, string>> }): Response {
  const headers: Record<string, string> = { ...corsHeaders, 'Content-Type': 'application/json' };
  if (body.retryAfterSeconds !== undefined) headers['Retry-After'] = String(body.retryAfterSeconds);
  return new Response(JSON.stringify(body), { status, headers });
}

async function caller(deps: Deps, req: Request): Promise<Caller> {
  const token = bearerToken(req);
  if (!token) throw new HttpError(401, 'Sign in first.');
  const { data, error } = await deps.anonClient().auth.getUser(token);
  if (error || !data.user?.email) throw new HttpError(401, 'Your session has expired. Sign in again.');
  return { id: data.user.id, token, email: data.user.email, createdAt: data.user.created_at };
}

function exportData(deps: Deps, user: Caller): Response {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(
    exportStream({ userId: user.id, email: user.email, createdAt: user.createdAt, asUser: deps.userClient(user.token), admin: deps.admin }),
    {
      status: 200,
      headers: {
        ...corsHeaders,
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="folioforge-data-${day}.zip"`,
        'Access-Control-Expose-Headers': 'Content-Disposition',
        'Cache-Control': 'no-store',
      },
    },
  );
}

/** sha256 of the code with the user's id: a stolen table gives nobody a usable code. */
const codeHash = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

async function sendDeletionCode(deps: Deps, user: Caller): Promise<Response> {
  const { data: existing } = await deps.admin
    .from('account_deletion_codes')
    .select('created_at')
    .eq('user_id', user.id)
    .maybeSingle<{ created_at: string }>();
  const wait = existing ? Math.ceil(DELETION_CODE_RESEND_SECONDS - (Date.now() - Date.parse(existing.created_at)) / 1000) : 0;
  if (wait > 0)
    return refuse(429, { error: `A code was sent a moment ago. You can ask for another in ${wait} seconds.`, retryAfterSeconds: wait });
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const { error } = await deps.admin.from('account_deletion_codes').upsert({
    user_id: user.id,
    code_hash: codeHash(user.id, code),
    expires_at: new Date(Date.now() + DELETION_CODE_MINUTES * 60_000).toISOString(),
    attempts: 0,
    created_at: new Date().toISOString(),
  });
  if (error) throw new HttpError(503, 'The code could not be made. Try again.');
  try {
    await sendAccountMail(deps.env, {
      to: user.email,
      subject: 'Your code to delete your FolioForge account',
      message: [
        `Someone, hopefully you, asked to delete the FolioForge account of ${user.email}.`,
        '',
        `The code is ${code.slice(0, 3)} ${code.slice(3)}. It works for ${DELETION_CODE_MINUTES} minutes.`,
        '',
        'If you did not ask for this, ignore this mail and consider changing your password: nothing is deleted without the code.',
      ].join('\n'),
    });
  } catch (mailError) {
    console.error('account: the deletion code could not be mailed', mailError);
    await deps.admin.from('account_deletion_codes').delete().eq('user_id', user.id);
    throw new HttpError(502, 'The email with your code could not be sent. Try again in a minute, or confirm with your password.');
  }
  return answer(accountFunction, 'send-deletion-code', { sentTo: user.email });
}

/** Whether the confirmation is right; a refusal to answer when it is not. */
async function confirmationProblem(deps: Deps, user: Caller, request: DeleteRequest): Promise<Response | null> {
  if ('password' in request) {
    const { error } = await deps.anonClient().auth.signInWithPassword({ email: user.email, password: request.password });
    if (!error) return null;
    if (error.status === 429) return refuse(429, { error: 'Too many tries. Wait a few minutes and try again.', retryAfterSeconds: 300 });
    return refuse(400, {
      error: 'The password is not right.',
      fieldErrors: { password: 'This is not your password. Try again, or confirm with a code by email.' },
    });
  }
  const code = normaliseDeletionCode(request.code);
  if (!DELETION_CODE_PATTERN.test(code))
    return refuse(400, { error: 'Check the code.', fieldErrors: { code: 'Enter the 6 digits from the email.' } });
  const { data } = await deps.admin
    .from('account_deletion_codes')
    .select('code_hash, expires_at, attempts')
    .eq('user_id', user.id)
    .maybeSingle<{ code_hash: string; expires_at: string; attempts: number }>();
  if (!data || Date.parse(data.expires_at) < Date.now() || data.attempts >= DELETION_CODE_TRIES)
    return refuse(400, {
      error: 'The code has expired.',
      fieldErrors: { code: 'This code has expired or was tried too often. Ask for a new one.' },
    });
  const bytes = new TextEncoder();
  const given = bytes.encode(codeHash(user.id, code));
  const kept = bytes.encode(data.code_hash);
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) {
    await deps.admin
      .from('account_deletion_codes')
      .update({ attempts: data.attempts + 1 })
      .eq('user_id', user.id);
    const left = DELETION_CODE_TRIES - data.attempts - 1;
    return refuse(400, {
      error: 'The code is not right.',
      fieldErrors: {
        code:
          left > 0
            ? `That is not the code we sent. ${left} ${left === 1 ? 'try' : 'tries'} left.`
            : 'That is not the code we sent. Ask for a new one.',
      },
    });
  }
  return null;
}

async function deleteAccount(deps: Deps, user: Caller, request: DeleteRequest): Promise<Response> {
  const refusal = await confirmationProblem(deps, user, request);
  if (refusal) return refusal;

  // First, no more charges: every subscription that could still renew is cancelled at Razorpay now.
  // Should Razorpay not answer, nothing is deleted, so a gone account is never left paying.
  try {
    await cancelEverySubscription(deps.admin, deps.razorpay, user.id);
  } catch (error) {
    console.error('account: a subscription could not be cancelled', error);
    throw new HttpError(503, 'Your plan could not be cancelled at our payment provider. Nothing was deleted; try again in a minute.');
  }

  // Their shops close: pending orders are cancelled while FolioForge can still act on their Razorpay
  // account, so a payment arriving meanwhile is refunded (the webhook's late-payment path). The orders
  // themselves go with the user (the payments' records stay with Razorpay, on the owner's own account).
  try {
    await closeShop(deps.admin, user.id);
  } catch (error) {
    console.error('account: the shop could not be closed', error);
    throw new HttpError(503, 'Your open orders could not be cancelled. Nothing was deleted; try again in a minute.');
  }

  // Their own Razorpay account stops being reachable by FolioForge: the grant is revoked at Razorpay,
  // then the row goes with the user. Should Razorpay not answer, nothing is deleted.
  try {
    const { count } = await deps.admin.from('seller_accounts').select('owner_id', { count: 'exact', head: true }).eq('owner_id', user.id);
    if (count) await disconnectSeller(sellerDepsFrom(deps.env, deps.admin), user.id);
  } catch (error) {
    console.error('account: the Razorpay connection could not be revoked', error);
    throw new HttpError(503, 'Your Razorpay account could not be disconnected. Nothing was deleted; try again in a minute.');
  }

  // What is theirs in the public bucket: their rows' pages and proven domains. Slugs are unique, so no
  // other user's page lives under these folders.
  const [{ data: pages, error: pagesError }, { data: domains, error: domainsError }] = await Promise.all([
    deps.admin.from('portfolios').select('id, slug').eq('owner_id', user.id).not('slug', 'is', null),
    deps.admin.from('custom_domains').select('domain').eq('owner_id', user.id).not('verified_at', 'is', null),
  ]);
  if (pagesError || domainsError) throw new HttpError(503, 'Your account could not be read. Nothing was deleted; try again.');
  try {
    const published = await publishedObjects(
      deps.admin,
      (pages ?? []).map((row) => ({ id: row.id as string, slug: row.slug as string })),
      (domains ?? []).map((row) => row.domain as string),
    );
    await removeObjects(deps.admin, SITES_BUCKET, published);
    // Pages behind a password live in the private bucket, under the same slugs.
    for (const row of pages ?? [])
      await removeObjects(deps.admin, PROTECTED_SITES_BUCKET, await listTree(deps.admin, PROTECTED_SITES_BUCKET, row.slug as string, 3));
    for (const bucket of USER_BUCKETS) await removeObjects(deps.admin, bucket, await listTree(deps.admin, bucket, user.id));
  } catch (error) {
    if (!(error instanceof StorageTrouble)) throw error;
    console.error('account: files could not be removed', error.message);
    throw new HttpError(503, 'Some of your files could not be removed. Your account is still here; try again.');
  }
  const { error } = await deps.admin.auth.admin.deleteUser(user.id);
  if (error) {
    console.error('account: the user could not be deleted', error.message);
    throw new HttpError(503, 'Your account could not be deleted. Your pages are offline; try again to finish.');
  }
  try {
    await sendAccountMail(deps.env, {
      to: user.email,
      subject: 'Your FolioForge account is deleted',
      message: [
        `The FolioForge account of ${user.email} has been deleted, as you asked.`,
        '',
        'Your published pages are offline, your domains are disconnected, and your portfolios, pictures, resumes, orders, plan and receipts and sign-up lists are deleted. Backups that still hold them expire within 7 days.',
        'Your plan is cancelled: you will not be charged again.',
        'A free domain registered for you is not renewed and lapses on its expiry date. Razorpay keeps its own records of your payments, as the law requires.',
        '',
        'Thank you for having used FolioForge.',
      ].join('\n'),
    });
  } catch (mailError) {
    // The deletion is done; a lost goodbye mail must not make it look failed.
    console.error('account: the deletion mail could not be sent', mailError);
  }
  return answer(accountFunction, 'delete', { deleted: true, mailedTo: user.email });
}

/** The session the caller's token belongs to (Auth checked the token in caller()). */
function sessionIdOf(token: string): string {
  let claims: { session_id?: unknown } = {};
  try {
    claims = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { session_id?: unknown };
  } catch {
    // no readable claims: refused below
  }
  if (typeof claims.session_id !== 'string') throw new HttpError(401, 'Your session has expired. Sign in again.');
  return claims.session_id;
}

/**
 * A recovery code in place of the authenticator's (from the password's aal1 session). Here, not in the
 * browser, so that the owner is always mailed: a code used by someone else is how they hear of it.
 */
async function useRecoveryCode(deps: Deps, user: Caller, request: RecoveryRequest): Promise<Response> {
  const { data: result, error } = await deps.admin.rpc('redeem_mfa_recovery_code', {
    for_user: user.id,
    for_session: sessionIdOf(user.token),
    code: request.code,
    device_lost: request.deviceLost,
  });
  if (error || typeof result !== 'string') throw new HttpError(503, 'Your recovery code could not be checked. Try again.');
  if (result === 'factor_kept' || result === 'factor_removed') {
    const { count } = await deps.admin.from('mfa_recovery_codes').select('id', { count: 'exact', head: true }).eq('user_id', user.id);
    const left = count ?? 0;
    const ifNotYou =
      'If this was not you, someone knows your password and a recovery code: change your password now, and make new recovery codes on your account page.';
    try {
      await sendAccountMail(
        deps.env,
        result === 'factor_kept'
          ? {
              to: user.email,
              subject: 'A recovery code was used to sign in to FolioForge',
              message: [
                `Someone, hopefully you, signed in to the FolioForge account of ${user.email} with a recovery code instead of the authenticator app.`,
                '',
                `Two-factor sign-in stays on with your authenticator app. ${left === 1 ? '1 recovery code is' : `${left} recovery codes are`} left.`,
                '',
                ifNotYou,
              ].join('\n'),
            }
          : {
              to: user.email,
              subject: 'Your authenticator was removed from your FolioForge account',
              message: [
                `Someone, hopefully you, signed in to the FolioForge account of ${user.email} with a recovery code and said the authenticator's device was lost.`,
                '',
                'The authenticator app and the other recovery codes are removed: two-factor sign-in is off until you set it up again on your account page.',
                '',
                ifNotYou,
              ].join('\n'),
            },
      );
    } catch (mailError) {
      // The sign-in is done; a lost notice must not make it look failed.
      console.error('account: the recovery-code mail could not be sent', mailError);
    }
  }
  return answer(accountFunction, 'use-recovery-code', { result: result as 'factor_kept' | 'factor_removed' | 'wrong' | 'locked' });
}

export function createHandler(env: Env): (req: Request) => Promise<Response> {
  let deps: Deps | undefined;
  return answeringErrors('account', 'Your request could not be completed. Try again.', async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
    deps ??= depsFrom(env);
    const request = await readJsonBody(req, MAX_BODY_BYTES, accountFunction.request);
    const user = await caller(deps, req);
    // The account's data leaves, or the account goes, only with the second factor of a user who has one.
    // A recovery code is what stands in for the second factor.
    if (request.action !== 'send-deletion-code' && request.action !== 'use-recovery-code')
      await requireSecondFactor(deps.userClient(user.token));
    switch (request.action) {
      case 'export':
        return exportData(deps, user);
      case 'send-deletion-code':
        return sendDeletionCode(deps, user);
      case 'delete':
        return deleteAccount(deps, user, request);
      case 'use-recovery-code':
        return useRecoveryCode(deps, user, request);
    }
  });
}

const handler = createHandler(runtimeEnv());
export default handler;
