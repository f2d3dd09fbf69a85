// /mail (HTML) and /mail/api (JSON): what the stack has "sent", newest first; `?to=` filters.
import type { MountRoutes, MailMessage } from '../context.ts';
import { renderMailboxPage } from './page.ts';

function filterByRecipient(messages: MailMessage[], to: string | undefined): MailMessage[] {
  if (!to) return messages;
  const wanted = to.trim().toLowerCase();
  return messages.filter((m) => m.to.toLowerCase() === wanted);
}

export const mountMail: MountRoutes = (app, ctx) => {
  app.get('/mail/api', async (c) => {
    const messages = filterByRecipient(await ctx.mailbox.list(), c.req.query('to'));
    return c.json({ messages });
  });
  app.get('/mail', async (c) => {
    const to = c.req.query('to');
    const messages = filterByRecipient(await ctx.mailbox.list(), to);
    c.header('Cache-Control', 'no-store');
    return c.html(renderMailboxPage(messages, to));
  });
};
