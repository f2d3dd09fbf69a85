// A page rendered ahead (tooling/prerender.mjs) carries the stylesheets its screen loaded inline, one
// <style data-href="chunks/<name>.<hash>.css"> each: the path webpack's CSS chunk loader names a sheet
// by, the same on every host the build is served from. A loader that finds a sheet already there by
// that name adds no <link>, whose arrival would restyle the whole page while the app starts.

/**
 * The name a stylesheet's address carries inline, or undefined for one that is not a CSS chunk.
 * @param {string} url
 */
export function inlineSheetName(url) {
  return /chunks\/[^/]+\.css$/.exec(new URL(url, 'http://host.invalid').pathname)?.[0];
}

/** The names of the sheets the page carries inline. */
export function inlineSheetNames() {
  return new Set(
    Array.from(document.querySelectorAll('style[data-href]'), (style) => style.getAttribute('data-href') ?? '').filter(Boolean),
  );
}
