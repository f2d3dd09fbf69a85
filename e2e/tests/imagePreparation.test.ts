// Photos are made fit for a page in the browser before they are uploaded (mfe-editor/src/images):
// a generated 4000×3000 JPEG of about 5 MB, noisy like a real photo so it does not compress
// trivially, comes out as a WebP of at most 600 KB with its longest side at 2560 px, plus copies
// 640, 1280 and 1920 px wide, each decodable at its stated size, the work done in image workers while
// the page's thread stays free. The module runs in Debian's Chromium as the editor loads it, bundled
// on its own (the contract from @folioforge/shared), its worker bundled on its own too; a browser
// without workers prepares the photo on the page.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { makePhotoInPage } from '../support/photos';
import { repoRoot } from '../../tooling/repo.mjs';

/** What the page calls: mfe-editor/src/images/prepareImage.ts's prepareImage, as far as the test reads it. */
type PreparedFile = { width: number; height: number; blob: Blob };
type PrepareImage = (
  file: Blob,
  options: { onProgress: (fraction: number) => void; startWorker: () => Worker },
) => Promise<{ format: string; main: PreparedFile; variants: PreparedFile[]; originalBytes: number; saving: string }>;

interface Summary {
  format: string;
  originalBytes: number;
  originalType: string;
  main: { width: number; height: number; bytes: number; type: string; decoded: [number, number] };
  variants: { width: number; height: number; bytes: number; decoded: [number, number] }[];
  saving: string;
  progress: number[];
  seconds: number;
  /** The longest the page's thread was busy (a timer every 20 ms late by this much). */
  longestBusyMs: number;
  workersStarted: number;
  cornerAlpha?: number;
}

let browser: Browser;
let bundle: string;
let workerBundle: string;
let page: Page;
let errors: string[];

/**
 * A fresh page with the preparer loaded; `withoutWebp` makes its canvas answer PNG when asked for
 * WebP, as Safari before 17 does; `withoutWorkers` takes Worker away, as an old browser lacks it.
 */
