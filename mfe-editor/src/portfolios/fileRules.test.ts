import { MAX_FILE_BYTES, rejectionFor } from './fileRules';

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

test('files over the storage bucket limits are refused with the limit named', () => {
  expect(rejectionFor(file('big.png', 'image/png', MAX_FILE_BYTES.image + 1), 'image')).toBe(
    '"big.png" is larger than 5 MB. Choose a smaller file.',
  );
  expect(rejectionFor(file('big.pdf', 'application/pdf', MAX_FILE_BYTES.pdf + 1), 'pdf')).toMatch(/larger than 10 MB/);
});
