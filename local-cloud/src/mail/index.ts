// The mailbox, on a listener of its own: on loopback only and never on the API's origin, as the
// Supabase CLI runs its mail catcher on port 54324. It holds every confirmation link and reset code,
// so no page may read it: not one served from the API's origin (a stored file), not another site's
// (no CORS), not one whose host name was pointed at 127.0.0.1 (DNS rebinding: the Host is checked).
// `/` is the page for people, `/api` the JSON for tests and tools: newest first, a page at a time;
// `?to=` filters by recipient, `?limit=` (at most 200) and `?offset=` page.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Mailbox } from '../context.ts';
import { renderMailboxPage } from './page.ts';

const MAIL_PAGE_SIZE = 50;
const MAIL_PAGE_MAX = 200;

const pageQuery = z.object({
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(MAIL_PAGE_MAX).default(MAIL_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** localhost, 127.0.0.1 or [::1], with or without a port: the names a browser on this machine uses. */
function isLoopbackHost(host: string | undefined): boolean {
  const name = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  return name === 'localhost' || name === '127.0.0.1' || name === '[::1]';
}

export function createMailboxApp(mailbox: Mailbox): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (!isLoopbackHost(c.req.header('host'))) return c.json({ message: 'The mailbox answers only to localhost' }, 403);
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    // The page runs no script and may not be framed; links it shows carry codes, so no referrer either.
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    c.header('Referrer-Policy', 'no-referrer');
  });
  app.get('/api', async (c) => {
    const query = pageQuery.safeParse(c.req.query());
    if (!query.success) return c.json({ message: `limit must be 1–${MAIL_PAGE_MAX} and offset 0 or more` }, 400);
    const { messages, total } = await mailbox.page(query.data);
    const { limit, offset } = query.data;
    return c.json({ messages, total, limit, offset, nextOffset: offset + messages.length < total ? offset + messages.length : null });
  });
  app.get('/', async (c) => {
    const to = c.req.query('to');
    const { messages } = await mailbox.page({ to, limit: MAIL_PAGE_SIZE, offset: 0 });
    return c.html(renderMailboxPage(messages, to));
  });
  app.notFound((c) => c.json({ message: 'The mailbox has / and /api' }, 404));
  return app;
}

export interface MailboxServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves the mailbox on 127.0.0.1:`port` (0: a free one), whatever interface the API listens on. */
export async function startMailboxServer(mailbox: Mailbox, port: number): Promise<MailboxServer> {
  const server = createAdaptorServer({ fetch: createMailboxApp(mailbox).fetch }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${actual}`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
