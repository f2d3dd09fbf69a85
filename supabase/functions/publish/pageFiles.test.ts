// The files a published page carries besides its uploads, as the publish function writes them on
// Deno: sample pictures and the look's fonts as real files, the photo copies its srcset names, the
// monogram icons and the 1200×630 share card its og:image names by an absolute address.
import assert from 'node:assert/strict';
import { decodeDataUrl, ICON_FILES, renderWithFiles, writePageFiles } from './pageFiles.ts';
import { SITE_STYLES } from './siteRenderer.generated.mjs';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const pngSize = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

async function publish(
  templateId: string,
  data: unknown,
  extra: { look?: { font?: 'serif'; accent?: 'plum' }; files?: Record<string, string> } = {},
) {
  const pageUrl = 'https://folioforge.example/p/mug-shop';
  const { page, input } = await renderWithFiles(
    templateId,
    data,
    { url: pageUrl, indexable: true, badge: false, siteUrl: 'https://folioforge.example/home', styles: SITE_STYLES, ...extra },
    {
      filesBase: '/p/mug-shop/files/',
      pageUrl,
      accentHex: '#7a3b8f',
      messages: { action: 'https://project.example/functions/v1/page-message', portfolioId: 'p1', slug: 'mug-shop' },
    },
  );
  const stored = new Map<string, { bytes: Uint8Array; type: string }>();
  const copies: string[] = [];
  const names = await writePageFiles(
    page,
    input,
    async (name, body, type) => {
      stored.set(name, { bytes: body instanceof Blob ? new Uint8Array(await body.arrayBuffer()) : body, type });
    },
    (_bucket, path) => {
      copies.push(path);
      return Promise.resolve(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' }));
    },
  );
  return { page, stored, names, copies };
}

const mugSample = {
  schemaVersion: 2,
  profile: { name: '' },
  sections: [
    {
      id: 'products',
      kind: 'products',
      title: 'Products',
      items: [{ id: 'mug', name: 'Monsoon Mug', price: '₹1,200', description: 'Stoneware.', image: 'sample:productMug', url: '' }],
    },
  ],
};

Deno.test("template 4's sample product picture is a file of the page, and the page shows it from there", async () => {
  const { page, stored } = await publish('4', mugSample);
  const mug = stored.get('sample-product-mug.svg');
  assert.ok(mug, [...stored.keys()].join(', '));
  assert.equal(mug.type, 'image/svg+xml');
  assert.match(new TextDecoder().decode(mug.bytes), /<svg/);
  assert.match(page.html, /<img[^>]+src="\/p\/mug-shop\/files\/sample-product-mug\.svg"/);
  assert.doesNotMatch(page.html, /src="data:/);
});

Deno.test('the share card is a 1200×630 PNG at an absolute address; the monogram icons are linked and stored', async () => {
  const { page, stored } = await publish('4', mugSample);
  const og = /<meta property="og:image" content="([^"]+)"/.exec(page.html)?.[1] ?? '';
  assert.match(og, /^https:\/\/folioforge\.example\/p\/mug-shop\/files\/share-card-[0-9a-f]{10}\.png$/);
  const card = stored.get(og.slice(og.lastIndexOf('/') + 1));
  assert.ok(card);
  assert.deepEqual([...card.bytes.slice(0, 8)], PNG_SIGNATURE);
  assert.deepEqual(pngSize(card.bytes), { width: 1200, height: 630 });
  assert.match(new TextDecoder().decode(stored.get(ICON_FILES.svg)!.bytes), /^<svg/);
  assert.deepEqual(pngSize(stored.get(ICON_FILES.png)!.bytes), { width: 180, height: 180 });
  assert.match(page.html, /<link rel="icon" type="image\/svg\+xml" href="\/p\/mug-shop\/files\/favicon\.svg">/);
});

Deno.test("the look's font faces are stored as WOFF2 files; a stored photo's copies are copied beside it", async () => {
  const ref = 'storage:portfolio-images/u1/p1/photo-abc.2000x1500.webp';
  const data = { ...mugSample, profile: { name: 'Mug Shop', photo: ref, headline: 'Clay' } };
  const { stored, copies, page } = await publish('1', data, {
    look: { font: 'serif', accent: 'plum' },
    files: { [ref]: '/p/mug-shop/files/photo-abc.2000x1500.webp' },
  });
  const woff2 = [...stored.entries()].filter(([name]) => name.endsWith('.woff2'));
  assert.equal(woff2.length, 4);
  for (const [, file] of woff2) assert.equal(new TextDecoder().decode(file.bytes.slice(0, 4)), 'wOF2');
  assert.deepEqual(copies, ['u1/p1/photo-abc.640x480.webp', 'u1/p1/photo-abc.1280x960.webp', 'u1/p1/photo-abc.1920x1440.webp']);
  assert.match(page.html, /<html lang="en">/);
  assert.match(page.html, /srcset="\/p\/mug-shop\/files\/photo-abc\.640x480\.webp 640w/);
});

Deno.test('data: URLs decode whether base64 or percent-encoded', () => {
  assert.equal(new TextDecoder().decode(decodeDataUrl('data:image/svg+xml;base64,PHN2Zy8+')!.bytes), '<svg/>');
  assert.equal(new TextDecoder().decode(decodeDataUrl('data:image/svg+xml,%3Csvg%2F%3E')!.bytes), '<svg/>');
  assert.equal(decodeDataUrl('https://example.com/x.svg'), undefined);
});
