// The local mailbox: every mail the stack "sends" is a row in local_cloud.mail (created by the core).
import type { Database, MailMessage, Mailbox } from '../context.ts';
import { extractLinks } from './links.ts';

interface MailRow {
  id: string;
  kind: MailMessage['kind'];
  to_addr: string;
  from_addr: string;
  subject: string;
  body: string;
  links: unknown;
  meta: unknown;
  created_at: Date | string;
}

function toMessage(row: MailRow): MailMessage {
  const links = Array.isArray(row.links) ? row.links.filter((l): l is string => typeof l === 'string') : [];
  const meta = row.meta && typeof row.meta === 'object' && !Array.isArray(row.meta) ? (row.meta as Record<string, unknown>) : {};
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_addr,
    from: row.from_addr,
    subject: row.subject,
    text: row.body,
    links,
    meta,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const COLUMNS = 'id, kind, to_addr, from_addr, subject, body, links, meta, created_at';

export function createMailbox(db: Database): Mailbox {
  return {
    async add(message) {
      const links = message.links ?? extractLinks(message.text);
      const row = await db.asOwner(async (tx) => {
        // clock_timestamp, not now(): two mails in one transaction still sort in the order they were sent.
        const result = await tx.query<MailRow>(
          `insert into local_cloud.mail (kind, to_addr, from_addr, subject, body, links, meta, created_at)
           values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, clock_timestamp())
           returning ${COLUMNS}`,
          [
            message.kind,
            message.to,
            message.from,
            message.subject,
            message.text,
            JSON.stringify(links),
            JSON.stringify(message.meta ?? {}),
          ],
        );
        return result.rows[0];
      });
      if (!row) throw new Error('mail insert returned no row');
      return toMessage(row);
    },
    async page({ to, limit, offset }) {
      const recipient = to?.trim().toLowerCase() || null;
      return db.asOwner(async (tx) => {
        const where = 'where $1::text is null or lower(to_addr) = $1';
        const { rows } = await tx.query<MailRow>(`select ${COLUMNS} from local_cloud.mail ${where} order by seq desc limit $2 offset $3`, [
          recipient,
          limit,
          offset,
        ]);
        const count = await tx.query<{ total: number }>(`select count(*)::int as total from local_cloud.mail ${where}`, [recipient]);
        return { messages: rows.map(toMessage), total: count.rows[0]?.total ?? 0 };
      });
    },
    async list() {
      const result = await db.asOwner((tx) => tx.query<MailRow>(`select ${COLUMNS} from local_cloud.mail order by seq desc`));
      return result.rows.map(toMessage);
    },
  };
}
