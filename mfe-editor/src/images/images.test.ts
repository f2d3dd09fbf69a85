// The parts of photo preparation that need no canvas: the saving as shown, the plan that keeps the
// main file within its budget, and the uploads named as the publish function reads them.
import { storedImageFromPath } from '@folioforge/shared';
import { encodeWithinBudget, MAX_SHRINKS, QUALITY_STEPS } from './encodeWithinBudget';
import { formatBytes, savingText } from './imageSaving';
import { isPreparable } from './preparable';
import { uploadsFor, type PreparedImage } from './preparedUploads';

test('the saving reads as people say sizes', () => {
  expect(savingText(5_033_164, 317_440)).toBe('4.8 MB → 310 KB');
  expect(formatBytes(900)).toBe('900 B');
  expect(formatBytes(1024)).toBe('1 KB');
  expect(formatBytes(1024 * 1024)).toBe('1.0 MB');
});

/** An encoder whose output shrinks with quality and area, like a real one (only the size is read). */
function fakeEncoder(bytesPerPixelAtFull: number) {
  const calls: string[] = [];
  const encode = async (size: { width: number; height: number }, quality: number) => {
    calls.push(`${size.width}x${size.height}@${quality}`);
    return { size: Math.round(size.width * size.height * bytesPerPixelAtFull * quality) } as Blob;
  };
  return { calls, encode };
}

test('a photo that fits at the best quality is encoded once', async () => {
  const { calls, encode } = fakeEncoder(0.05);
  const result = await encodeWithinBudget({ width: 2560, height: 1920 }, 600 * 1024, encode);
  expect(calls).toEqual(['2560x1920@0.82']);
  expect(result).toMatchObject({ size: { width: 2560, height: 1920 }, quality: 0.82 });
});

test('a heavier photo gets the best lower quality that fits, found in few encodes', async () => {
  const { calls, encode } = fakeEncoder(0.2);
  const result = await encodeWithinBudget({ width: 2560, height: 1920 }, 600 * 1024, encode);
  // 0.82 and 0.66 are too heavy, 0.58 fits and is the best that does.
  expect(result).toMatchObject({ size: { width: 2560, height: 1920 }, quality: 0.58 });
  expect(result.blob.size).toBeLessThanOrEqual(600 * 1024);
  expect(calls.length).toBeLessThanOrEqual(4);
});

test('a photo too heavy at the lowest quality is made a fifth smaller, proportions kept', async () => {
  const { encode } = fakeEncoder(0.3);
  const result = await encodeWithinBudget({ width: 2560, height: 1920 }, 600 * 1024, encode);
  expect(result.blob.size).toBeLessThanOrEqual(600 * 1024);
  expect(result.size).toEqual({ width: 2048, height: 1536 });
});

test('a photo that never fits is stored as its lightest attempt, after a bounded number of tries', async () => {
  const { calls, encode } = fakeEncoder(50);
  const result = await encodeWithinBudget({ width: 2560, height: 1920 }, 1024, encode);
  expect(calls.length).toBeLessThanOrEqual(4 * (MAX_SHRINKS + 1));
  expect(result.quality).toBe(QUALITY_STEPS[QUALITY_STEPS.length - 1]);
  const sizes = calls.map((call) => {
    const [size, quality] = call.split('@') as [string, string];
    const [width, height] = size.split('x').map(Number) as [number, number];
    return Math.round(width * height * 50 * Number(quality));
  });
  expect(result.blob.size).toBe(Math.min(...sizes));
});

test('with samples, a photo that fits at the best quality is encoded once, after one sample', async () => {
  const { calls, encode } = fakeEncoder(0.05);
  const foreseen: string[] = [];
  const foresee = async (size: { width: number; height: number }, quality: number) => {
    foreseen.push(`${size.width}x${size.height}@${quality}`);
    return Math.round(size.width * size.height * 0.05 * quality);
  };
  const result = await encodeWithinBudget({ width: 2560, height: 1920 }, 600 * 1024, encode, foresee);
  expect(foreseen).toEqual(['2560x1920@0.82']);
  expect(calls).toEqual(['2560x1920@0.82']);
  expect(result.quality).toBe(0.82);
});

test('with samples, a heavier photo is encoded once, at the best quality foreseen to fit', async () => {
  const { calls, encode } = fakeEncoder(0.2);
  // Samples a tenth light: one full encode, at 0.58 (0.66 would weigh 634 KB, 0.58 weighs 557 KB).
  let samples = 0;
  const foresee = async (size: { width: number; height: number }, quality: number) => {
    samples += 1;
    return Math.round(size.width * size.height * 0.2 * quality * 0.9);
  };
  const result = await encodeWithinBudget({ width: 2560, height: 1920 }, 600 * 1024, encode, foresee);
  expect(calls).toEqual(['2560x1920@0.58']);
  expect(result.blob.size).toBeLessThanOrEqual(600 * 1024);
  expect(samples).toBeLessThanOrEqual(3);
});

test('with samples that foresee too little, the plan still ends within the budget', async () => {
  const { calls, encode } = fakeEncoder(0.2);
  const result = await encodeWithinBudget({ width: 2560, height: 1920 }, 600 * 1024, encode, async () => 1);
  expect(calls[0]).toBe('2560x1920@0.82');
  expect(result).toMatchObject({ size: { width: 2560, height: 1920 }, quality: 0.58 });
});

test('JPEG, PNG and WebP are prepared; a GIF keeps its animation', () => {
  expect(['image/jpeg', 'image/png', 'image/webp', 'image/gif'].map((type) => isPreparable({ type }))).toEqual([true, true, true, false]);
});

test('the uploads are named as the publish function derives them from the main file', () => {
  const blob = (n: number) => new Blob([new Uint8Array(n)], { type: 'image/webp' });
  const prepared: PreparedImage = {
    format: 'webp',
    main: { width: 2560, height: 1920, blob: blob(300) },
    variants: [
      { width: 640, height: 480, blob: blob(10) },
      { width: 1280, height: 960, blob: blob(40) },
      { width: 1920, height: 1440, blob: blob(90) },
    ],
    originalBytes: 5_000_000,
    storedBytes: 300,
    saving: '4.8 MB → 300 B',
  };
  const { image, uploads } = uploadsFor(prepared, 'u1/p1', 'photo-k3j9');
  expect(uploads.map((upload) => [upload.path, upload.blob.size, upload.contentType])).toEqual([
    ['u1/p1/photo-k3j9.2560x1920.webp', 300, 'image/webp'],
    ['u1/p1/photo-k3j9.640x480.webp', 10, 'image/webp'],
    ['u1/p1/photo-k3j9.1280x960.webp', 40, 'image/webp'],
    ['u1/p1/photo-k3j9.1920x1440.webp', 90, 'image/webp'],
  ]);
  expect(storedImageFromPath(uploads[0]!.path)).toEqual(image);
});
