// Reads local-cloud's mailbox, where confirmation and reset mails land. It has a port of its own (never
// the API's origin): a stack started here records it by its local-cloud's URL, so tests keep passing
// `stack.cloudUrl` (or the stack itself).
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

const mailboxes = new Map<string, string>();

/** Called by whatever starts a local-cloud for the tests (support/stack.ts). */
export function rememberMailbox(cloudUrl: string, mailboxUrl: string): void {
  mailboxes.set(cloudUrl, mailboxUrl);
}

/** The mailbox of a local-cloud started in this process, by its URL, or of a stack. */
function mailboxOf(cloud: string | { mailboxUrl: string }): string {
  if (typeof cloud !== 'string') return cloud.mailboxUrl;
  const known = mailboxes.get(cloud);
  if (!known) throw new Error(`no mailbox known for ${cloud}: start local-cloud with startStack() (support/stack.ts)`);
  return known;
}

/** The newest mails (one page), to one address when given. */
export async function listMail(cloud: string | { mailboxUrl: string }, to?: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${mailboxOf(cloud)}/api${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  const body = (await response.json()) as { messages: MailboxMessage[] };
  return body.messages;
}

/** Waits for the newest mail to an address matching a subject, and returns it. */
export async function waitForMail(
  cloud: string | { mailboxUrl: string },
  to: string,
  subject: RegExp,
  timeoutMs = 10_000,
): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await listMail(cloud, to)).find((message) => message.to === to && subject.test(message.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}
