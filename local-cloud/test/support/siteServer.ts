// The server of published pages (tooling/publishedSites.mjs, what `npm start` runs) on a free port,
// in front of a test cloud's storage: the pages as a visitor gets them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { publishedSiteHandler } from '../../../tooling/publishedSites.mjs';

export interface SiteServer {
  /** `http://127.0.0.1:<port>`: its pages are at `/p/<slug>/…`. */
  url: string;
  stop(): Promise<void>;
}

export async function startSiteServer(options: Parameters<typeof publishedSiteHandler>[0]): Promise<SiteServer> {
  const sites = publishedSiteHandler(options);
  const server = http.createServer((req, res) => void sites(req, res, new URL(req.url ?? '/', 'http://site').pathname));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
