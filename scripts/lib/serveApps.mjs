// Serves the production builds: one static server per app, as a CDN would.
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { APPS } from '../../tooling/ports.mjs';
import { repoRoot } from './repo.mjs';

/** Files whose names do not change between builds must be revalidated; hashed ones are immutable. */
function setCacheHeaders(res, pathname) {
  const stable = pathname.endsWith('.html') || pathname.endsWith('remoteEntry.js') || pathname.endsWith('.json');
  res.setHeader('Cache-Control', stable ? 'no-cache' : 'public, max-age=31536000, immutable');
  res.setHeader('Access-Control-Allow-Origin', '*');
}

/**
 * @param {{ dir: string, port: number, host?: string, appConfig?: () => object }} options
 * @returns {Promise<http.Server>}
 */
export function serveApp({ dir, port, host = '127.0.0.1', appConfig }) {
  const files = sirv(dir, { single: true, dev: false, gzip: false, brotli: false, setHeaders: setCacheHeaders });
  const server = http.createServer((req, res) => {
    if (appConfig && req.url?.split('?')[0] === '/app-config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(appConfig()));
      return;
    }
    files(req, res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use (serving ${path.basename(path.dirname(dir))}). Stop what uses it and try again.`)
          : error,
      );
    });
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * Serves every app's dist/ on its port (or the ports given).
 * @param {{ ports?: Record<string, number>, appConfig: () => object, only?: string[], distDirs?: Record<string,string> }} options
 */
export async function serveAllApps({ ports = {}, appConfig, only, distDirs = {} }) {
  const servers = [];
  for (const app of APPS) {
    if (only && !only.includes(app.key)) continue;
    const dir = distDirs[app.key] ?? path.join(repoRoot, app.dir, 'dist');
    const server = await serveApp({ dir, port: ports[app.key] ?? app.port, appConfig: app.key === 'shell' ? appConfig : undefined });
    servers.push({ key: app.key, server });
  }
  return {
    servers,
    async close() {
      await Promise.all(
        servers.map(
          ({ server }) =>
            new Promise((resolve) => {
              server.closeAllConnections?.();
              server.close(() => resolve(undefined));
            }),
        ),
      );
    },
  };
}
