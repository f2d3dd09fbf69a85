import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeStartupManifest } from '../startup/startup';

const MANIFEST_ATTEMPTS = 3;

/**
 * Retries a manifest fetch that fails on the network (a remote restarting), and reports a remote
 * that stays down. The error then reaches the region's error boundary, which offers "Try again";
 * nothing here may take the shell down.
 */
export default function remoteLoadPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'folioforge-remote-load',
    async fetch(url, init) {
      // The page's startup script asked for the first screen's manifest already; a failed answer is retried below.
      const early = await takeStartupManifest(url)?.catch(() => undefined);
      if (early?.ok) return early;
      let lastError: unknown;
      for (let attempt = 1; attempt <= MANIFEST_ATTEMPTS; attempt += 1) {
        try {
          const response = await fetch(url, { ...init, cache: 'no-store' });
          if (response.ok || response.status < 500) return response;
          lastError = new Error(`HTTP ${response.status} for ${url}`);
        } catch (error) {
          lastError = error;
        }
        await new Promise((resolve) => setTimeout(resolve, 150 * attempt));
      }
      throw lastError;
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[FolioForge] remote module ${id} failed at ${lifecycle}:`, error);
      return undefined;
    },
  };
}
