// A public page rendered ahead at build time (tooling/prerender.mjs) arrives as a copy beside
// the app's root: inert while scripts run, its form fields read-only, so nothing is typed there.
// While the copy shows, the app draws into the root off the page, so the document never holds
// both; whatever takes the copy's place (the live screen, the notice that it is unavailable, an
// error) swaps them before the browser paints.
import { useLayoutEffect } from 'react';

let heldRoot: HTMLElement | undefined;

const copyOnPage = () => document.getElementById('prerendered');

/** Called with the root before React renders into it: off the page while a copy shows. */
export function holdRootWhilePrerendered(root: HTMLElement): void {
  if (!copyOnPage()) return;
  root.remove();
  heldRoot = root;
}

export function handOffPrerendered(): void {
  const copy = copyOnPage();
  if (!copy) return;
  const root = heldRoot ?? document.getElementById('root');
  heldRoot = undefined;
  if (!root) {
    copy.remove();
    return;
  }
  copy.replaceWith(root);
  root.hidden = false;
}

/** Rendered beside what replaces the copy. */
export function PrerenderHandOff(): null {
  useLayoutEffect(handOffPrerendered, []);
  return null;
}
