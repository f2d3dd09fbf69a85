// What the page's inline startup script (preloadRoute.mjs) leaves for the shell.
export interface FolioForgeStartup {
  /** The response to app-config.json, asked for as the page started. */
  config: Promise<Response>;
  /** Responses to the remotes' manifests asked for early, by URL; each is taken once. */
  manifests: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    __FOLIOFORGE_STARTUP__?: FolioForgeStartup;
  }
}

/** The config response the startup script asked for, if the page had one. */
export function startupConfigResponse(): Promise<Response> | undefined {
  return window.__FOLIOFORGE_STARTUP__?.config;
}

/** A manifest response the startup script already asked for; later asks fetch again. */
export function takeStartupManifest(url: string): Promise<Response> | undefined {
  const manifests = window.__FOLIOFORGE_STARTUP__?.manifests;
  const response = manifests?.[url];
  if (manifests) delete manifests[url];
  return response;
}
