// The contact form (customer care): the browser posts the visitor's message here, with their access
// token when signed in. The sender's plan is looked up here, never taken from the browser, and the
// message goes on to EmailJS from the server (its REST API, with the account's private key when set)
// carrying the plan; the Premium plan's messages are marked priority in their subject.
import { z } from 'zod';
import { corsHeaders, json } from '../_shared/cors.ts';
import { runtimeEnv, requireEnv, type Env } from '../_shared/env.ts';
import { answeringErrors, bearerToken, HttpError, readJsonBody } from '../_shared/request.ts';
import { serverClient } from '../_shared/supabaseClient.ts';

const MAX_BODY_BYTES = 16 * 1024;

export const contactBody = z.object({
  message: z.string().trim().min(1, 'Write a message').max(5000),
  user_name: z.string().trim().max(200),
  user_email: z.string().trim().max(254),
});

/** The signed-in sender's plan, or null: signed out, an expired token, no plan. */
async function senderPlan(env: Env, req: Request): Promise<string | null> {
  const token = bearerToken(req);
  const url = requireEnv(env, 'SUPABASE_URL');
  if (!token || token === env('SUPABASE_ANON_KEY')) return null;
  const { data } = await serverClient(url, requireEnv(env, 'SUPABASE_ANON_KEY')).auth.getUser(token);
  if (!data.user) return null;
  const { data: plan } = await serverClient(url, requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY')).rpc('active_plan', {
    for_user: data.user.id,
  });
  return typeof plan === 'string' ? plan : null;
}

export function createHandler(env: Env): (req: Request) => Promise<Response> {
  return answeringErrors('contact', 'The message could not be sent. Try again.', async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
    const contact = await readJsonBody(req, MAX_BODY_BYTES, contactBody);
    const plan = await senderPlan(env, req);
    const admin = serverClient(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY'));
    const { data: priority } = await admin.rpc('plan_includes_priority_care', { plan });
    const sender = contact.user_name || contact.user_email || 'a visitor';
    const answer = await fetch(`${requireEnv(env, 'EMAILJS_ORIGIN').replace(/\/+$/, '')}/api/v1.0/email/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        service_id: requireEnv(env, 'EMAILJS_SERVICE_ID'),
        template_id: requireEnv(env, 'EMAILJS_TEMPLATE_ID'),
        user_id: requireEnv(env, 'EMAILJS_PUBLIC_KEY'),
        ...(env('EMAILJS_PRIVATE_KEY') ? { accessToken: env('EMAILJS_PRIVATE_KEY') } : {}),
        template_params: {
          ...contact,
          subject: `${priority === true ? '[Priority] ' : ''}Message from ${sender}`,
          plan: plan ?? 'none',
          priority: priority === true ? 'priority' : 'standard',
        },
      }),
    });
    if (answer.status === 429) throw new HttpError(429, 'Too many messages were sent just now. Please wait a minute.');
    if (!answer.ok) throw new HttpError(502, `The mail service refused the message: ${(await answer.text()).trim() || answer.status}`);
    return json({ sent: true, priority: priority === true });
  });
}

const handler = createHandler(runtimeEnv());
export default handler;
