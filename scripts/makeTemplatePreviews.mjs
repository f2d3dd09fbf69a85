// Renders each template's Preview with its sample values in Chromium and saves three catalog
// pictures per template into mfe-templates/src/screens/TemplateCollection/previews/template<id>-<n>.jpg.
// Run: node scripts/makeTemplatePreviews.mjs  (outputs are committed; rerun after changing a preview)
// Needs only what is installed: webpack (+ the repo's loaders) to build a tiny harness page, and
// playwright-core driving Debian's Chromium. No network.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tooling/chromium.mjs';
import { moduleRules } from '../tooling/createWebpackConfig.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(repoRoot, 'mfe-templates/src/screens/TemplateCollection/previews');
const MAX_BYTES = 60 * 1024;

// Viewport 1280×800 (the lg layout) shrunk to 800×500 pictures.
const VIEWPORT = { width: 1280, height: 800 };
const SCALE = 800 / 1280;

/** Three views per template: what each picture shows and how to get there. */
const SHOTS = {
  1: [
    { frame: 'page' },
    { frame: 'page', prepare: (page) => scrollToSection(page, 2) },
    { frame: 'phones', prepare: (page) => page.locator('[data-frame-index="1"]').getByRole('button', { name: 'Open menu' }).click() },
  ],
  2: [
    { frame: 'page' },
    { frame: 'page', prepare: (page) => scrollToSection(page, 2) },
    { frame: 'phones', prepare: (page) => page.locator('[data-frame-index="1"]').getByRole('button', { name: 'Open menu' }).click() },
  ],
  3: [
    { frame: 'page' },
    {
      frame: 'page',
      prepare: async (page) => {
        await page.getByRole('button', { name: 'Dark mode' }).click();
        await scrollToSection(page, 2);
      },
    },
    { frame: 'phones', prepare: (page) => page.locator('[data-frame-index="1"]').getByRole('button', { name: 'Dark mode' }).click() },
  ],
  4: [
    { frame: 'page' },
    { frame: 'tablet' },
    {
      frame: 'phones',
      prepare: (page) =>
        page.locator('[data-frame-index="1"]').evaluate((frame) => {
          frame.scrollTop = 420;
        }),
    },
  ],
};

async function scrollToSection(page, index) {
  await page.evaluate((n) => {
    const section = document.querySelectorAll('main section')[n];
    const header = document.querySelector('header');
    window.scrollTo(0, (section?.getBoundingClientRect().top ?? 0) + window.scrollY - (header?.offsetHeight ?? 0));
  }, index);
}

function buildHarness(buildDir) {
  const config = {
    mode: 'development',
    devtool: false,
    context: repoRoot,
    entry: path.join(repoRoot, 'scripts/template-previews/harness.tsx'),
    output: { path: buildDir, filename: 'harness.js', publicPath: '/', assetModuleFilename: 'assets/[name][ext]' },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'], modules: ['node_modules', path.join(repoRoot, 'node_modules')] },
    // The apps' own loaders, in development mode (style-loader, readable class names).
    module: { rules: moduleRules({ production: false, appName: 'preview' }) },
    plugins: [
      new HtmlWebpackPlugin({
        templateContent:
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>preview</title></head><body><div id="root"></div></body></html>',
      }),
    ],
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
  return new Promise((resolve, reject) => {
    webpack(/** @type {import('webpack').Configuration} */ (config), (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve(undefined);
    });
  });
}

function serve(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.pdf': 'application/pdf' };
  const server = http.createServer(async (req, res) => {
    // Any request it cannot read (`//`, a bad escape) is a 404, never an exception that ends the run.
    try {
      const pathname = decodeURIComponent(new URL(`http://x${req.url ?? '/'}`).pathname);
      const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
      if (!file.startsWith(dir)) return res.writeHead(403).end();
      const body = await fs.readFile(file);
      res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'folioforge-previews-'));
const buildDir = path.join(workDir, 'site');
const profileDir = path.join(workDir, 'profile');
let server;
let browser;
try {
  console.log('building the preview harness…');
  await buildHarness(buildDir);
  server = await serve(buildDir);
  const origin = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: VIEWPORT,
    deviceScaleFactor: SCALE,
    reducedMotion: 'reduce',
  });
  await fs.mkdir(outDir, { recursive: true });
  for (const [id, shots] of Object.entries(SHOTS)) {
    for (const [index, shot] of shots.entries()) {
      const page = await browser.newPage();
      await page.goto(`${origin}/?id=${id}&frame=${shot.frame}`);
      await page.waitForSelector('body[data-ready="true"]');
      await page.evaluate(() => Promise.all(Array.from(document.images, (img) => img.decode().catch(() => undefined))));
      if (shot.prepare) await shot.prepare(page);
      await page.waitForTimeout(150);
      const file = path.join(outDir, `template${id}-${index + 1}.jpg`);
      let quality = 72;
      let bytes = await page.screenshot({ type: 'jpeg', quality, scale: 'device' });
      while (bytes.length > MAX_BYTES && quality > 40) {
        quality -= 8;
        bytes = await page.screenshot({ type: 'jpeg', quality, scale: 'device' });
      }
      await fs.writeFile(file, bytes);
      console.log(`${path.relative(repoRoot, file)}  ${Math.round(bytes.length / 1024)} KB  (q${quality})`);
      await page.close();
    }
  }
} finally {
  await browser?.close();
  server?.close();
  await fs.rm(workDir, { recursive: true, force: true });
}
