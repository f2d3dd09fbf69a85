// The contact form (customer care): the browser posts the visitor's message here as JSON from the
// app's own pages (SITE_URL, ALLOWED_ORIGINS), with their access token when signed in. The sender's
// plan is looked up here, never taken from the browser, and the message goes on to EmailJS from the
// server (its REST API, with the account's private key when set) carrying the plan; the Premium plan's
// messages are marked priority in their subject. Each sender (a signed-in user, else a network
// address) has a budget of its own, so one sender cannot spend everyone's mail; EmailJS's own limit
// (about one message a second for the account) is waited out briefly instead of failing the message.
import { allowedOriginsOf, corsFor } from '../_shared/cors.ts';
import { runtimeEnv, requireEnv, type Env } from '../_shared/env.ts';
import { answer } from '../_shared/contracts/functionContract.ts';
import { contactFunction } from '../_shared/contracts/contact.ts';
import { contactFieldProblems } from '../_shared/pageContracts.ts';
import { clientAddress, spendBudgets } from '../_shared/rateLimit.ts';
import { answeringErrors, bearerToken, HttpError, readJsonBody } from '../_shared/request.ts';
import { serverClient } from '../_shared/supabaseClient.ts';

const MAX_BODY_BYTES = 16 * 1024;
/** Messages per sender: 5 in 10 minutes. */
const SENDER_BUDGET = { max: 5, perSeconds: 600 };
/** How often, and how far apart, a message EmailJS refused for its rate is tried again. */
const MAIL_TRIES = 5;
const MAIL_RETRY_MS = 1100;

/** The signed-in sender and their plan, or null: signed out, an expired token. */
async function signedInSender(env: Env, req: Request): Promise<{ id: string; plan: string | null } | null> {
  const token = bearerToken(req);
  const url = requireEnv(env, 'SUPABASE_URL');
  if (!token || token === env('SUPABASE_ANON_KEY')) return null;
  const { data } = await serverClient(url, requireEnv(env, 'SUPABASE_ANON_KEY')).auth.getUser(token);
  if (!data.user) return null;
  const { data: plan } = await serverClient(url, requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY')).rpc('active_plan', {
    for_user: data.user.id,
  });
  return { id: data.user.id, plan: typeof plan === 'string' ? plan : null };
}

/** Sends through EmailJS, waiting out its rate limit a few times; throws an HttpError when it will not take it. */
async function sendToEmailjs(env: Env, body: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const answer = await fetch(`${requireEnv(env, 'EMAILJS_ORIGIN').replace(/\/+$/, '')}/api/v1.0/email/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    if (answer.ok) {
      await answer.body?.cancel();
      return;
    }
    const reason = (await answer.text()).trim();
    if (answer.status !== 429) throw new HttpError(502, `The mail service refused the message: ${reason || answer.status}`);
    if (attempt === MAIL_TRIES)
      throw new HttpError(503, 'The mail service is busy. Please try again in a minute.', { retryAfterSeconds: 60 });
    await new Promise((resolve) => setTimeout(resolve, MAIL_RETRY_MS));
  }
}

async function send(env: Env, req: Request, origin: string): Promise<Response> {
  if (!/^application\/json\b/i.test(req.headers.get('content-type') ?? ''))
    throw new HttpError(415, 'Send the message as JSON (Content-Type: application/json).');
  const contact = await readJsonBody(req, MAX_BODY_BYTES, contactFunction.request);
  const fieldErrors = contactFieldProblems(contact);
  if (Object.keys(fieldErrors).length) throw new HttpError(400, 'Check the fields marked below.', { fieldErrors });
  const sender = await signedInSender(env, req);
  const admin = serverClient(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY'));
  await spendBudgets(
    admin,
    [{ key: sender ? `contact-user:${sender.id}` : `contact-address:${clientAddress(req)}`, ...SENDER_BUDGET }],
    'You have sent several messages just now. Please wait before sending another.',
  );
  const plan = sender?.plan ?? null;
  const { data: priority } = await admin.rpc('plan_includes_priority_care', { plan });
  const name = contact.user_name.trim();
  const email = contact.user_email.trim();
  await sendToEmailjs(
    env,
    JSON.stringify({
      service_id: requireEnv(env, 'EMAILJS_SERVICE_ID'),
      template_id: requireEnv(env, 'EMAILJS_TEMPLATE_ID'),
      user_id: requireEnv(env, 'EMAILJS_PUBLIC_KEY'),
      ...(env('EMAILJS_PRIVATE_KEY') ? { accessToken: env('EMAILJS_PRIVATE_KEY') } : {}),
      template_params: {
        message: contact.message.trim(),
        user_name: name,
        user_email: email,
        subject: `${priority === true ? '[Priority] ' : ''}Message from ${name || email}`,
        plan: plan ?? 'none',
        priority: priority === true ? 'priority' : 'standard',
      },
    }),
  );
  const sent = answer(contactFunction, 'send', { sent: true, priority: priority === true });
  for (const [header, value] of Object.entries(corsFor(origin))) sent.headers.set(header, value);
  return sent;
}

export function createHandler(env: Env): (req: Request) => Promise<Response> {
  let allowed: Set<string> | undefined;
  const originOf = (req: Request) => {
    const origin = req.headers.get('origin');
    return origin && (allowed ??= allowedOriginsOf(env)).has(origin) ? origin : undefined;
  };
  return answeringErrors(
    'contact',
    'The message could not be sent. Try again.',
    async (req) => {
      const origin = originOf(req);
      if (req.method === 'OPTIONS') return origin ? new Response('ok', { headers: corsFor(origin) }) : new Response(null, { status: 403 });
      if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
      // Only FolioForge's own pages send messages: a form on another site, or a script elsewhere, is refused.
      if (!origin) throw new HttpError(403, 'Messages are sent from the contact page of FolioForge.');
      return send(env, req, origin);
    },
    (req) => {
      const origin = originOf(req);
      return origin ? corsFor(origin) : {};
    },
  );
}

const handler = createHandler(runtimeEnv());
export default handler;