async function openPage({ withoutWebp = false, withoutWorkers = false } = {}): Promise<void> {
  await page?.close();
  page = await browser.newPage();
  errors = trackPageErrors(page);
  // tsx names the functions it compiles with a helper (`__name`) that the page lacks.
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  if (withoutWorkers) await page.addInitScript('delete globalThis.Worker;');
  if (withoutWebp)
    await page.addInitScript(() => {
      const original = OffscreenCanvas.prototype.convertToBlob;
      OffscreenCanvas.prototype.convertToBlob = function (options) {
        return original.call(this, options?.type === 'image/webp' ? { ...options, type: 'image/png' } : options);
      };
    });
  await page.goto('data:text/html,<!doctype html><title>photo</title>');
  await page.addScriptTag({ content: bundle });
  await page.evaluate((source) => {
    (globalThis as unknown as { imageWorkerSource: string }).imageWorkerSource = source;
  }, workerBundle);
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  const built = await build({
    entryPoints: [path.join(repoRoot, 'mfe-editor/src/images/prepareImage.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'ImagePreparer',
    target: 'es2022',
    // Only the contract of @folioforge/shared: its index would bring React and the styles along.
    alias: { '@folioforge/shared': path.join(repoRoot, 'supabase/functions/_shared/imageVariants.ts') },
    logLevel: 'silent',
  });
  bundle = built.outputFiles[0]!.text;
  // The worker as webpack emits it for the editor: a script of its own, which the page starts from a blob:.
  const worker = await build({
    entryPoints: [path.join(repoRoot, 'mfe-editor/src/images/imageWorker.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    logLevel: 'silent',
  });
  workerBundle = worker.outputFiles[0]!.text;
  browser = workerBrowser;
  await openPage();
});

test.afterAll(async () => {
  await closeContexts(browser);
});

const makePhoto = (width: number, height: number, type: 'image/jpeg' | 'image/png', targetBytes: number, transparentCorner = false) =>
  makePhotoInPage(page, width, height, type, targetBytes, transparentCorner);

/** In the page: prepareImage on the photo made last, every output decoded again to read its size. */
function prepareInPage(): Promise<Summary> {
  return page.evaluate(async () => {
    const { prepareImage } = (globalThis as unknown as { ImagePreparer: { prepareImage: PrepareImage } }).ImagePreparer;
    const photo = (globalThis as unknown as { photo: Blob }).photo;
    const progress: number[] = [];
    let workersStarted = 0;
    const startWorker = () => {
      workersStarted += 1;
      const source = (globalThis as unknown as { imageWorkerSource: string }).imageWorkerSource;
      return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    };
    // A timer every 20 ms: how late it fires is how long the page's thread was busy.
    let longestBusyMs = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestBusyMs = Math.max(longestBusyMs, now - last - 20);
      last = now;
    }, 20);
    const started = performance.now();
    const prepared = await prepareImage(photo, { onProgress: (fraction) => progress.push(fraction), startWorker });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(timer);
    const decoded = async (blob: Blob): Promise<[number, number]> => {
      const bitmap = await createImageBitmap(blob);
      return [bitmap.width, bitmap.height];
    };
    const mainBitmap = await createImageBitmap(prepared.main.blob);
    const probe = new OffscreenCanvas(mainBitmap.width, mainBitmap.height).getContext('2d')!;
    probe.drawImage(mainBitmap, 0, 0);
    return {
      format: prepared.format,
      originalBytes: prepared.originalBytes,
      originalType: photo.type,
      main: {
        width: prepared.main.width,
        height: prepared.main.height,
        bytes: prepared.main.blob.size,
        type: prepared.main.blob.type,
        decoded: [mainBitmap.width, mainBitmap.height],
      },
      variants: await Promise.all(
        prepared.variants.map(async (variant) => ({
          width: variant.width,
          height: variant.height,
          bytes: variant.blob.size,
          decoded: await decoded(variant.blob),
        })),
      ),
      saving: prepared.saving,
      progress,
      seconds,
      longestBusyMs,
      workersStarted,
      cornerAlpha: probe.getImageData(2, 2, 1, 1).data[3],
    };
  });
}

test.describe('a photo prepared in the browser before upload', () => {
  test('a 4000×3000 JPEG of about 5 MB becomes a WebP of at most 600 KB, 2560 px wide, with three narrower copies', async () => {
    const photo = await makePhoto(4000, 3000, 'image/jpeg', 5 * 1024 * 1024);
    assert.equal(photo.type, 'image/jpeg');
    assert.ok(photo.bytes > 4.5 * 1024 * 1024 && photo.bytes < 5.6 * 1024 * 1024, `the generated photo weighs ${photo.bytes} bytes`);

    const result = await prepareInPage();
    console.log(
      `  ${result.saving} (main ${result.main.width}×${result.main.height}, copies ${result.variants.map((v) => `${v.width} px ${Math.round(v.bytes / 1024)} KB`).join(', ')}) in ${result.seconds.toFixed(1)} s, the page's thread busy ${result.longestBusyMs.toFixed(0)} ms at most`,
    );
    // In workers. How long the page's thread was busy is printed, not asserted: it is a speed figure (a
    // loaded CI machine read 292 ms, an idle one 2 ms, and the page alone without workers 75-91 ms).
    assert.ok(result.workersStarted >= 1);
    assert.equal(result.format, 'webp');
    assert.equal(result.main.type, 'image/webp');
    assert.ok(result.main.bytes <= 600 * 1024, `the stored photo weighs ${result.main.bytes} bytes`);
    assert.ok(Math.max(result.main.width, result.main.height) <= 2560);
    assert.ok(result.main.width >= 1600, 'the photo stays large enough for a wide screen');
    assert.deepEqual(result.main.decoded, [result.main.width, result.main.height]);
    assert.ok(Math.abs(result.main.width / result.main.height - 4 / 3) < 0.01, 'proportions kept');
    assert.deepEqual(
      result.variants.map((variant) => variant.width),
      [640, 1280, 1920].filter((width) => width < result.main.width),
    );
    for (const variant of result.variants) {
      assert.deepEqual(variant.decoded, [variant.width, variant.height]);
      assert.ok(variant.bytes < result.main.bytes, `the ${variant.width} px copy is lighter than the main file`);
    }
    assert.match(result.saving, /^5\.\d MB → \d{2,3} KB$|^4\.\d MB → \d{2,3} KB$/);
    assert.equal(result.progress.at(-1), 1);
    assert.deepEqual(
      [...result.progress].sort((a, b) => a - b),
      result.progress,
      'progress only moves forward',
    );
    assert.deepEqual(errors, []);
  });

  test('a transparent PNG keeps its transparency as WebP', async () => {
    await makePhoto(1200, 1600, 'image/png', 1.5 * 1024 * 1024, true);
    const result = await prepareInPage();
    assert.equal(result.format, 'webp');
    assert.deepEqual([result.main.width, result.main.height], [1200, 1600]);
    assert.deepEqual(
      result.variants.map((variant) => [variant.width, variant.height]),
      [[640, 853]],
    );
    assert.equal(result.cornerAlpha, 0, 'the transparent corner stays transparent');
  });

  test('a browser that cannot encode WebP gets JPEGs of the same sizes, transparency on white', async () => {
    await openPage({ withoutWebp: true });
    await makePhoto(2000, 1500, 'image/png', 1024 * 1024, true);
    const result = await prepareInPage();
    assert.equal(result.format, 'jpeg');
    assert.equal(result.main.type, 'image/jpeg');
    assert.deepEqual([result.main.width, result.main.height], [2000, 1500]);
    assert.deepEqual(
      result.variants.map((variant) => variant.decoded),
      [
        [640, 480],
        [1280, 960],
        [1920, 1440],
      ],
    );
    assert.equal(result.cornerAlpha, 255, 'JPEG has no transparency: the corner is drawn on white');
    assert.deepEqual(errors, []);
  });

  test('a browser without workers prepares the photo on the page, the same files', async () => {
    await openPage({ withoutWorkers: true });
    await makePhoto(4000, 3000, 'image/jpeg', 2 * 1024 * 1024);
    const result = await prepareInPage();
    assert.equal(result.workersStarted, 0);
    assert.equal(result.format, 'webp');
    assert.deepEqual([result.main.width, result.main.height], [2560, 1920]);
    assert.ok(result.main.bytes <= 600 * 1024, `the stored photo weighs ${result.main.bytes} bytes`);
    assert.deepEqual(
      result.variants.map((variant) => variant.decoded),
      [
        [640, 480],
        [1280, 960],
        [1920, 1440],
      ],
    );
    assert.deepEqual(errors, []);
  });
});
