// The build stage's six dist/ folders served as `npm start` serves them (tooling/serveApps.mjs, the
// site's /p/, /sitemap.xml and /robots.txt by tooling/publishedSites.mjs), each on a free port, for the
// tests that need no browser. No local-cloud: the pages only name its address.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { APPS } from '../ports.mjs';
import { createRuntimeConfig } from '../appConfig.mjs';
import { serveAllApps } from '../serveApps.mjs';
import { publishedSiteHandler } from '../publishedSites.mjs';
import { repoRoot } from '../repo.mjs';

/** The address local-cloud would have: named in app-config.json and the pages' policy, never asked. */
const CLOUD_URL = 'http://localhost:54999';

export async function serveBuiltApps() {
  for (const app of APPS)
    if (!fs.existsSync(path.join(repoRoot, app.dir, 'dist/index.html')))
      throw new Error(`${app.dir}/dist is missing: build first (node scripts/build.mjs)`);
  /** @type {ReturnType<typeof createRuntimeConfig> | undefined} */
  let config;
  // Port 0: each server takes a free port; the config, read on every request, names them once known.
  const served = await serveAllApps({
    ports: Object.fromEntries(APPS.map((app) => [app.key, 0])),
    appConfig: () => config ?? {},
    sites: publishedSiteHandler({ storageUrl: () => CLOUD_URL }),
  });
  const ports = Object.fromEntries(
    served.servers.map(({ key, server }) => [key, /** @type {import('node:net').AddressInfo} */ (server.address()).port]),
  );
  config = createRuntimeConfig({ ports, localCloudUrl: CLOUD_URL, keys: {} });
  const urlOf = (/** @type {string} */ key) => `http://localhost:${ports[key]}`;
  return { ports, urlOf, shellUrl: urlOf('shell'), cloudUrl: CLOUD_URL, config, close: () => served.close() };
}

/**
 * @typedef {{ status: number, headers: http.IncomingHttpHeaders, body: Buffer }} Answer
 */

/**
 * A raw GET: no client-side decompression, so the test sees the bytes on the wire.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<Answer>}
 */
export function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
