// A photo made fit for a page before it leaves the browser: decoded (its EXIF orientation applied),
// its longest side brought to at most 2560 px, re-encoded as WebP (JPEG where the browser cannot
// encode WebP) within the main file's budget, plus the narrower copies `srcset` needs, named as the
// publish function expects (@folioforge/shared's imageVariants). Plain canvas, no library and no
// wasm: loaded on demand (loadImagePreparer.ts), so the editor's first load carries none of it.
import { fitWithin, IMAGE_MAIN_BUDGET_BYTES, imageMimeType, variantSizes, type ImageFormat, type ImageSize } from '@folioforge/shared';
import { encodeWithinBudget } from './encodeWithinBudget';
import { savingText } from './imageSaving';
import { ImagePreparationError, type PreparedFile, type PreparedImage } from './preparedUploads';

/** Pictures worth preparing. A GIF keeps its animation and is stored as chosen. */
export const PREPARED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const isPreparable = (file: Pick<Blob, 'type'>) => (PREPARED_TYPES as readonly string[]).includes(file.type);

/** Quality of the narrower copies (a copy is shown smaller, so its budget follows from its size). */
const VARIANT_QUALITY = 0.78;

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(size: ImageSize): Canvas {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(size.width, size.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
}

function toBlob(canvas: Canvas, type: string, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new ImagePreparationError('The picture could not be encoded.'))), type, quality),
  );
}

let webpSupport: Promise<boolean> | undefined;

/** Whether this browser's canvas encodes WebP (Safari before 17 quietly answers PNG instead). */
export function canEncodeWebp(): Promise<boolean> {
  if (webpSupport) return webpSupport;
  const probe = canvasOf({ width: 1, height: 1 });
  // A canvas encodes nothing before it has a context.
  (probe.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null)?.fillRect(0, 0, 1, 1);
  webpSupport ??= toBlob(probe, 'image/webp', 0.8).then(
    (blob) => blob.type === 'image/webp',
    () => false,
  );
  return webpSupport;
}

/** `source` drawn at `size` and encoded; JPEG has no transparency, so it is drawn on white. */
async function encodeAt(source: ImageBitmap, size: ImageSize, format: ImageFormat, quality: number): Promise<Blob> {
  const canvas = canvasOf(size);
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) throw new ImagePreparationError('This browser cannot resize pictures.');
  if (format === 'jpeg') {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
  }
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
  const blob = await toBlob(canvas, imageMimeType(format), quality);
  if (blob.type !== imageMimeType(format)) throw new ImagePreparationError('This browser cannot encode the picture.');
  return blob;
}

export interface PrepareOptions {
  budgetBytes?: number;
  /** 0 … 1 as the work goes on: decoding, the main file, each copy. */
  onProgress?: (fraction: number) => void;
}

/** The photo resized and re-encoded, with its copies for `srcset`. */
export async function prepareImage(
  file: Blob,
  { budgetBytes = IMAGE_MAIN_BUDGET_BYTES, onProgress }: PrepareOptions = {},
): Promise<PreparedImage> {
  if (!isPreparable(file)) throw new ImagePreparationError('Only JPEG, PNG and WebP pictures are resized.');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new ImagePreparationError('The picture could not be read: it may be damaged, or in a format this browser does not open.');
  }
  try {
    onProgress?.(0.1);
    const format: ImageFormat = (await canEncodeWebp()) ? 'webp' : 'jpeg';
    const main = await encodeWithinBudget(fitWithin(bitmap.width, bitmap.height), budgetBytes, (size, quality) =>
      encodeAt(bitmap, size, format, quality),
    );
    onProgress?.(0.6);
    const sizes = variantSizes(main.size);
    const variants: PreparedFile[] = [];
    for (const size of sizes) {
      variants.push({ ...size, blob: await encodeAt(bitmap, size, format, VARIANT_QUALITY) });
      onProgress?.(0.6 + (0.4 * variants.length) / sizes.length);
    }
    onProgress?.(1);
    return {
      format,
      main: { ...main.size, blob: main.blob },
      variants,
      originalBytes: file.size,
      storedBytes: main.blob.size,
      saving: savingText(file.size, main.blob.size),
    };
  } finally {
    bitmap.close();
  }
}
