// Photos made in the browser for tests, never downloaded: soft gradients and shapes under per-pixel
// noise (like a camera's), encoded by Chromium's canvas at about the size asked for.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';

/** In the page: a photo-like picture (soft gradients and shapes under per-pixel noise) encoded as `type`. */
export async function makePhotoInPage(
  page: Page,
  width: number,
  height: number,
  type: 'image/jpeg' | 'image/png',
  targetBytes: number,
  transparentCorner = false,
) {
  return page.evaluate(
    async ({ width, height, type, targetBytes, transparentCorner }) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      const sky = context.createLinearGradient(0, 0, width, height);
      sky.addColorStop(0, '#4a78b5');
      sky.addColorStop(0.5, '#e7c9a0');
      sky.addColorStop(1, '#2f5a3a');
      context.fillStyle = sky;
      context.fillRect(0, 0, width, height);
      let seed = 7;
      const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
      for (let i = 0; i < 60; i++) {
        context.fillStyle = `hsla(${Math.floor(random() * 360)}, 55%, ${30 + random() * 40}%, 0.6)`;
        context.beginPath();
        context.arc(random() * width, random() * height, 40 + random() * width * 0.15, 0, Math.PI * 2);
        context.fill();
      }
      const base = context.getImageData(0, 0, width, height);
      // Sensor noise: the amplitude is raised until the encoded file weighs about the target.
      const encodeWithNoise = async (amplitude: number) => {
        const noisy = new ImageData(new Uint8ClampedArray(base.data), width, height);
        const data = noisy.data;
        for (let p = 0; p < data.length; p += 4) {
          const n = (random() - 0.5) * amplitude;
          data[p] = data[p]! + n + (random() - 0.5) * amplitude * 0.5;
          data[p + 1] = data[p + 1]! + n;
          data[p + 2] = data[p + 2]! + n + (random() - 0.5) * amplitude * 0.5;
        }
        if (transparentCorner) for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) data[(y * width + x) * 4 + 3] = 0;
        context.putImageData(noisy, 0, 0);
        return canvas.convertToBlob({ type, quality: 0.92 });
      };
      // Each encode of a large photo costs about a second: the next amplitude is where the line through
      // the nearest sizes below and above the target crosses it, or, with only one side known, scaled by
      // the square of how far off the size was (a size grows slower than the noise). A size no amplitude
      // gives (a PNG over it even nearly noise-free) ends the search early, at the last size made.
      let low = { amplitude: 0, size: NaN };
      let high = { amplitude: 160, size: NaN };
      let amplitude = 48;
      let blob = await encodeWithNoise(amplitude);
      for (let step = 0; step < 7 && Math.abs(blob.size - targetBytes) > targetBytes * 0.08; step++) {
        if (blob.size < targetBytes) low = { amplitude, size: blob.size };
        else high = { amplitude, size: blob.size };
        if (high.amplitude - low.amplitude < 1) break;
        amplitude =
          Number.isNaN(low.size) || Number.isNaN(high.size)
            ? Math.min(160, amplitude * (targetBytes / blob.size) ** 2)
            : low.amplitude + ((targetBytes - low.size) * (high.amplitude - low.amplitude)) / (high.size - low.size);
        blob = await encodeWithNoise(amplitude);
      }
      (globalThis as unknown as { photo: Blob }).photo = blob;
      return { bytes: blob.size, type: blob.type };
    },
    { width, height, type, targetBytes, transparentCorner },
  );
}

/** A photo made in `page` as the bytes of a file, to choose in a file picker. */
async function photoFile(page: Page, width: number, height: number, targetBytes: number): Promise<Buffer> {
  await makePhotoInPage(page, width, height, 'image/jpeg', targetBytes);
  const base64 = await page.evaluate(async () => {
    const bytes = new Uint8Array(await (globalThis as unknown as { photo: Blob }).photo.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** Writes photos made by Chromium's canvas to files, in a page of their own: `[path, width, height, bytes]` each. */
export async function writePhotoFiles(browser: Browser, photos: readonly (readonly [string, number, number, number])[]): Promise<void> {
  const maker = await browser.newPage();
  try {
    // tsx names the functions it compiles with a helper (`__name`) that the page lacks.
    await maker.addInitScript('globalThis.__name = (fn) => fn;');
    await maker.goto('data:text/html,<!doctype html><title>photo</title>');
    for (const [file, width, height, bytes] of photos) fs.writeFileSync(file, await photoFile(maker, width, height, bytes));
  } finally {
    await maker.close();
  }
}
