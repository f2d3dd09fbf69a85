// The mailbox page: plain HTML, every value escaped, links made clickable.
import type { MailMessage } from '../context.ts';
import { escapeHtml } from '@folioforge/shared/escape-html';

/** Only http(s) links become anchors, so a mailed `javascript:` URL can never run here. */
function linkItem(link: string): string {
  const safe = /^https?:\/\//i.test(link);
  const text = escapeHtml(link);
  return safe ? `<li><a href="${text}">${text}</a></li>` : `<li>${text}</li>`;
}

function messageArticle(message: MailMessage): string {
  const links = message.links.length ? `<ul class="links" aria-label="Links">${message.links.map(linkItem).join('')}</ul>` : '';
  return `<article class="mail" data-kind="${escapeHtml(message.kind)}" data-id="${escapeHtml(message.id)}">
  <h2>${escapeHtml(message.subject || '(no subject)')}</h2>
  <p class="meta">To <strong>${escapeHtml(message.to)}</strong> from ${escapeHtml(message.from)} ·
    <time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(message.createdAt)}</time> · ${escapeHtml(message.kind)}</p>
  <pre>${escapeHtml(message.text)}</pre>
  ${links}
</article>`;
}

export function renderMailboxPage(messages: MailMessage[], filterTo?: string): string {
  const heading = filterTo ? `Mail to ${escapeHtml(filterTo)}` : 'All mail';
  const body = messages.length ? messages.map(messageArticle).join('\n') : '<p>No mail yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>FolioForge local mailbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 50rem; padding: 0 1rem; color: #1d1d1f; }
  .mail { border: 1px solid #ccc; border-radius: 8px; padding: 1rem; margin-bottom: 1rem; }
  .mail h2 { margin: 0 0 .25rem; font-size: 1.1rem; }
  .meta { color: #555; margin: 0 0 .5rem; font-size: .9rem; }
  pre { white-space: pre-wrap; word-break: break-word; font-family: inherit; background: #f6f6f6; padding: .75rem; border-radius: 4px; }
  a { color: #0b57d0; word-break: break-all; }
</style>
</head>
<body>
<main>
<h1>FolioForge local mailbox</h1>
<p>${heading} · ${messages.length} message${messages.length === 1 ? '' : 's'}, newest first · <a href="/">all</a> · <a href="/api">JSON</a></p>
${body}
</main>
</body>
</html>`;
}
