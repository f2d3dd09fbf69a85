// A photo made fit for a page before it leaves the browser: decoded (its EXIF orientation applied),
// its longest side brought to at most 2560 px, re-encoded as WebP (JPEG where the browser cannot
// encode WebP) within the main file's budget, plus the narrower copies `srcset` needs, named as the
// publish function expects (@folioforge/shared's imageVariants). The work runs in image workers
// (pictures.ts), two side by side where the machine has the cores: one encodes the main file while
// the other encodes the copies, widest first, and whichever is free takes the next. Plain canvas, no
// library and no wasm: loaded on demand (loadImagePreparer.ts), so the editor's first load carries none of it.
import { fitWithin, IMAGE_MAIN_BUDGET_BYTES, variantSizes, type ImageFormat, type ImageSize } from '@folioforge/shared';
import { encodeWithinBudget } from './encodeWithinBudget';
import { savingText } from './imageSaving';
import { isPreparable } from './preparable';
import { canEncodeWebp as canvasEncodesWebp } from './pictureCanvas';
import { openPictures, type Picture } from './pictures';
import { ImagePreparationError, type PreparedFile, type PreparedImage } from './preparedUploads';
import { startImageWorker } from './startImageWorker';

export { isPreparable, PREPARED_TYPES } from './preparable';

/** Quality of the narrower copies (a copy is shown smaller, so its budget follows from its size). */
const VARIANT_QUALITY = 0.78;

/** Workers side by side: the main file and the copies take about as long each. */
const MAX_LANES = 2;

let webpSupport: Promise<boolean> | undefined;

/** Whether this browser's canvas encodes WebP (Safari before 17 quietly answers PNG instead); asked once. */
export function canEncodeWebp(): Promise<boolean> {
  webpSupport ??= canvasEncodesWebp();
  return webpSupport;
}

export interface PrepareOptions {
  budgetBytes?: number;
  /** 0 … 1 as the work goes on: decoding, the main file, each copy. */
  onProgress?: (fraction: number) => void;
  /** How the image worker starts (a browser test's own build of it); webpack's by default. */
  startWorker?: () => Worker;
}

const sizeKey = ({ width, height }: ImageSize) => `${width}x${height}`;

/** The photo resized and re-encoded, with its copies for `srcset`. */
export async function prepareImage(
  file: Blob,
  { budgetBytes = IMAGE_MAIN_BUDGET_BYTES, onProgress, startWorker = startImageWorker }: PrepareOptions = {},
): Promise<PreparedImage> {
  if (!isPreparable(file)) throw new ImagePreparationError('Only JPEG, PNG and WebP pictures are resized.');
  const format: ImageFormat = (await canEncodeWebp()) ? 'webp' : 'jpeg';
  const lanes = Math.max(1, Math.min(MAX_LANES, navigator.hardwareConcurrency || 1));
  const pictures = await openPictures(file, lanes, startWorker);
  try {
    const [first] = pictures as [Picture, ...Picture[]];
    const start = fitWithin(first.width, first.height);
    // The copies of the main file at its planned size; one made smaller to fit its budget has others.
    const planned = variantSizes(start);
    let mainDone = false;
    const copies = new Map<string, Blob>();
    const progress = () => onProgress?.(Math.min(1, 0.1 + (mainDone ? 0.5 : 0) + (0.4 * copies.size) / Math.max(1, planned.length)));
    onProgress?.(0.1);
    const queue = [...planned].reverse();
    const takeCopies = async (picture: Picture, sizes: ImageSize[]) => {
      for (let size = sizes.shift(); size; size = sizes.shift()) {
        copies.set(sizeKey(size), await picture.encode(size, format, VARIANT_QUALITY));
        progress();
      }
    };
    const encodeMain = async () => {
      const encoded = await encodeWithinBudget(
        start,
        budgetBytes,
        (size, quality) => first.encode(size, format, quality),
        (size, quality) => first.foresee(size, format, quality),
      );
      mainDone = true;
      progress();
      return encoded;
    };
    const [main] = await Promise.all([
      encodeMain().then(async (encoded) => {
        await takeCopies(first, queue);
        return encoded;
      }),
      ...pictures.slice(1).map((picture) => takeCopies(picture, queue)),
    ]);
    const sizes = variantSizes(main.size);
    const missing = sizes.filter((size) => !copies.has(sizeKey(size)));
    await takeCopies(first, missing);
    const variants: PreparedFile[] = sizes.map((size) => ({ ...size, blob: copies.get(sizeKey(size))! }));
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
    for (const picture of pictures) picture.close();
  }
}
