// The webpack setup every app shares: the shell (host) and the five remotes differ only in
// name, port and what they expose. Modelled on module-federation-examples' host/remote configs.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import ReactRefreshWebpackPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import { createRuntimeConfig } from './appConfig.mjs';
import { publishedSiteHandler } from './publishedSites.mjs';
import { APPS } from './ports.mjs';

const require = createRequire(import.meta.url);
const { swcMinify } = require('./swcMinify.cjs');
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const rootDeps = require('../shared/package.json').dependencies;
const sharedVersion = require('../shared/package.json').version;
const templatesVersion = require('../templates/package.json').version;

/**
 * The federation singletons (docs/ARCHITECTURE.md): one React, one router, one store, one Supabase client per page.
 * A remote states the versions it was built against, and the runtime warns when the page's copy does not
 * satisfy them (a remote deployed beside an older or newer shell). The shell itself provides the copies
 * the page uses and states none: checked against its own package.json, its own copies always pass, and
 * the check (a semver parse with fresh regular expressions, per package) took 5–15 ms of /design's start in CPU profiles.
 * @param {{ host: boolean }} app
 */
function sharedSingletons({ host }) {
  const requiredVersion = (range) => (host ? false : range);
  const singleton = (pkg) => ({ singleton: true, requiredVersion: requiredVersion(rootDeps[pkg]), strictVersion: false });
  return {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    'react-router-dom': singleton('react-router-dom'),
    zustand: singleton('zustand'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    '@supabase/supabase-js': singleton('@supabase/supabase-js'),
    // The workspace package, with an explicit version: `workspace:*` would not resolve at run time.
    '@folioforge/shared': { singleton: true, version: sharedVersion, requiredVersion: requiredVersion(`^${sharedVersion}`) },
    '@folioforge/shared/': { singleton: true, version: sharedVersion, requiredVersion: requiredVersion(`^${sharedVersion}`) },
    '@folioforge/templates': { singleton: true, version: templatesVersion, requiredVersion: requiredVersion(`^${templatesVersion}`) },
  };
}

/**
 * Development TypeScript: Babel, for React Fast Refresh's transform (an edit keeps the page's state);
 * esbuild cannot register components for it. Browsers in development are current, so no preset-env.
 */
const fastRefreshLoader = {
  loader: require.resolve('babel-loader'),
  options: {
    babelrc: false,
    configFile: false,
    cacheDirectory: path.join(repoRoot, 'node_modules/.cache/babel-loader'),
    presets: [
      [require.resolve('@babel/preset-react'), { runtime: 'automatic', development: true }],
      require.resolve('@babel/preset-typescript'),
    ],
    plugins: [require.resolve('react-refresh/babel')],
  },
};

/**
 * How each kind of source file is loaded: TypeScript through esbuild (Babel with Fast Refresh on the
 * dev server), Sass modules with scoped class names, assets as files. Also used by scripts that build
 * a page outside an app (template previews).
 */
export function moduleRules({ production, appName, fastRefresh = false }) {
  const styleLoader = production ? MiniCssExtractPlugin.loader : require.resolve('style-loader');
  const sassLoader = {
    loader: require.resolve('sass-loader'),
    options: { sassOptions: { style: production ? 'compressed' : 'expanded', loadPaths: [path.join(repoRoot, 'node_modules')] } },
  };
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      use: fastRefresh
        ? fastRefreshLoader
        : { loader: require.resolve('esbuild-loader'), options: { target: 'es2020', jsx: 'automatic', jsxDev: !production } },
    },
    {
      test: /\.module\.scss$/,
      use: [
        styleLoader,
        {
          loader: require.resolve('css-loader'),
          options: {
            modules: {
              namedExport: false,
              exportLocalsConvention: 'as-is',
              localIdentName: production ? `${appName}_[hash:base64:6]` : '[name]__[local]',
            },
          },
        },
        sassLoader,
      ],
    },
    { test: /\.scss$/, exclude: /\.module\.scss$/, use: [styleLoader, require.resolve('css-loader'), sassLoader] },
    { test: /\.css$/, use: [styleLoader, require.resolve('css-loader')] },
    // `?inline`: the file travels inside the chunk as a data URL (a first screen's LCP picture, which
    // then needs no request of its own after the script that shows it).
    { test: /\.(png|jpe?g|gif|webp|svg)$/i, resourceQuery: /inline/, type: 'asset/inline' },
    { test: /\.(png|jpe?g|gif|webp|svg|pdf|woff2?)$/i, resourceQuery: { not: [/inline/] }, type: 'asset/resource' },
  ];
}

