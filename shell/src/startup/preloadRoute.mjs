// @ts-check
import { REMOTES } from '@folioforge/shared/apps-table';
import { SCREEN_ROUTES } from '../routeTable.mjs';

/**
 * What the startup script reads of a remote's mf-manifest.json.
 * @typedef {{
 *   metaData?: { publicPath?: string, remoteEntry?: { name?: string, path?: string } },
 *   exposes?: { path?: string, assets?: { js?: { sync?: string[] }, css?: { sync?: string[] } } }[]
 * }} RemoteManifest
 */

/**
 * The startup script's route table: for each path, the remote's key in app-config.json and its
 * exposed screen (`/home` → content, `./Home`).
 * @returns {Record<string, { remote: string, expose: string }>}
 */
export function startupRoutes() {
  const keyByName = new Map(Object.entries(REMOTES).map(([key, remote]) => [/** @type {string} */ (remote.name), key]));
  /** @type {Record<string, { remote: string, expose: string }>} */
  const table = {};
  for (const route of SCREEN_ROUTES) {
    const [name = '', screen] = route.remote.split('/');
    const remote = keyByName.get(name);
    if (remote && screen) table[route.path] = { remote, expose: `./${screen}` };
  }
  return table;
}

/**
 * The page's inline startup script, run in <head> before any of the shell's scripts, so the first
 * screen's files download beside the shell's instead of one round trip after another: it fetches
 * app-config.json at once, then the manifest of the remote whose screen this address shows, then
 * preloads that remote's entry and the screen's chunks and styles (those the page does not carry
 * inline). The shell later takes the config and the manifest responses from
 * `window.__FOLIOFORGE_STARTUP__` instead of asking again.
 *
 * The build inlines this function's source (Function.prototype.toString), so it must not use anything
 * from outside its body. Every failure is left to the shell, which reports it where it belongs.
 *
 * @param {Record<string, { remote: string, expose: string }>} routes  path → the remote's key in
 *   app-config.json and its exposed screen
 * @param {string} configUrl
 */
export function preloadRoute(routes, configUrl) {
  /** @type {import('./startup').FolioForgeStartup} */
  const startup = { config: fetch(configUrl, { credentials: 'same-origin' }), manifests: {} };
  window.__FOLIOFORGE_STARTUP__ = startup;
  const route = routes[window.location.pathname.replace(/\/+$/, '') || '/'];
  if (!route) return;

  /** @param {string} href @param {'script' | 'style'} as */
  const preload = (href, as) => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = href;
    if (as === 'script') link.setAttribute('fetchpriority', 'high');
    document.head.appendChild(link);
  };

  startup.config
    .then((response) => response.clone().json())
    .then((config) => {
      const manifestUrl = config?.remotes?.[route.remote];
      if (typeof manifestUrl !== 'string') return;
      const manifest = fetch(manifestUrl);
      startup.manifests[manifestUrl] = manifest;
      return manifest
        .then((response) => response.clone().json())
        .then((/** @type {RemoteManifest | null} */ remote) => {
          // Files are named relative to the remote's public path: its PUBLIC_URL, or where the manifest is.
          const meta = remote?.metaData ?? {};
          const base = meta.publicPath && meta.publicPath !== 'auto' ? meta.publicPath : new URL('.', manifestUrl).href;
          const entry = meta.remoteEntry;
          if (entry?.name) preload(new URL(`${entry.path ? `${entry.path}/` : ''}${entry.name}`, base).href, 'script');
          const expose = (remote?.exposes ?? []).find((candidate) => candidate?.path === route.expose);
          for (const file of expose?.assets?.js?.sync ?? []) preload(new URL(file, base).href, 'script');
          // A page rendered ahead carries the screen's styles inline, by file name (./inlineStyles.mjs).
          const inline = new Set(Array.from(document.querySelectorAll('style[data-href]'), (style) => style.getAttribute('data-href')));
          for (const file of expose?.assets?.css?.sync ?? []) if (!inline.has(file)) preload(new URL(file, base).href, 'style');
        });
    })
    .catch(() => undefined);
}
