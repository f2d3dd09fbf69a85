// What a prepared photo is, and what it becomes in Storage: the main file and its copies, each at the
// path the publish function derives from the main file's name (@folioforge/shared's imageVariants).
// No canvas here: the editor's upload reads it without loading the preparer itself.
import { ImagePreparationError } from './imagePreparationError';
import { imageMimeType, storedImageFor, type ImageFormat, type ImageSize, type StoredImage } from '@folioforge/shared';

export interface PreparedFile extends ImageSize {
  blob: Blob;
}

export interface PreparedImage {
  format: ImageFormat;
  main: PreparedFile;
  /** Narrowest first, as variantSizes(main) lists them. */
  variants: PreparedFile[];
  originalBytes: number;
  /** The main file's weight, the figure of the saving. */
  storedBytes: number;
  /** "4.8 MB → 310 KB" */
  saving: string;
}

export { ImagePreparationError } from './imagePreparationError';

export interface PreparedUpload {
  path: string;
  blob: Blob;
  contentType: string;
}

/**
 * What to upload for a prepared photo, into `folder` (`<user id>/<portfolio id>`) under `stem` (what
 * newFilePath makes of the field and a random part): the main file first (the row names it), then
 * each copy, each at the path the publish function derives from the main file's name.
 */
export function uploadsFor(prepared: PreparedImage, folder: string, stem: string): { image: StoredImage; uploads: PreparedUpload[] } {
  const image = storedImageFor(folder, stem, prepared.main, prepared.format);
  const contentType = imageMimeType(prepared.format);
  if (image.variants.length !== prepared.variants.length) throw new ImagePreparationError('The copies do not match the picture.');
  return {
    image,
    uploads: [
      { path: image.path, blob: prepared.main.blob, contentType },
      ...image.variants.map((file, index) => ({ path: file.path, blob: prepared.variants[index]!.blob, contentType })),
    ],
  };
}
