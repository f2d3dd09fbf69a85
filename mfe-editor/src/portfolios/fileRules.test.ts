import { MAX_FILE_BYTES, MAX_PREPARED_BYTES, rejectionFor } from './fileRules';

const file = (name: string, type: string, size = 10) => ({ name, type, size });

test('images: the type and the extension must both say image', () => {
  expect(rejectionFor(file('me.PNG', 'image/png'), 'image')).toBeNull();
  expect(rejectionFor(file('me.jpeg', 'image/jpeg'), 'image')).toBeNull();
  expect(rejectionFor(file('shop.webp', 'image/webp'), 'image')).toBeNull();
  // What the storage bucket refuses is refused here first; an SVG could carry script.
  expect(rejectionFor(file('logo.svg', 'image/svg+xml'), 'image')).toMatch(/is not a PNG, JPEG, GIF or WebP picture/);
  expect(rejectionFor(file('photo.avif', 'image/avif'), 'image')).toMatch(/is not a PNG, JPEG, GIF or WebP picture/);
  expect(rejectionFor(file('notes.txt', 'text/plain'), 'image')).toMatch(/is not a PNG/);
  expect(rejectionFor(file('me.png', ''), 'image')).toMatch(/is not a PNG/);
  expect(rejectionFor(file('run.exe', 'image/png'), 'image')).toMatch(/is not a PNG/);
  expect(rejectionFor(file('cv.pdf', 'application/pdf'), 'image')).toMatch(/is not a PNG/);
});

test('resumes: PDF only, by type and extension', () => {
  expect(rejectionFor(file('CV.PDF', 'application/pdf'), 'pdf')).toBeNull();
  expect(rejectionFor(file('cv.pdf', 'text/html'), 'pdf')).toMatch(/is not a PDF/);
  expect(rejectionFor(file('cv.html', 'application/pdf'), 'pdf')).toMatch(/is not a PDF/);
  expect(rejectionFor(file('pdf', 'application/pdf'), 'pdf')).toMatch(/is not a PDF/);
});

test('a phone photo over the bucket limit is taken (it is resized first); only one too large to open is refused', () => {
  expect(rejectionFor(file('IMG_4032.jpg', 'image/jpeg', 5 * 1024 * 1024), 'image')).toBeNull();
  expect(rejectionFor(file('scan.png', 'image/png', 25 * 1024 * 1024), 'image')).toBeNull();
  expect(rejectionFor(file('panorama.jpg', 'image/jpeg', MAX_PREPARED_BYTES + 1), 'image')).toBe(
    '"panorama.jpg" is too large to prepare here (over 40 MB). Choose a smaller photo, or export it smaller first.',
  );
});

test('files over the storage bucket limits are refused with the limit named', () => {
  // A GIF keeps its animation: it goes as chosen, so the bucket's limit is its own.
  expect(rejectionFor(file('big.gif', 'image/gif', MAX_FILE_BYTES.image + 1), 'image')).toBe(
    '"big.gif" is larger than 5 MB. Choose a smaller file.',
  );
  expect(rejectionFor(file('big.pdf', 'application/pdf', MAX_FILE_BYTES.pdf + 1), 'pdf')).toMatch(/larger than 10 MB/);
});
