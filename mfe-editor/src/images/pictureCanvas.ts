// Drawing and encoding a decoded photo: in the image worker (imageWorker.ts) with OffscreenCanvas, or
// on the page where a browser has no worker canvas. Imports nothing shared: the worker is bundled on
// its own, without the federation's shared modules.
import type { ImageFormat, ImageSize } from '@folioforge/shared';
import { ImagePreparationError } from './imagePreparationError';

type Canvas = OffscreenCanvas | HTMLCanvasElement;
type Context = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

const MIME: Readonly<Record<ImageFormat, string>> = { webp: 'image/webp', jpeg: 'image/jpeg' };

function canvasOf(size: ImageSize): Canvas {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(size.width, size.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
}

function contextOf(canvas: Canvas, format: ImageFormat): Context {
  const context = canvas.getContext('2d') as Context | null;
  if (!context) throw new ImagePreparationError('This browser cannot resize pictures.');
  // JPEG has no transparency: drawn on white, not on black.
  if (format === 'jpeg') {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  return context;
}

async function toBlob(canvas: Canvas, format: ImageFormat, quality: number): Promise<Blob> {
  const type = MIME[format];
  const blob =
    'convertToBlob' in canvas
      ? await canvas.convertToBlob({ type, quality })
      : await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  if (!blob) throw new ImagePreparationError('The picture could not be encoded.');
  // A browser that cannot encode the type quietly answers PNG.
  if (blob.type !== type) throw new ImagePreparationError('This browser cannot encode the picture.');
  return blob;
}

/** Decodes a chosen file, its EXIF orientation applied. */
export async function decodePicture(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new ImagePreparationError('The picture could not be read: it may be damaged, or in a format this browser does not open.');
  }
}

/** Whether this browser's canvas encodes WebP (Safari before 17 quietly answers PNG instead). */
export function canEncodeWebp(): Promise<boolean> {
  const probe = canvasOf({ width: 1, height: 1 });
  // A canvas encodes nothing before it has a context.
  contextOf(probe, 'webp').fillRect(0, 0, 1, 1);
  return toBlob(probe, 'webp', 0.8).then(
    () => true,
    () => false,
  );
}

/** `source` drawn at `size` and encoded. */
export function encodePicture(source: CanvasImageSource, size: ImageSize, format: ImageFormat, quality: number): Promise<Blob> {
  const canvas = canvasOf(size);
  contextOf(canvas, format).drawImage(source, 0, 0, size.width, size.height);
  return toBlob(canvas, format, quality);
}

/** A sample is this much narrower and lower than the picture it stands for: a sixteenth of its area. */
export const SAMPLE_DIVISOR = 4;

/**
 * What `source` would weigh drawn at `size` and encoded, foreseen from a sample a sixteenth its
 * area: four tiles from the middles of its quarters, at the scale of `size`, side by side. Encoding
 * the sample costs a sixteenth of encoding the picture; a real photo's detail is spread enough for
 * the tiles to weigh as their share of it.
 */
export async function foreseeBytes(
  source: { width: number; height: number } & CanvasImageSource,
  size: ImageSize,
  format: ImageFormat,
  quality: number,
): Promise<number> {
  const tile = {
    width: Math.max(1, Math.floor(size.width / (2 * SAMPLE_DIVISOR))),
    height: Math.max(1, Math.floor(size.height / (2 * SAMPLE_DIVISOR))),
  };
  const canvas = canvasOf({ width: tile.width * 2, height: tile.height * 2 });
  const context = contextOf(canvas, format);
  const scale = source.width / size.width;
  for (const [column, row] of [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ] as const) {
    // The tile's place in the picture drawn at `size`: the middle of this quarter.
    const x = (size.width / 4) * (1 + 2 * column) - tile.width / 2;
    const y = (size.height / 4) * (1 + 2 * row) - tile.height / 2;
    context.drawImage(
      source,
      x * scale,
      y * scale,
      tile.width * scale,
      tile.height * scale,
      column * tile.width,
      row * tile.height,
      tile.width,
      tile.height,
    );
  }
  const blob = await toBlob(canvas, format, quality);
  return (blob.size * (size.width * size.height)) / (canvas.width * canvas.height);
}
