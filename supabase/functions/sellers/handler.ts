// The sellers function: an owner connects their own Razorpay account through Razorpay's Partner OAuth
// (see _shared/contracts/sellers.ts for the calls and answers). `connect` keeps a fresh state (its
// sha256, bound to the caller, for 10 minutes) and answers Razorpay's consent URL; Razorpay sends the
// browser back to GET …/callback, where the state is taken (once), the code exchanged and the tokens
// kept encrypted; the browser then goes on to /account with the result. Uses the service role.
import { corsHeaders } from '../_shared/cors.ts';
import { randomToken, sha256Hex } from '../_shared/hmac.ts';
import { runtimeEnv, requireEnv, type Env } from '../_shared/env.ts';
import { answeringErrors, HttpError, readJsonBody, requireSecondFactor, requireUser } from '../_shared/request.ts';
import {
  authorizeUrl,
  disconnectSeller,
  exchangeCode,
  GrantRefused,
  saveSellerTokens,
  sellerDepsFrom,
  type SellerDeps,
} from '../_shared/sellerAccounts.ts';
import { supabaseClientsFrom, type SupabaseClients } from '../_shared/supabaseClient.ts';
import { answer } from '../_shared/contracts/functionContract.ts';
import { SELLING_CARD_ID, SELLING_RESULT_PARAM, sellersFunction, type SellingResult } from '../_shared/contracts/sellers.ts';

const MAX_BODY_BYTES = 1024;
const STATE_MINUTES = 10;

interface Deps extends SupabaseClients {
  sellers: SellerDeps;
  siteUrl: string;
}

function depsFrom(env: Env): Deps {
  const clients = supabaseClientsFrom(env);
  return { ...clients, sellers: sellerDepsFrom(env, clients.admin), siteUrl: requireEnv(env, 'SITE_URL').replace(/\/+$/, '') };
}

async function connect(deps: Deps, ownerId: string): Promise<Response> {
  const state = randomToken();
  // One connection under way per owner: a newer Connect replaces the older one's state.
  await deps.admin.from('seller_oauth_states').delete().eq('owner_id', ownerId);
  const { error } = await deps.admin.from('seller_oauth_states').insert({
    state_hash: await sha256Hex(state),
    owner_id: ownerId,
    expires_at: new Date(Date.now() + STATE_MINUTES * 60_000).toISOString(),
  });
  if (error) throw new HttpError(503, 'The connection could not be started. Try again.');
  return answer(sellersFunction, 'connect', { authorizeUrl: authorizeUrl(deps.sellers.oauth, state) });
}

async function status(deps: Deps, token: string): Promise<Response> {
  const { data, error } = await deps
    .userClient(token)
    .rpc('my_seller_account')
    .maybeSingle<{ razorpay_account_id: string; connected_at: string; mode: 'test' | 'live' }>();
  if (error) throw new HttpError(503, 'Your Razorpay connection could not be read. Try again.');
  return answer(
    sellersFunction,
    'status',
    data ? { connected: true, accountId: data.razorpay_account_id, connectedAt: data.connected_at, mode: data.mode } : { connected: false },
  );
}

async function disconnect(deps: Deps, ownerId: string): Promise<Response> {
  try {
    await disconnectSeller(deps.sellers, ownerId);
  } catch (error) {
    console.error('sellers: the connection could not be revoked', error);
    throw new HttpError(503, 'Razorpay did not answer, so your account is still connected. Try again in a minute.');
  }
  return answer(sellersFunction, 'disconnect', { disconnected: true });
}

/** Where the browser goes after Razorpay's consent page: /account's Selling card, with the result. */
function backToAccount(deps: Deps, result: SellingResult): Response {
  const url = new URL(`${deps.siteUrl}/account`);
  url.searchParams.set(SELLING_RESULT_PARAM, result);
  url.hash = SELLING_CARD_ID;
  return new Response(null, {
    status: 303,
    headers: { Location: url.toString(), 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
}

async function callback(deps: Deps, url: URL): Promise<Response> {
  const state = url.searchParams.get('state') ?? '';
  // The state is spent whatever the outcome: a link seen twice (history, a forwarded URL) does nothing.
  const { data: ownerId, error } =
    state.length > 0 && state.length <= 200
      ? await deps.admin.rpc('take_seller_oauth_state', { hash: await sha256Hex(state) })
      : { data: null, error: null };
  if (error) {
    console.error('sellers: the state could not be checked', error.message);
    return backToAccount(deps, 'failed');
  }
  if (typeof ownerId !== 'string') return backToAccount(deps, 'expired');
  if (url.searchParams.get('error')) return backToAccount(deps, 'denied');
  const code = url.searchParams.get('code');
  if (!code) return backToAccount(deps, 'failed');
  try {
    const tokens = await exchangeCode(deps.sellers.oauth, code);
    await saveSellerTokens(deps.sellers, ownerId, tokens, true);
  } catch (exchangeError) {
    if (!(exchangeError instanceof GrantRefused)) console.error('sellers: the code could not be exchanged', exchangeError);
    return backToAccount(deps, exchangeError instanceof GrantRefused ? 'expired' : 'failed');
  }
  return backToAccount(deps, 'connected');
}

export function createHandler(env: Env): (req: Request) => Promise<Response> {
  let deps: Deps | undefined;
  return answeringErrors('sellers', 'Your Razorpay connection could not be changed. Try again.', async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    deps ??= depsFrom(env);
    const url = new URL(req.url);
    if (url.pathname.endsWith('/callback')) {
      if (req.method !== 'GET') throw new HttpError(405, 'Use GET');
      return callback(deps, url);
    }
    if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
    const request = await readJsonBody(req, MAX_BODY_BYTES, sellersFunction.request);
    const user = await requireUser(deps.anonClient(), req, 'Sign in first.');
    switch (request.action) {
      case 'status':
        return status(deps, user.token);
      case 'connect':
        // Where a page's money goes is not for a stolen password alone to change.
        await requireSecondFactor(deps.userClient(user.token));
        return connect(deps, user.id);
      case 'disconnect':
        await requireSecondFactor(deps.userClient(user.token));
        return disconnect(deps, user.id);
    }
  });
}

const handler = createHandler(runtimeEnv());
export default handler;
