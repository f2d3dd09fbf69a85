import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { inlineSheetName, inlineSheetNames } from '../startup/inlineStyles.mjs';

/**
 * Loading a screen, the federation runtime links the stylesheets its manifest lists. Those a page
 * rendered ahead already carries inline are left out: linking them again would restyle the page
 * (tens of milliseconds on a phone) for nothing.
 */
export default function inlineStylesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'folioforge-inline-styles',
    beforePreloadRemote({ preloadOps }) {
      const inline = inlineSheetNames();
      if (!inline.size) return;
      for (const op of preloadOps) {
        const earlier = op.filter;
        op.filter = (url: string) => !inline.has(inlineSheetName(url) ?? '') && (!earlier || earlier(url));
      }
    },
  };
}
