// The cart script as the renderer's bundle holds it: tooling/siteRenderer.mjs builds it first
// (tooling/cartScript.mjs) and defines FOLIOFORGE_CART_SCRIPT in the bundle. Outside that bundle (the
// editor, unit tests) there is none, and pages render without it.

/** The built cart: its file name (with its content hash) and its bytes as a data: URL. */
export interface CartScriptFile {
  name: string;
  source: string;
}

declare const FOLIOFORGE_CART_SCRIPT: CartScriptFile | undefined;

export function cartScriptFile(): CartScriptFile | undefined {
  if (typeof FOLIOFORGE_CART_SCRIPT !== 'undefined') return FOLIOFORGE_CART_SCRIPT;
  // A unit test may give one (globalThis), to see the page name it.
  return (globalThis as { FOLIOFORGE_CART_SCRIPT?: CartScriptFile }).FOLIOFORGE_CART_SCRIPT;
}
