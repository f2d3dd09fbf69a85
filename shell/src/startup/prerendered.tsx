// A public page rendered ahead at build time (scripts/lib/prerender.mjs) arrives as an inert copy
// beside a hidden root. Whatever takes its place — the live screen, the notice that it is
// unavailable, an error — hands off before the browser paints, so the two never show together.
import { useLayoutEffect } from 'react';

export function handOffPrerendered(): void {
  const copy = document.getElementById('prerendered');
  if (!copy) return;
  copy.remove();
  document.getElementById('root')?.removeAttribute('hidden');
}

/** Rendered beside what replaces the copy. */
export function PrerenderHandOff(): null {
  useLayoutEffect(handOffPrerendered, []);
  return null;
}
