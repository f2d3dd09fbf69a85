// The contract between the editor's photo upload and the publish function: names that carry sizes.
import assert from 'node:assert/strict';
import { fitWithin, imageSrcset, storedImageFor, storedImageFromPath, variantSizes } from './imageVariants.ts';

Deno.test('a 4000×3000 photo is stored at 2560×1920 with copies 640, 1280 and 1920 wide', () => {
  const main = fitWithin(4000, 3000);
  assert.deepEqual(main, { width: 2560, height: 1920 });
  assert.deepEqual(fitWithin(3000, 4000), { width: 1920, height: 2560 }, 'a portrait photo keeps its longest side at 2560 too');
  assert.deepEqual(fitWithin(800, 600), { width: 800, height: 600 }, 'never enlarged');
  const image = storedImageFor('u1/p1', 'photo-k3j9a2', main, 'webp');
  assert.equal(image.path, 'u1/p1/photo-k3j9a2.2560x1920.webp');
  assert.deepEqual(
    image.variants.map((file) => file.path),
    ['u1/p1/photo-k3j9a2.640x480.webp', 'u1/p1/photo-k3j9a2.1280x960.webp', 'u1/p1/photo-k3j9a2.1920x1440.webp'],
  );
  assert.deepEqual(storedImageFromPath(image.path), image, 'the row names the main file; its copies follow from that name');
});

Deno.test('the publish function finds every size from the name a row holds', () => {
  const made = storedImageFor('u1/p1', 'photo-a', { width: 2560, height: 1707 }, 'jpeg');
  assert.deepEqual(storedImageFromPath(made.path), made);
  // A small picture has only the copies narrower than itself.
  assert.deepEqual(variantSizes({ width: 1000, height: 50 }), [{ width: 640, height: 32 }]);
  assert.deepEqual(storedImageFromPath('u1/p1/photo-b.600x400.webp')?.variants, []);
  assert.equal(storedImageFromPath('photo-c.1x1.jpg')?.path, 'photo-c.1x1.jpg');
});

Deno.test('names without a size, or with one past the limits, have no variants', () => {
  for (const path of [
    'u1/p1/image-a.png',
    'u1/p1/photo.gif',
    'u1/p1/photo-a.4000x3000.webp',
    'u1/p1/photo-a.0x10.webp',
    'u1/p1/photo-a.10x10.png',
    'u1/p1/../x.10x10.webp/..',
    'u1/p1/pho.to.10x10.webp',
  ])
    assert.equal(storedImageFromPath(path), null, path);
});

Deno.test('srcset lists each width once, narrowest first, where the page serves it', () => {
  const image = storedImageFor('u1/p1', 'photo-a', { width: 1500, height: 1000 }, 'webp');
  assert.equal(
    imageSrcset(image, (path) => `/p/ada/files/${path.split('/').pop()}`),
    '/p/ada/files/photo-a.640x427.webp 640w, /p/ada/files/photo-a.1280x853.webp 1280w, /p/ada/files/photo-a.1500x1000.webp 1500w',
  );
});
