// How an uploaded photo is stored, so the publish function can find every size of it without
// reading Storage or decoding a byte. The editor resizes and re-encodes a photo in the browser
// before upload (mfe-editor/src/images/): a main file whose longest side is at most 2560 px, plus
// narrower copies for `srcset`. All of them sit in the portfolio's folder of `portfolio-images`,
// named by one stem, their pixel size and their format:
//
//   <user id>/<portfolio id>/<stem>.<width>x<height>.<webp|jpg>     the main file: the row names it
//   <user id>/<portfolio id>/<stem>.<w>x<h>.<webp|jpg>              one per width of variantSizes()
//
// e.g. `photo-k3j9a2.2560x1707.webp`, `photo-k3j9a2.640x427.webp`, `photo-k3j9a2.1280x853.webp`,
// `photo-k3j9a2.1920x1280.webp`. The variants' sizes follow from the main file's by variantSizes()
// alone, so the name in the row is all a reader needs: `width`/`height` for the <img>, `srcset` from
// the variants. A name without a size (uploads from before, GIFs, which keep their animation) is a
// picture with no variants. Shared by the browser through @folioforge/shared.

/** The longest side a stored photo may have. */
export const IMAGE_MAX_SIDE = 2560;

/** Widths of the narrower copies, for `srcset`: phones, laptops, large screens. */
export const IMAGE_VARIANT_WIDTHS = [640, 1280, 1920] as const;

/** What the main file of a photo should weigh at most; the encoder lowers quality, then size, to get there. */
export const IMAGE_MAIN_BUDGET_BYTES = 600 * 1024;

export const IMAGE_FORMATS = ['webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const EXTENSION: Readonly<Record<ImageFormat, string>> = { webp: 'webp', jpeg: 'jpg' };
const MIME: Readonly<Record<ImageFormat, string>> = { webp: 'image/webp', jpeg: 'image/jpeg' };

export const imageMimeType = (format: ImageFormat) => MIME[format];

/** A stem: what newFilePath makes of the field and a random part (no dots, no slashes). */
const STEM = /^[A-Za-z0-9_-]{1,120}$/;
const SIZED_NAME = /^([A-Za-z0-9_-]{1,120})\.([1-9]\d{0,4})x([1-9]\d{0,4})\.(webp|jpg)$/;

/** A pixel size. */
export interface ImageSize {
  width: number;
  height: number;
}

/** One file of a stored photo: its path in `portfolio-images` and its pixel size. */
export interface StoredImageFile extends ImageSize {
  path: string;
}

/** A stored photo: the main file (the one a portfolio row names) and its narrower copies, narrowest first. */
export interface StoredImage extends StoredImageFile {
  format: ImageFormat;
  variants: StoredImageFile[];
}

/** The longest side within IMAGE_MAX_SIDE, the proportions kept (never enlarged). */
export function fitWithin(width: number, height: number, maxSide: number = IMAGE_MAX_SIDE): ImageSize {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The narrower copies a main file of this size has: each variant width below its own, in order. */
export function variantSizes(main: ImageSize): ImageSize[] {
  return IMAGE_VARIANT_WIDTHS.filter((width) => width < main.width).map((width) => ({
    width,
    height: Math.max(1, Math.round((main.height * width) / main.width)),
  }));
}

/** A file's name in the folder: `<stem>.<width>x<height>.<ext>`. */
export function imageFileName(stem: string, size: ImageSize, format: ImageFormat): string {
  if (!STEM.test(stem)) throw new TypeError(`not a file stem: ${JSON.stringify(stem)}`);
  return `${stem}.${size.width}x${size.height}.${EXTENSION[format]}`;
}

/** Every file of a photo stored under `folder` (`<user id>/<portfolio id>`) with this stem and main size. */
export function storedImageFor(folder: string, stem: string, main: ImageSize, format: ImageFormat): StoredImage {
  const file = ({ width, height }: ImageSize) => ({
    path: `${folder ? `${folder}/` : ''}${imageFileName(stem, { width, height }, format)}`,
    width,
    height,
  });
  return { ...file(main), format, variants: variantSizes(main).map(file) };
}

/**
 * The photo a stored path names, with the paths and sizes of its variants; null for a name without
 * a size (a GIF, an upload from before this contract), which has no variants.
 */
export function storedImageFromPath(path: string): StoredImage | null {
  const slash = path.lastIndexOf('/');
  const match = SIZED_NAME.exec(path.slice(slash + 1));
  if (!match) return null;
  const [, stem, width, height, extension] = match as unknown as [string, string, string, string, string];
  const main = { width: Number(width), height: Number(height) };
  // SIZED_NAME takes whole numbers from 1 only; a side past the limit is no photo the editor stored.
  if (main.width > IMAGE_MAX_SIDE || main.height > IMAGE_MAX_SIDE) return null;
  return storedImageFor(path.slice(0, Math.max(slash, 0)), stem, main, extension === 'webp' ? 'webp' : 'jpeg');
}

/**
 * `srcset` for a stored photo: every variant and the main file by width (`url 640w, …`), with
 * `urlFor` mapping a stored path to where the page serves it.
 */
export function imageSrcset(image: StoredImage, urlFor: (path: string) => string): string {
  return [...image.variants, image].map((file) => `${urlFor(file.path)} ${file.width}w`).join(', ');
}
