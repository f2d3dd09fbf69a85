// A stand-in for the photo preparer (mfe-editor/src/images/prepareImage.ts) in component tests: jsdom
// has no canvas. Mock `../images/loadImagePreparer` with this module; a chosen JPEG, PNG or WebP is
// "prepared" into a 2560×1920 WebP of PREPARED_MAIN_BYTES plus its copies, with progress; a file named
// `damaged…` cannot be read, as the real preparer says. Browser tests run the real one.
import { imageMimeType, variantSizes } from '@folioforge/shared';
import { savingText } from '../images/imageSaving';
import { ImagePreparationError, type PreparedImage } from '../images/preparedUploads';

export const PREPARED_MAIN_BYTES = 310 * 1024;

const isPreparable = (file: Pick<Blob, 'type'>) => ['image/jpeg', 'image/png', 'image/webp'].includes(file.type);

/** Resolves when the test calls `finishPreparing()`, so a test can see the work in progress. */
let release: (() => void) | undefined;
let held = false;
export function holdPreparing(): void {
  held = true;
}
export function finishPreparing(): void {
  held = false;
  release?.();
}

const preparer = {
  isPreparable,
  async prepareImage(file: File, { onProgress }: { onProgress?: (fraction: number) => void } = {}): Promise<PreparedImage> {
    if (file.name.startsWith('damaged'))
      throw new ImagePreparationError('The picture could not be read: it may be damaged, or in a format this browser does not open.');
    onProgress?.(0.4);
    if (held) await new Promise<void>((resolve) => (release = resolve));
    const webp = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: imageMimeType('webp') });
    const main = { width: 2560, height: 1920 };
    onProgress?.(1);
    return {
      format: 'webp',
      main: { ...main, blob: webp(PREPARED_MAIN_BYTES) },
      variants: variantSizes(main).map((size) => ({ ...size, blob: webp(Math.round(size.width * 40)) })),
      originalBytes: file.size,
      storedBytes: PREPARED_MAIN_BYTES,
      saving: savingText(file.size, PREPARED_MAIN_BYTES),
    };
  },
};

export const loadImagePreparer = () => Promise.resolve(preparer);

/** A file of `bytes` bytes, as a phone's photo weighs. */
export const photoOf = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });
