// The apps' minifier for terser-webpack-plugin: SWC's, which takes a fifth of Terser's CPU (passes: 2)
// for files a visitor downloads at most 1 % larger gzipped, most a little smaller. Licence comments go
// to `<file>.LICENSE.txt` behind a banner, as the plugin does with Terser (its own swcMinify drops
// them): read from the file before minifying (acorn), since SWC drops some of those it should keep.
// terser-webpack-plugin runs this function from its source text, so it requires everything it uses.

/** @type {import('terser-webpack-plugin').MinimizerImplementation<import('@swc/core').JsMinifyOptions>} */
const swcMinify = async (input, sourceMap, options) => {
  if (sourceMap) throw new Error('tooling/swcMinify.cjs makes no source maps (production builds have none)');
  const file = Object.keys(input)[0] ?? '';
  const source = input[file] ?? '';
  const extractedComments = new Set();
  // The comments terser-webpack-plugin extracts by default ("some").
  if (/@preserve|@lic|@cc_on|\/[*/]\**!/i.test(source)) {
    const parse = (sourceType) =>
      require('acorn').parse(source, {
        ecmaVersion: 'latest',
        sourceType,
        allowHashBang: true,
        onComment(block, text) {
          if (/@preserve|@lic|@cc_on|^\**!/i.test(text)) extractedComments.add(block ? `/*${text}*/` : `//${text}`);
        },
      });
    try {
      parse(/\.mjs$/.test(file) ? 'module' : 'script');
    } catch {
      extractedComments.clear();
      parse('module');
    }
  }
  const { code } = await require('@swc/core').minify(source, { ...options, format: { ...options.format, comments: false } });
  return { code, extractedComments: [...extractedComments] };
};

swcMinify.getMinimizerVersion = () => `${require('@swc/core/package.json').version}+acorn${require('acorn/package.json').version}`;
// As the plugin's own swcMinify: SWC's native module runs in child processes, not worker threads.
swcMinify.supportsWorkerThreads = () => false;

module.exports = { swcMinify };
