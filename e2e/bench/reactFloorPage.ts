// The floor of Lighthouse's first-load figures on this machine: a page of a few lines of text, drawn
// by its HTML, whose scripts are React, ReactDOM and one component rendering the same text. What it
// scores is what any React page scores here before it does anything of its own.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { umdBuild } from './editorLatency';

const HEADING = 'A page';
const PARAGRAPH = 'Two lines of text, first drawn by the HTML, then by React.';

const APP = `const h = React.createElement;
function App() {
  return h('main', null, h('h1', null, ${JSON.stringify(HEADING)}), h('p', null, ${JSON.stringify(PARAGRAPH)}));
}
ReactDOM.createRoot(document.getElementById('root')).render(h(App));`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="description" content="The floor of a React page's first load.">
<title>React floor</title>
<script defer src="/react.js"></script>
<script defer src="/react-dom.js"></script>
<script defer src="/app.js"></script>
</head>
<body><div id="root"><main><h1>${HEADING}</h1><p>${PARAGRAPH}</p></main></div></body>
</html>`;

/** Serves the page (brotli, as the apps' files are served) until `stop`. */
export async function serveReactFloorPage(): Promise<{ url: string; stop(): Promise<void> }> {
  const files = new Map<string, { type: string; body: Buffer }>([
    ['/', { type: 'text/html; charset=utf-8', body: Buffer.from(PAGE) }],
    ['/react.js', { type: 'text/javascript', body: Buffer.from(umdBuild('react', 'react.production.min.js')) }],
    ['/react-dom.js', { type: 'text/javascript', body: Buffer.from(umdBuild('react-dom', 'react-dom.production.min.js')) }],
    ['/app.js', { type: 'text/javascript', body: Buffer.from(APP) }],
  ]);
  const compressed = new Map([...files].map(([route, file]) => [route, zlib.brotliCompressSync(file.body)]));
  const server = http.createServer((request, response) => {
    const route = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = files.get(route);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const brotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, {
      'content-type': file.type,
      'cache-control': route === '/' ? 'no-cache' : 'public, max-age=31536000, immutable',
      ...(brotli ? { 'content-encoding': 'br' } : {}),
    });
    response.end(brotli ? compressed.get(route) : file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
