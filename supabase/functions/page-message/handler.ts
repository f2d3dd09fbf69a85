// Messages from a published page to its owner. The page's contact form (no script: a plain HTML
// form) or any script posts the visitor's name, address and message here, as a form or as JSON:
//   - only from the page's own origins: the site (`SITE_URL`, for /p/<slug>) or a proven custom
//     domain of that page; anything else is refused (403) before a byte is stored;
//   - fields checked by the shared rules (_shared/pageMessages.ts): no control characters, bounded;
//   - written with the service role through leave_page_message, which checks the page is published
//     and keeps the limits per sender and per page (SQLSTATE P0429 → 429); the sender is known by an
//     HMAC of their address and the day, never by the address;
//   - the owner is mailed (EmailJS, the account mails' template); a mail that fails loses nothing:
//     the message is on /account.
// A form is answered 303 back to the page, at `#message-sent` or `#message-failed`, where the page
// shows the matching note (CSS :target); JSON gets a status and `{ sent }` or `{ error }`.
import { sendAccountMail } from '../_shared/accountMail.ts';
import { runtimeEnv, requireEnv, type Env } from '../_shared/env.ts';
import { hmacSha256Hex } from '../_shared/hmac.ts';
import { clientAddress } from '../_shared/rateLimit.ts';
import { pageMessageBody, type PageMessageBody } from '../_shared/contracts/pageForms.ts';
import { PAGE_MESSAGE_NOTES, type PageMessageAnswer } from '../_shared/pageMessages.ts';
import { HttpError, readRawBody } from '../_shared/request.ts';
import { provenDomainOrigin } from '../_shared/sites.ts';
import { publicPagePath, SLUG_PATTERN } from '../_shared/slugs.ts';
import { supabaseClientsFrom } from '../_shared/supabaseClient.ts';

const MAX_BODY_BYTES = 16 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Note = keyof typeof PAGE_MESSAGE_NOTES;

/** The sender's key for the limits: an HMAC of their address and today's date (UTC), so it cannot be reversed or followed across days. */
export async function senderKey(secret: string, address: string, now = new Date()): Promise<string> {
  return (await hmacSha256Hex(secret, `${now.toISOString().slice(0, 10)}|${address}`)).slice(0, 40);
}

function readFields(raw: string, kind: 'form' | 'json'): Record<string, unknown> {
  if (kind === 'form') return Object.fromEntries(new URLSearchParams(raw));
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'Request body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'Request body is not an object');
  return body as Record<string, unknown>;
}

export function createHandler(env: Env): (req: Request) => Promise<Response> {
  return async (req) => {
    const origin = req.headers.get('origin');
    let kind: 'form' | 'json' = 'json';
    let back: string | undefined;
    const corsFor = (allowed: boolean): Record<string, string> =>
      allowed && origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : { Vary: 'Origin' };
    let allowedOrigin = false;

    const answer = (status: number, body: PageMessageAnswer, note: Note): Response => {
      if (kind === 'form' && back)
        return new Response(null, {
          status: 303,
          headers: { Location: `${back}#${PAGE_MESSAGE_NOTES[note]}`, 'Cache-Control': 'no-store' },
        });
      if (kind === 'form')
        return new Response('error' in body ? body.error : 'Sent', {
          status,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
        });
      return new Response(JSON.stringify(body), {
        status,
        headers: { ...corsFor(allowedOrigin), 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
      });
    };

    try {
      const siteUrl = requireEnv(env, 'SITE_URL').replace(/\/+$/, '');
      const siteOrigin = new URL(siteUrl).origin;
      if (req.method === 'OPTIONS') {
        // Only a script on the site itself sends JSON across origins; a page's form needs no preflight.
        return new Response(null, {
          status: origin === siteOrigin ? 204 : 403,
          headers: {
            ...corsFor(origin === siteOrigin),
            'Access-Control-Allow-Methods': 'POST',
            'Access-Control-Allow-Headers': 'content-type',
          },
        });
      }
      if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
      const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (type === 'application/x-www-form-urlencoded') kind = 'form';
      else if (type !== 'application/json') throw new HttpError(415, 'Send the form, or JSON');
      const fields = readFields(await readRawBody(req, MAX_BODY_BYTES), kind);

      // Which page, and whether the request comes from one of its origins. Until both are known there
      // is nowhere safe to send a form back to, so these refusals are plain answers.
      const slug = typeof fields.slug === 'string' && SLUG_PATTERN.test(fields.slug) ? fields.slug : undefined;
      const portfolio = typeof fields.portfolio === 'string' && UUID.test(fields.portfolio) ? fields.portfolio : undefined;
      if (!slug || !portfolio) throw new HttpError(400, 'Unknown page');
      const clients = supabaseClientsFrom(env);
      if (origin === siteOrigin) {
        allowedOrigin = true;
        back = `${siteUrl}${publicPagePath(slug)}`;
      } else if (origin) {
        back = await provenDomainOrigin(clients.admin, portfolio, origin, siteUrl);
        allowedOrigin = back !== undefined;
      }
      if (!allowedOrigin) throw new HttpError(403, 'This form may be sent only from its own page');

      const parsed = pageMessageBody().safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return answer(400, { error: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` }, 'failed');
      }
      const body: PageMessageBody = parsed.data;
      // The trap field: a person never sees it, so whatever filled it is a bot. It is told "sent".
      if (body.website) return answer(200, { sent: true }, 'sent');

      const client = await senderKey(env('PAGE_MESSAGE_SECRET') || requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY'), clientAddress(req));
      const { data, error } = await clients.admin.rpc('leave_page_message', {
        page: body.portfolio,
        page_slug: body.slug,
        client,
        name: body.name,
        email: body.email,
        body: body.message,
      });
      if (error?.code === 'P0002') return answer(404, { error: 'There is no published page here.' }, 'failed');
      if (error?.code === 'P0429') return answer(429, { error: 'Too many messages were sent just now. Please try again later.' }, 'failed');
      if (error?.code === '23514') return answer(400, { error: 'The message could not be taken as written.' }, 'failed');
      if (error) throw new Error(`leave_page_message failed: ${error.code} ${error.message}`);

      const ownerEmail = (data as { owner_email: string | null }[] | null)?.[0]?.owner_email;
      if (ownerEmail) {
        await sendAccountMail(env, {
          to: ownerEmail,
          subject: `New message on your page from ${body.name}`,
          message:
            `${body.name} <${body.email}> wrote on your page ${siteUrl}${publicPagePath(body.slug)}:\n\n${body.message}\n\n` +
            `Answer by writing to ${body.email}. All your messages: ${siteUrl}/account#messages`,
        }).catch((mailError: unknown) => console.error('page-message: the owner could not be mailed', mailError));
      }
      return answer(200, { sent: true }, 'sent');
    } catch (error) {
      if (error instanceof HttpError) return answer(error.status, { error: error.message }, 'failed');
      console.error('page-message function failed', error);
      return answer(500, { error: 'The message could not be sent. Try again.' }, 'failed');
    }
  };
}

const handler = createHandler(runtimeEnv());
export default handler;
