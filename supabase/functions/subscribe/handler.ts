// The sign-up form of a published page (customer accounts, a plan feature) posts here: a plain HTML
// form, no script, no token, from the page itself (the site, or a proven domain of that page). A
// sign-up is confirmed by mail before the page's owner sees it (double opt-in): the function keeps a
// pending entry with the service role and mails the address a link (GET ?confirm=…) that confirms it.
// Every sign-up is answered alike, new address or known, so the answer tells nobody who is on a list;
// the visitor is sent back to the page, where a note (CSS :target) says what happens next. Each client
// address, page and mailed address has a budget, a client's spent first, so one sender cannot use up
// a page's sign-ups or fill someone's inbox.
import type { SupabaseClient } from '@supabase/supabase-js';
import { sendAccountMail } from '../_shared/accountMail.ts';
import { allowedOriginsOf } from '../_shared/cors.ts';
import { randomToken, sha256Hex } from '../_shared/hmac.ts';
import { runtimeEnv, requireEnv, type Env } from '../_shared/env.ts';
import { signUpForm } from '../_shared/contracts/pageForms.ts';
import { SIGN_UP_NOTES } from '../_shared/pageContracts.ts';
import { clientAddress, spendBudgets } from '../_shared/rateLimit.ts';
import { HttpError, readRawBody } from '../_shared/request.ts';
import { publicPagePath, slugProblem } from '../_shared/slugs.ts';
import { serverClient } from '../_shared/supabaseClient.ts';

const MAX_BODY_BYTES = 4 * 1024;
/** A confirmation link works this long; an entry never confirmed is removed by the sweep after it. */
const CONFIRM_HOURS = 48;
const BUDGETS = {
  /** Sign-ups from one network address, on any page: 5 an hour. */
  client: { max: 5, perSeconds: 3600 },
  /** Sign-ups on one page: 30 an hour, so one client takes a sixth of them at most. */
  page: { max: 30, perSeconds: 3600 },
  /** Confirmation mails to one address from one page: one in 10 minutes. */
  mailbox: { max: 1, perSeconds: 600 },
};

type Note = (typeof SIGN_UP_NOTES)[keyof typeof SIGN_UP_NOTES] | 'subscribe-busy';

function backToPage(siteUrl: string, slug: string, note: Note): Response {
  return new Response(null, { status: 303, headers: { Location: `${siteUrl}${publicPagePath(slug)}#${note}` } });
}

