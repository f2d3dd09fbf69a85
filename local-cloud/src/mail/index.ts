// /mail (HTML) and /mail/api (JSON): what the stack has "sent", newest first, a page at a time;
// `?to=` filters by recipient, `?limit=` (at most 200) and `?offset=` page.
import { z } from 'zod';
import type { MountRoutes } from '../context.ts';
import { renderMailboxPage } from './page.ts';

const MAIL_PAGE_SIZE = 50;
const MAIL_PAGE_MAX = 200;

const pageQuery = z.object({
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(MAIL_PAGE_MAX).default(MAIL_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const mountMail: MountRoutes = (app, ctx) => {
  app.get('/mail/api', async (c) => {
    const query = pageQuery.safeParse(c.req.query());
    if (!query.success) return c.json({ message: `limit must be 1–${MAIL_PAGE_MAX} and offset 0 or more` }, 400);
    const { messages, total } = await ctx.mailbox.page(query.data);
    const { limit, offset } = query.data;
    return c.json({ messages, total, limit, offset, nextOffset: offset + messages.length < total ? offset + messages.length : null });
  });
  app.get('/mail', async (c) => {
    const to = c.req.query('to');
    const { messages } = await ctx.mailbox.page({ to, limit: MAIL_PAGE_SIZE, offset: 0 });
    c.header('Cache-Control', 'no-store');
    return c.html(renderMailboxPage(messages, to));
  });
};
