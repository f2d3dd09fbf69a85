import { afterNextPaint } from './afterNextPaint';

const WEB_MANIFEST_HREF = '/manifest.webmanifest';

/**
 * Links the web manifest once the first screen is on the page, drawn, and the browser is idle. As soon
 * as a page links one, Chrome checks whether the site can be installed (it fetches the manifest and its
 * icons, draws the largest) and animates an install button into its toolbar: work of the browser's
 * that shares the device's cores with the screen's start-up, and nothing the first screen needs. In
 * Lighthouse's traces of /design with the link in the HTML, the browser drew that animation (some 30
 * frames over 0.6 s) while the editor's start-up ran.
 */
export function linkWebManifestWhenIdle(): void {
  afterNextPaint(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(linkWebManifest, { timeout: 2000 });
    else setTimeout(linkWebManifest, 0);
  });
}

function linkWebManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = WEB_MANIFEST_HREF;
  document.head.appendChild(link);
}
