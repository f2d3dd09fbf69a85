import { GlobalWorkerOptions } from 'pdfjs-dist';
import { PDF_WORKER_ASSET_URL } from './pdfWorkerAssetUrl';

let configured: Promise<void> | undefined;

function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * The address the worker can be started from. A page may not start a Worker from another origin,
 * and inside the shell this remote's files come from the remote's server: then the worker's code
 * is fetched (the remote serves it with CORS) and started from a same-origin blob: URL.
 */
export async function resolvePdfWorkerSrc(assetUrl = PDF_WORKER_ASSET_URL): Promise<string> {
  if (isSameOrigin(assetUrl)) return assetUrl;
  try {
    const response = await fetch(assetUrl);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const code = await response.blob();
    return URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  } catch (error) {
    // pdf.js then tries its own cross-origin wrapper and, failing that, runs on the main thread.
    console.warn('[FolioForge] could not fetch the PDF worker, letting pdf.js fall back:', error);
    return assetUrl;
  }
}

/** Points pdf.js at its worker, once per page. */
export function configurePdfWorker(): Promise<void> {
  configured ??= resolvePdfWorkerSrc().then((workerSrc) => {
    GlobalWorkerOptions.workerSrc = workerSrc;
  });
  return configured;
}
