// The cart script's entry (built by tooling/cartScript.mjs into one file the publish function stores
// beside a page that sells, loaded with `defer`: it runs once the page is parsed).
import { startCart } from './cartPage';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
startCart(document, { storage: storage(), returning: navigation?.type === 'back_forward' });
