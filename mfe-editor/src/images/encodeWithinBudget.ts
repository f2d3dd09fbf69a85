// The main file of a photo should weigh at most a budget (IMAGE_MAIN_BUDGET_BYTES): encode at the best
// quality that fits, and when even the lowest is too heavy (a very detailed or noisy photo) make the
// picture a fifth smaller and try again. Encoding a 2560 px WebP takes about a second, so the quality
// to try first is foreseen from samples (a sixteenth of the cost each, pictureCanvas.ts): most photos
// are then encoded once. The encoder itself is the browser's (prepareImage.ts); this is the plan,
// testable without a canvas.
import { fitWithin, type ImageSize } from '@folioforge/shared';

/** Qualities tried in turn, best first (WebP and JPEG read them alike: 0 … 1). */
export const QUALITY_STEPS = [0.82, 0.74, 0.66, 0.58, 0.5] as const;

/** How many times the picture may be made smaller before the lightest attempt is taken as it is. */
export const MAX_SHRINKS = 4;

/** A foreseen weight counts as fitting below this share of the budget: a sample is a guess. */
export const FORESEEN_MARGIN = 0.92;

export interface Encoded {
  blob: Blob;
  size: ImageSize;
  quality: number;
}

type Encode = (size: ImageSize, quality: number) => Promise<Blob>;
/** What encode(size, quality) would weigh, in bytes. */
type Foresee = (size: ImageSize, quality: number) => Promise<number>;

/**
 * The best step foreseen to fit at `size`: the first when it does (one sample, most photos), else
 * found by halving the others (two samples more); the last when none does.
 */
async function foreseenStep(size: ImageSize, budgetBytes: number, foresee: Foresee): Promise<number> {
  const fits = async (step: number) => (await foresee(size, QUALITY_STEPS[step]!)) <= budgetBytes * FORESEEN_MARGIN;
  if (await fits(0)) return 0;
  let low = 1;
  let high = QUALITY_STEPS.length - 1;
  let best = QUALITY_STEPS.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (await fits(middle)) {
      best = middle;
      high = middle - 1;
    } else low = middle + 1;
  }
  return best;
}

export async function encodeWithinBudget(start: ImageSize, budgetBytes: number, encode: Encode, foresee?: Foresee): Promise<Encoded> {
  let size = start;
  let lightest: Encoded | undefined;
  const attempt = async (step: number): Promise<Encoded> => {
    const quality = QUALITY_STEPS[step]!;
    const encoded = { blob: await encode(size, quality), size, quality };
    if (!lightest || encoded.blob.size < lightest.blob.size) lightest = encoded;
    return encoded;
  };
  for (let shrink = 0; shrink <= MAX_SHRINKS; shrink++) {
    // The step foreseen to fit (without samples, the best: most photos fit at once). If it is heavier
    // than foreseen, the best lower step that fits, found by halving the steps left (a file weighs less
    // at a lower quality).
    const first = foresee ? await foreseenStep(size, budgetBytes, foresee) : 0;
    const encoded = await attempt(first);
    if (encoded.blob.size <= budgetBytes) return encoded;
    let fitting: Encoded | undefined;
    let low = first + 1;
    let high = QUALITY_STEPS.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const lower = await attempt(middle);
      if (lower.blob.size <= budgetBytes) {
        fitting = lower;
        high = middle - 1;
      } else low = middle + 1;
    }
    if (fitting) return fitting;
    size = fitWithin(size.width, size.height, Math.round(Math.max(size.width, size.height) * 0.8));
  }
  return lightest!;
}
