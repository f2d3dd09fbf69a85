// Reads local-cloud's mailbox (/mail/api), where confirmation and reset mails land.
interface MailboxMessage {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  meta: Record<string, unknown>;
  createdAt: string;
}

/** The newest mails (one page), to one address when given. */
export async function listMail(cloudUrl: string, to?: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${cloudUrl}/mail/api${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  const body = (await response.json()) as { messages: MailboxMessage[] };
  return body.messages;
}

/** Waits for the newest mail to an address matching a subject, and returns it. */
export async function waitForMail(cloudUrl: string, to: string, subject: RegExp, timeoutMs = 10_000): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await listMail(cloudUrl, to)).find((message) => message.to === to && subject.test(message.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}