/**
 * Entry file names with a content hash. While webpack 5.111 hashes runtime modules, the federation
 * runtime asks for this name before the hash exists (module-federation/core#5077); it only needs the
 * folder then, so it gets the name without the hash, which lives in the same folder.
 */
function contentHashedEntryName(pathData) {
  return pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js';
}

/** The same for chunks: a worker's chunk is an entry of its own, with the federation runtime in it. */
function contentHashedChunkName(pathData) {
  return pathData.chunk?.contentHash?.javascript ? 'chunks/[name].[contenthash:8].js' : 'chunks/[name].js';
}

/**
 * Where the built app will be served from, given at build time as PUBLIC_URL (e.g.
 * `https://cdn.example.com/content/1.4.0/`): every asset is then loaded from under that versioned path.
 * Without it, 'auto': chunks load from wherever remoteEntry.js was served.
 */
function publicUrlFromEnv(value = process.env.PUBLIC_URL) {
  if (!value) return undefined;
  const absolute = /^https?:\/\/[^/]+\//.test(value) || value.startsWith('/');
  if (!absolute || !value.endsWith('/')) {
    throw new Error(`PUBLIC_URL must be an absolute URL or path ending in '/' (e.g. https://cdn.example.com/content/1.4.0/), not ${value}`);
  }
  return value;
}

/** Text assets worth sending compressed; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(m?js|css|html|json|svg|webmanifest)$/;

/** Brotli and gzip copies beside each text asset, which the server picks by Accept-Encoding, as a CDN does. */
function precompressedCopies() {
  return [
    new CompressionPlugin({
      test: COMPRESSIBLE,
      filename: '[path][base].br',
      // The plugin's defaults for both are the highest levels: built once, sent many times.
      algorithm: 'brotliCompress',
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      test: COMPRESSIBLE,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      minRatio: 0.9,
    }),
  ];
}

/**
 * Code every page runs as it starts: the federation runtime and start-up (the entry chunks), React's
 * renderer, the router and the main entries of the two workspace libraries every screen renders
 * through (their other entries, such as the functions' contracts or the standalone page, load on demand).
 */
const RUNS_ON_LOAD_PACKAGES = /[\\/]node_modules[\\/](react-dom|react-router|react-router-dom|@remix-run[\\/]router)[\\/]/;
const RUNS_ON_LOAD_ENTRIES = ['shared', 'templates'].map((workspace) => path.join(repoRoot, workspace, 'src', 'index.ts'));
const runsOnLoad = (resource) => RUNS_ON_LOAD_PACKAGES.test(resource) || RUNS_ON_LOAD_ENTRIES.includes(resource);

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, v8.dev/blog/explicit-compile-hints) on
 * the chunks holding that code. V8 otherwise compiles a function on the main thread the first time it
 * is called, and webpack's module factories are all functions. With the hint a streamed script's
 * functions compile with it, on a background thread, while it downloads: /design's load takes ~60 ms
 * less of the main thread's CPU (~240 ms on a phone at 4×). Only these chunks: the hint compiles every
 * function in a file, called or not.
 */
class CompileOnLoadHintPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileOnLoadHintPlugin', (compilation) => {
      // After minifying (which drops comments), before the content hashes and the compressed copies.
      compilation.hooks.processAssets.tap({ name: 'CompileOnLoadHintPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING }, () => {
        for (const chunk of compilation.chunks) {
          if (!chunk.hasRuntime() && !holdsCodeRunOnLoad(compilation.chunkGraph.getChunkModulesIterable(chunk))) continue;
          for (const file of chunk.files) {
            if (!/\.m?js$/.test(file)) continue;
            compilation.updateAsset(file, (source) => new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source));
          }
        }
      });
    });
  }
}

/** @param {Iterable<import('webpack').Module>} modules */
function holdsCodeRunOnLoad(modules) {
  for (const module of modules) {
    // A concatenated module is several source files in one.
    const parts = /** @type {{ modules?: import('webpack').Module[] }} */ (module).modules ?? [module];
    for (const part of parts) {
      const resource = 'resource' in part ? part.resource : undefined;
      if (typeof resource === 'string' && runsOnLoad(resource)) return true;
    }
  }
  return false;
}

/** Copies the files of an app's public/ folder (favicon, web manifest icons) to the root of its build. */
class CopyPublicFilesPlugin {
  /** @param {string} dir */
  constructor(dir) {
    this.dir = dir;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CopyPublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CopyPublicFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const name of fs.readdirSync(this.dir)) {
          const file = path.join(this.dir, name);
          compilation.fileDependencies.add(file);
          compilation.emitAsset(name, new sources.RawSource(fs.readFileSync(file)));
        }
      });
    });
  }
}

/**
 * @param {object} app
 * @param {string} app.dir       absolute folder of the app
 * @param {string} app.key       the app's key in the apps table (shared/src/contracts/appsTable.mjs),
 *                               which gives its federation name and dev-server port
 * @param {string} app.title     page title when the app is opened alone
 * @param {Record<string,string>} [app.exposes]  federated modules (remotes only)
 * @param {string[]} [app.runtimePlugins]        MF runtime plugins (absolute paths)
 * @param {string} [app.startupScript]           JavaScript inlined at the top of the page, before the app's scripts
 */
