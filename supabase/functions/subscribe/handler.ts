// The sign-up form of a published page (customer accounts, a plan feature) posts here: a plain HTML
// form, no script, no token. The entry is written with the anon key, so row-level security decides
// (only a published page whose owner holds a plan takes sign-ups), and the visitor is sent back to
// the page, where `#subscribed` or `#subscribe-failed` shows the matching note (CSS :target).
import { z } from 'zod';
import { runtimeEnv, requireEnv, type Env } from '../_shared/env.ts';
import { HttpError, readRawBody } from '../_shared/request.ts';
import { publicPagePath, slugProblem } from '../_shared/slugs.ts';
import { serverClient } from '../_shared/supabaseClient.ts';

const MAX_BODY_BYTES = 4 * 1024;

export const signUpForm = z.object({
  portfolio: z.uuid(),
  slug: z.string().refine((slug) => slugProblem(slug) === undefined),
  email: z.email().max(254),
  name: z.string().trim().max(120).optional(),
});

function backToPage(siteUrl: string, slug: string, note: 'subscribed' | 'subscribe-failed'): Response {
  return new Response(null, { status: 303, headers: { Location: `${siteUrl}${publicPagePath(slug)}#${note}` } });
}

export function createHandler(env: Env): (req: Request) => Promise<Response> {
  return async (req) => {
    try {
      if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
      const siteUrl = requireEnv(env, 'SITE_URL').replace(/\/+$/, '');
      const fields = Object.fromEntries(new URLSearchParams(await readRawBody(req, MAX_BODY_BYTES)));
      const slug = typeof fields.slug === 'string' && slugProblem(fields.slug) === undefined ? fields.slug : undefined;
      // Without a well-formed address there is no page to go back to (and no open redirect to build).
      if (!slug) throw new HttpError(400, 'Unknown page');
      const form = signUpForm.safeParse({ ...fields, name: fields.name || undefined });
      if (!form.success) return backToPage(siteUrl, slug, 'subscribe-failed');
      const anon = serverClient(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_ANON_KEY'));
      const { error } = await anon
        .from('subscribers')
        .insert({ portfolio_id: form.data.portfolio, email: form.data.email, name: form.data.name ?? null });
      // 23505: already on the list, which is what the visitor wanted; anything else is refused.
      return backToPage(siteUrl, slug, !error || error.code === '23505' ? 'subscribed' : 'subscribe-failed');
    } catch (error) {
      if (error instanceof HttpError)
        return new Response(error.message, { status: error.status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      console.error('subscribe function failed', error);
      return new Response('Sign-up service error', { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
  };
}

const handler = createHandler(runtimeEnv());
export default handler;
