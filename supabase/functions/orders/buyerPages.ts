// The pages the orders function shows a buyer, who may have no scripts: plain HTML, every value
// escaped, noindex, never cached.

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A page of a heading (`title`, escaped here) and `bodyHtml`, which the caller escaped. */
export function buyerPage(status: number, title: string, bodyHtml: string, headers: HeadersInit = {}): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${bodyHtml}
</main></body></html>`;
  return new Response(html, { status, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}
