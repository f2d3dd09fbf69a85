// Builds the publish function's page renderer: templates/src/render with the templates' components
// and their styles, bundled into one ES module the function imports (Node under local-cloud, Deno on
// Supabase Edge). Sass and CSS modules cannot load outside webpack, hence a bundle; it is rebuilt
// when its inputs change, like the apps. The bundle and its types are generated (gitignored): the types
// from the renderer's sources by TypeScript (siteRendererTypes.mjs), so they cannot drift from them.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import webpack from 'webpack';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { moduleRules } from './createWebpackConfig.mjs';
import { inputsFingerprint } from './buildInputs.mjs';
import { repoRoot } from './repo.mjs';
import { writeSiteRendererTypes } from './siteRendererTypes.mjs';
import { buildShareCardEngine } from './shareCardEngine.mjs';
import { buildResumeEngine } from './resumeEngine.mjs';
import { splitStyles } from './siteStyles.mjs';
import { buildCartScript } from './cartScript.mjs';

const require = createRequire(import.meta.url);
const { swcMinify } = require('./swcMinify.cjs');
const outDir = path.join(repoRoot, 'supabase/functions/publish');
const SITE_RENDERER_FILE = path.join(outDir, 'siteRenderer.generated.mjs');
const SITE_RENDERER_TYPES = path.join(outDir, 'siteRenderer.generated.d.mts');
const TYPES_DIR = path.join(outDir, 'siteRenderer.types');
const STAMP_FILE = path.join(repoRoot, 'node_modules/.cache/site-renderer.stamp');
const INPUTS = { dir: 'templates' };

/** @returns {import('webpack').Configuration} */
function config(buildDir, cart) {
  const rules = moduleRules({ production: true, appName: 'site' }).map((rule) =>
    // Pictures and the sample resume travel inside the page as data URLs: a page has no asset host.
    String(rule.type).startsWith('asset') ? { ...rule, type: 'asset/inline', resourceQuery: undefined } : rule,
  );
  return {
    mode: 'production',
    devtool: false,
    context: repoRoot,
    // The web build of react-dom/server: no Node built-ins, so the same file runs on Deno.
    target: ['web', 'es2022'],
    entry: path.join(repoRoot, 'templates/src/render/index.ts'),
    experiments: { outputModule: true },
    output: { path: buildDir, filename: 'renderer.mjs', module: true, library: { type: 'module' }, chunkFormat: 'module' },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      modules: ['node_modules', path.join(repoRoot, 'node_modules')],
      alias: { 'react-dom/server$': require.resolve('react-dom/server.browser') },
    },
    module: { rules },
    // The apps' minifier (tooling/swcMinify.cjs), one pass as webpack's default Terser made; in this
    // process, since a child process for one file costs only its start.
    optimization: {
      splitChunks: false,
      minimize: true,
      minimizer: [new TerserPlugin({ parallel: false, minify: swcMinify, terserOptions: { compress: { passes: 1 }, mangle: true } })],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: 'site.css' }),
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      // The cart script a page that sells stores beside itself (templates/src/forms/cart/cartFile.ts).
      new webpack.DefinePlugin({
        FOLIOFORGE_CART_SCRIPT: JSON.stringify({
          name: cart.name,
          source: `data:text/javascript;base64,${Buffer.from(cart.code).toString('base64')}`,
        }),
      }),
    ],
    performance: { hints: false },
  };
}

function compile(buildDir, cart) {
  return new Promise((resolve, reject) => {
    webpack(config(buildDir, cart), (error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve(undefined);
    });
  });
}

/** Builds the renderer when templates, shared code or tooling changed since the last build. */
export async function buildSiteRenderer({ force = false, log = console.log } = {}) {
  // The publish function draws each page's share card and icons with the share card engine too.
  await buildShareCardEngine({ log });
  // …and makes the page's résumé PDF with the résumé engine.
  await buildResumeEngine({ log });
  const fingerprint = inputsFingerprint(INPUTS);
  const current =
    fs.existsSync(SITE_RENDERER_FILE) &&
    fs.existsSync(SITE_RENDERER_TYPES) &&
    fs.existsSync(STAMP_FILE) &&
    fs.readFileSync(STAMP_FILE, 'utf8') === fingerprint;
  if (current && !force) return false;
  const started = Date.now();
  fs.mkdirSync(path.dirname(STAMP_FILE), { recursive: true });
  const buildDir = fs.mkdtempSync(path.join(repoRoot, 'node_modules/.cache/site-renderer-'));
  try {
    // First the cart: over its size budget, the build stops here.
    const cart = await buildCartScript();
    log(`  the cart script ${cart.name}: ${(cart.gzipBytes / 1024).toFixed(1)} KB gzip (budget 10 KB)`);
    await compile(buildDir, cart);
    const js = fs.readFileSync(path.join(buildDir, 'renderer.mjs'), 'utf8');
    const css = fs.existsSync(path.join(buildDir, 'site.css')) ? fs.readFileSync(path.join(buildDir, 'site.css'), 'utf8') : '';
    // One file: the renderer and the templates' styles, split into the rules a page picks from.
    // Deno reads the declarations beside it through @ts-self-types (TypeScript finds the .d.mts itself).
    const banner =
      '// Generated by tooling/siteRenderer.mjs from templates/src; do not edit.\n/* @ts-self-types="./siteRenderer.generated.d.mts" */\n';
    fs.writeFileSync(SITE_RENDERER_FILE, `${banner}${js}\nexport const SITE_STYLES = ${JSON.stringify(splitStyles(css))};\n`);
    const entryTypes = path.relative(outDir, path.join(TYPES_DIR, 'templates/src/render/index.d.ts')).split(path.sep).join('/');
    const cssDeclaration =
      `import type { StyleRule } from './${entryTypes}';\n` +
      "/** The templates' styles, split into rules: a page inlines the ones that can match it. */\n" +
      'export declare const SITE_STYLES: readonly StyleRule[];\n';
    const declarations = writeSiteRendererTypes(TYPES_DIR, SITE_RENDERER_TYPES, cssDeclaration);
    fs.writeFileSync(
      SITE_RENDERER_TYPES,
      `// Generated by tooling/siteRenderer.mjs from templates/src/render; do not edit.\n${declarations}`,
    );
    fs.writeFileSync(STAMP_FILE, fingerprint);
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
  }
  log(`  built the site renderer in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