const text = (message: string, status: number) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** The page's own origins: the site's (and the app's, ALLOWED_ORIGINS) and each proven domain of the portfolio. */
async function pageOrigins(env: Env, admin: SupabaseClient, portfolioId: string): Promise<Set<string>> {
  const origins = allowedOriginsOf(env);
  const { data } = await admin.from('custom_domains').select('domain').eq('portfolio_id', portfolioId).not('verified_at', 'is', null);
  for (const { domain } of (data ?? []) as { domain: string }[]) origins.add(`https://${domain}`).add(`http://${domain}`);
  return origins;
}

async function signUp(env: Env, req: Request, admin: SupabaseClient, siteUrl: string): Promise<Response> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers.get('content-type') ?? ''))
    throw new HttpError(415, 'Sign up with the form on the page.');
  const fields = Object.fromEntries(new URLSearchParams(await readRawBody(req, MAX_BODY_BYTES)));
  const slug = typeof fields.slug === 'string' && slugProblem(fields.slug) === undefined ? fields.slug : undefined;
  // Without a well-formed address there is no page to go back to (and no open redirect to build).
  if (!slug) throw new HttpError(400, 'Unknown page');
  const form = signUpForm().safeParse({ ...fields, name: fields.name || undefined });
  if (!form.success) return backToPage(siteUrl, slug, SIGN_UP_NOTES.failed);
  const { portfolio, email, name } = form.data;
  // A form on another website (or a script elsewhere) is not this page's visitor.
  const origin = req.headers.get('origin');
  if (!origin || !(await pageOrigins(env, admin, portfolio)).has(origin)) throw new HttpError(403, 'Sign up from the page itself.');

  const { data: page } = await admin.from('portfolios').select('slug, published').eq('id', portfolio).maybeSingle();
  const { data: collects } = await admin.rpc('collects_subscribers', { portfolio });
  if (!page || page.slug !== slug || collects !== true) return backToPage(siteUrl, slug, SIGN_UP_NOTES.failed);

  // Kept in lower case: one entry per mailbox, found again whatever case it is typed in.
  const address = email.trim().toLowerCase();
  try {
    await spendBudgets(
      admin,
      [
        { key: `subscribe-client:${clientAddress(req)}`, ...BUDGETS.client },
        { key: `subscribe-page:${portfolio}`, ...BUDGETS.page },
      ],
      'Too many sign-ups just now.',
    );
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return backToPage(siteUrl, slug, 'subscribe-busy');
    throw error;
  }

  const { data: existing } = await admin
    .from('subscribers')
    .select('id, confirmed_at')
    .eq('portfolio_id', portfolio)
    .eq('email', address)
    .maybeSingle();
  // Known and confirmed: nothing to do, and the visitor is told the same as anyone.
  if (existing?.confirmed_at) return backToPage(siteUrl, slug, SIGN_UP_NOTES.pending);
  try {
    await spendBudgets(admin, [{ key: `subscribe-mailbox:${portfolio}:${address}`, ...BUDGETS.mailbox }], 'mailed');
  } catch (error) {
    // A link went to this address moments ago: it still works.
    if (error instanceof HttpError && error.status === 429) return backToPage(siteUrl, slug, SIGN_UP_NOTES.pending);
    throw error;
  }
  const token = randomToken();
  const pending = { confirmation_hash: await sha256Hex(token), confirmation_sent_at: new Date().toISOString(), name: name ?? null };
  const { error } = existing
    ? await admin.from('subscribers').update(pending).eq('id', existing.id)
    : await admin.from('subscribers').insert({ portfolio_id: portfolio, email: address, ...pending });
  if (error && error.code !== '23505') throw new Error(`the sign-up could not be kept: ${error.message}`);
  if (error) return backToPage(siteUrl, slug, SIGN_UP_NOTES.pending); // signed up twice at once: the other request mails

  const confirmUrl = `${requireEnv(env, 'SUPABASE_URL').replace(/\/+$/, '')}/functions/v1/subscribe?${new URLSearchParams({ confirm: token, page: slug })}`;
  try {
    await sendAccountMail(env, {
      to: address,
      subject: 'Confirm your sign-up',
      message: [
        `You (or someone using your address) asked to hear from the page ${siteUrl}${publicPagePath(slug)}.`,
        `To confirm, open this link within ${CONFIRM_HOURS} hours: ${confirmUrl}`,
        'If it was not you, ignore this mail: the address is forgotten if it is not confirmed.',
      ].join('\n\n'),
    });
  } catch (mailError) {
    console.error('subscribe: the confirmation mail was not sent', mailError);
    return backToPage(siteUrl, slug, SIGN_UP_NOTES.failed);
  }
  return backToPage(siteUrl, slug, SIGN_UP_NOTES.pending);
}

/** The mailed link: confirms the pending entry it names, then shows the page. */
async function confirm(admin: SupabaseClient, url: URL, siteUrl: string): Promise<Response> {
  const slug = url.searchParams.get('page') ?? '';
  if (slugProblem(slug) !== undefined) throw new HttpError(400, 'Unknown page');
  const token = url.searchParams.get('confirm') ?? '';
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return backToPage(siteUrl, slug, SIGN_UP_NOTES.expired);
  const since = new Date(Date.now() - CONFIRM_HOURS * 3_600_000).toISOString();
  const { data } = await admin
    .from('subscribers')
    .update({ confirmed_at: new Date().toISOString(), confirmation_hash: null })
    .eq('confirmation_hash', await sha256Hex(token))
    .is('confirmed_at', null)
    .gt('confirmation_sent_at', since)
    .select('id');
  return backToPage(siteUrl, slug, data?.length ? SIGN_UP_NOTES.confirmed : SIGN_UP_NOTES.expired);
}

export function createHandler(env: Env): (req: Request) => Promise<Response> {
  return async (req) => {
    try {
      const siteUrl = requireEnv(env, 'SITE_URL').replace(/\/+$/, '');
      const admin = serverClient(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY'));
      const url = new URL(req.url);
      if (req.method === 'GET' && url.searchParams.has('confirm')) return await confirm(admin, url, siteUrl);
      if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
      return await signUp(env, req, admin, siteUrl);
    } catch (error) {
      if (error instanceof HttpError) return text(error.message, error.status);
      console.error('subscribe function failed', error);
      return text('Sign-up service error', 500);
    }
  };
}

const handler = createHandler(runtimeEnv());
export default handler;
