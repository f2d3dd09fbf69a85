// The main file of a photo should weigh at most a budget (IMAGE_MAIN_BUDGET_BYTES): encode at a good
// quality, then at the best lower one that fits, and when even the lowest is too heavy (a very detailed or noisy
// photo) make the picture a fifth smaller and try again. The encoder itself is the browser's
// (prepareImage.ts); this is the plan, testable without a canvas.
import { fitWithin, type ImageSize } from '@folioforge/shared';

/** Qualities tried in turn, best first (WebP and JPEG read them alike: 0 … 1). */
export const QUALITY_STEPS = [0.82, 0.74, 0.66, 0.58, 0.5] as const;

/** How many times the picture may be made smaller before the lightest attempt is taken as it is. */
export const MAX_SHRINKS = 4;

export interface Encoded {
  blob: Blob;
  size: ImageSize;
  quality: number;
}

export async function encodeWithinBudget(
  start: ImageSize,
  budgetBytes: number,
  encode: (size: ImageSize, quality: number) => Promise<Blob>,
): Promise<Encoded> {
  let size = start;
  let lightest: Encoded | undefined;
  const attempt = async (step: number): Promise<Encoded> => {
    const quality = QUALITY_STEPS[step]!;
    const encoded = { blob: await encode(size, quality), size, quality };
    if (!lightest || encoded.blob.size < lightest.blob.size) lightest = encoded;
    return encoded;
  };
  for (let shrink = 0; shrink <= MAX_SHRINKS; shrink++) {
    // The best quality first: most photos fit at once. Otherwise the best quality that fits, found
    // by halving the steps left (a file weighs less at a lower quality), so at most four encodes.
    const first = await attempt(0);
    if (first.blob.size <= budgetBytes) return first;
    let fitting: Encoded | undefined;
    let low = 1;
    let high = QUALITY_STEPS.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const encoded = await attempt(middle);
      if (encoded.blob.size <= budgetBytes) {
        fitting = encoded;
        high = middle - 1;
      } else low = middle + 1;
    }
    if (fitting) return fitting;
    size = fitWithin(size.width, size.height, Math.round(Math.max(size.width, size.height) * 0.8));
  }
  return lightest!;
}
