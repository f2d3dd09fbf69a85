// The pages the orders function shows a buyer, who may have no scripts: plain HTML, every value
// escaped, noindex, never cached.

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** Readable on a phone and a desktop without a stylesheet to fetch: a column of text, amounts lined up on the right. */
const BUYER_PAGE_STYLE =
  'body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}' +
  'main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem}h1{font-size:1.5rem;line-height:1.25;overflow-wrap:anywhere}' +
  'table{width:100%;border-collapse:collapse;margin:1rem 0}caption{text-align:left;font-weight:600;padding-bottom:.5rem}' +
  'th,td{padding:.375rem .25rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}' +
  'td:not(:first-child),thead th:not(:first-child),tfoot th{text-align:right}td:not(:first-child){white-space:nowrap}' +
  'tfoot tr:last-child>*{font-weight:700;border-bottom:0}a{color:#0b57d0}';

/** A page of a heading (`title`, escaped here) and `bodyHtml`, which the caller escaped. */
export function buyerPage(status: number, title: string, bodyHtml: string, headers: HeadersInit = {}): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${BUYER_PAGE_STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${bodyHtml}
</main></body></html>`;
  return new Response(html, { status, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}