export function createWebpackConfig(options) {
  const entry = APPS.find((candidate) => candidate.key === options.key);
  if (!entry) throw new Error(`${options.key} is not in the apps table`);
  const app = { ...options, name: entry.name, port: entry.port };
  return (env, argv) => {
    const production = argv.mode !== 'development';
    // `webpack serve` passes env.WEBPACK_SERVE; a development build to disk has no server to refresh from.
    const fastRefresh = !production && Boolean(env?.WEBPACK_SERVE);
    const devHost = process.env.FOLIOFORGE_DEV_HOST ?? 'localhost';
    const devPort = Number(process.env.FOLIOFORGE_DEV_PORT) || app.port;
    const outDir = process.env.FOLIOFORGE_OUT_DIR ? path.resolve(process.env.FOLIOFORGE_OUT_DIR) : path.join(app.dir, 'dist');
    const publicUrl = production ? publicUrlFromEnv() : undefined;
    // FOLIOFORGE_UNMINIFIED=1: a production build left unminified and without compressed copies, for a
    // browser test of where a release's files load from (e2e/support/builds.ts), which serves it once.
    // Minifying is most of a build's CPU; every build visitors download is minified.
    const unminified = production && process.env.FOLIOFORGE_UNMINIFIED === '1';
    const publicDir = path.join(app.dir, 'public');
    const hasPublicFiles = fs.existsSync(publicDir);
    return {
      mode: production ? 'production' : 'development',
      context: app.dir,
      entry: { main: './src/index.ts' },
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: outDir,
        // 'auto': chunks load from wherever remoteEntry.js was served, so a remote can move hosts;
        // PUBLIC_URL pins them to one versioned address. A dev server's address is known, and an
        // explicit one spares the manifest its guesswork.
        publicPath: fastRefresh ? `http://${devHost}:${devPort}/` : (publicUrl ?? 'auto'),
        uniqueName: app.name,
        filename: production ? contentHashedEntryName : '[name].js',
        chunkFilename: production ? contentHashedChunkName : 'chunks/[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        clean: true,
      },
      // The repo's node_modules too, so an app folder copied elsewhere (e2e's rebuilt remote) still builds.
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        modules: ['node_modules', path.join(repoRoot, 'node_modules')],
        alias: fastRefresh ? { 'react-refresh/runtime$': path.join(repoRoot, 'tooling/dev/pageReactRefreshRuntime.cjs') } : {},
      },
      module: {
        rules: moduleRules({ production, appName: app.name, fastRefresh }),
        // A worker a remote starts inside the shell's page (another origin) goes through CrossOriginWorker.
        parser: { javascript: { worker: ['CrossOriginWorker from ./crossOriginWorker', '...'] } },
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          filename: 'remoteEntry.js',
          exposes: app.exposes ?? {},
          remotes: {},
          shared: sharedSingletons({ host: app.key === 'shell' }),
          manifest: true,
          // One dead remote must not stop the shell from starting.
          shareStrategy: 'loaded-first',
          runtimePlugins: app.runtimePlugins ?? [],
          dts: false,
        }),
        new HtmlWebpackPlugin({
          template: path.join(repoRoot, 'tooling/index.html'),
          title: app.title,
          chunks: ['main'],
          // The HTML is served at the root of its origin; an absolute src keeps deep links such as
          // /auth/callback working (with publicPath 'auto' the tag would be relative to the route).
          publicPath: publicUrl ?? '/',
          // Icons stay at the site root beside the HTML, where browsers look for /favicon.ico.
          templateParameters: { icons: hasPublicFiles, startupScript: app.startupScript ?? '' },
        }),
        ...(hasPublicFiles ? [new CopyPublicFilesPlugin(publicDir)] : []),
        // Its runtime is namespaced by output.uniqueName, so the shell and each remote refresh on their own.
        ...(fastRefresh ? [new ReactRefreshWebpackPlugin({ overlay: false, exclude: [/node_modules/, /tooling[\\/]dev[\\/]/] })] : []),
        ...(production
          ? [
              new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: 'chunks/[name].[contenthash:8].css' }),
              new CompileOnLoadHintPlugin(),
              ...(unminified ? [] : precompressedCopies()),
            ]
          : []),
      ],
      optimization: {
        minimize: production && !unminified,
        // Files shipped already minified (pdf.js's worker, emitted as `*.min.<hash>.mjs`) are left as they are.
        // SWC minifies (tooling/swcMinify.cjs); the plugin still runs it in a child process and writes the
        // licence files.
        minimizer: [
          new TerserPlugin({
            exclude: /\.min\.[0-9a-f]{8}\.m?js$/,
            minify: swcMinify,
            terserOptions: { compress: { passes: 2 }, mangle: true },
          }),
        ],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
      devServer: {
        // Loopback only: a dev server on every interface would serve the work in progress to the network.
        host: devHost,
        port: devPort,
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        setupMiddlewares(middlewares, devServer) {
          // /app-config.json for the shell, or for a remote run alone on its own dev server.
          const appConfig = () =>
            process.env.FOLIOFORGE_APP_CONFIG ? JSON.parse(process.env.FOLIOFORGE_APP_CONFIG) : createRuntimeConfig();
          devServer.app.get('/app-config.json', (_req, res) => {
            res.json(appConfig());
          });
          // Published pages, as npm start serves them: /p/<slug> from local-cloud's Storage.
          if (options.key === 'shell') {
            const sites = publishedSiteHandler({ storageUrl: () => appConfig().supabaseUrl });
            devServer.app.use('/p', (req, res) => void sites(req, res, `/p${new URL(req.url ?? '/', 'http://dev').pathname}`));
          }
          return middlewares;
        },
      },
    };
  };
}
