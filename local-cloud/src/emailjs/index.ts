// EmailJS sink: the two endpoints @emailjs/browser 4 calls, answering as api.emailjs.com does
// (200 text "OK", 4xx text with the reason). Accepted messages land in the local mailbox.
import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { z } from 'zod';
import type { Keys, MountRoutes } from '../context.ts';
import { clientIp } from '../http/body.ts';
import { RateLimiter } from '../http/rateLimit.ts';
import { toMailMessage, type EmailjsParams } from './messages.ts';

// EmailJS caps template variables at 50 KB; send-form may carry attachments, hence the larger cap.
const SEND_LIMIT_BYTES = 64 * 1024;
const SEND_FORM_LIMIT_BYTES = 2 * 1024 * 1024;

const sendBody = z.object({
  lib_version: z.string().optional(),
  user_id: z.unknown().optional(),
  service_id: z.unknown().optional(),
  template_id: z.unknown().optional(),
  template_params: z.record(z.string(), z.unknown()).nullish(),
  accessToken: z.string().optional(),
});

class EmailjsRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** The checks api.emailjs.com makes, in its order: presence first, then that each id is known. */
function checkIds(
  keys: Keys,
  ids: { user_id?: unknown; service_id?: unknown; template_id?: unknown },
): { serviceId: string; templateId: string } {
  for (const name of ['user_id', 'service_id', 'template_id'] as const) {
    const value = ids[name];
    if (typeof value !== 'string' || value.trim() === '') throw new EmailjsRefusal(400, `The ${name} parameter is required`);
  }
  if (ids.user_id !== keys.emailjsPublicKey) {
    throw new EmailjsRefusal(400, 'The Public Key is invalid. To find this ID, visit https://dashboard.emailjs.com/admin/account');
  }
  if (ids.service_id !== keys.emailjsServiceId) {
    throw new EmailjsRefusal(400, 'The service ID is invalid. To find this ID, visit https://dashboard.emailjs.com/admin');
  }
  if (ids.template_id !== keys.emailjsTemplateId) {
    throw new EmailjsRefusal(400, 'The template ID is invalid. To find this ID, visit https://dashboard.emailjs.com/admin/templates');
  }
  return { serviceId: ids.service_id as string, templateId: ids.template_id as string };
}

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function refusalResponse(c: Context, error: unknown): Response {
  if (error instanceof EmailjsRefusal) return c.text(error.message, error.status);
  throw error;
}

const tooLarge = (c: Context) => c.text('The request is too large', 413);

export const mountEmailjs: MountRoutes = (app, ctx) => {
  // EmailJS takes about one request per second per sender and answers 429 beyond that.
  const limiter = new RateLimiter(ctx.config.emailjsPerSecond ?? 1, 1000);
  const rateLimited = async (c: Context, next: () => Promise<void>) => {
    if (!limiter.hit(clientIp(c))) return c.text('Too Many Requests', 429);
    await next();
  };
  app.post('/emailjs/api/v1.0/email/send', rateLimited, bodyLimit({ maxSize: SEND_LIMIT_BYTES, onError: tooLarge }), async (c) => {
    let raw: unknown;
    try {
      raw = JSON.parse(await c.req.text());
    } catch {
      return c.text('The request body is not valid JSON', 400);
    }
    const parsed = sendBody.safeParse(raw);
    if (!parsed.success) return c.text('The template_params parameter is invalid', 400);
    try {
      checkIds(ctx.keys, parsed.data);
    } catch (error) {
      return refusalResponse(c, error);
    }
    const params: EmailjsParams = {};
    for (const [key, value] of Object.entries(parsed.data.template_params ?? {})) params[key] = stringify(value);
    await ctx.mailbox.add(toMailMessage(params));
    ctx.log.info('emailjs message accepted', { via: 'send', fields: Object.keys(params) });
    return c.text('OK', 200);
  });

  app.post(
    '/emailjs/api/v1.0/email/send-form',
    rateLimited,
    bodyLimit({ maxSize: SEND_FORM_LIMIT_BYTES, onError: tooLarge }),
    async (c) => {
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody({ all: true });
      } catch {
        return c.text('The form data is invalid', 400);
      }
      const single = (name: string): string | undefined => {
        const value = form[name];
        const first = Array.isArray(value) ? value[0] : value;
        return typeof first === 'string' ? first : undefined;
      };
      try {
        checkIds(ctx.keys, { user_id: single('user_id'), service_id: single('service_id'), template_id: single('template_id') });
      } catch (error) {
        return refusalResponse(c, error);
      }
      const params: EmailjsParams = {};
      for (const [key, value] of Object.entries(form)) {
        if (['lib_version', 'user_id', 'service_id', 'template_id', 'accessToken'].includes(key)) continue;
        const values = Array.isArray(value) ? value : [value];
        params[key] = values.map((v) => (typeof v === 'string' ? v : `[attachment ${v.name}, ${v.size} bytes]`)).join(', ');
      }
      await ctx.mailbox.add(toMailMessage(params));
      ctx.log.info('emailjs message accepted', { via: 'send-form', fields: Object.keys(params) });
      return c.text('OK', 200);
    },
  );
};
