import { afterEach, expect, test } from '@jest/globals';
import { uploadPortfolioFile, UploadError } from './portfolioFiles';

/** Answers every upload with one Storage error body, as the server sends it (HTTP 400 or 500, real status inside). */
function answerUploadsWith(body: object, httpStatus = 400) {
  class FakeRequest {
    status = httpStatus;
    responseText = JSON.stringify(body);
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      queueMicrotask(() => this.onload?.());
    }
  }
  Object.defineProperty(window, 'XMLHttpRequest', { value: FakeRequest, configurable: true, writable: true });
}

const original = window.XMLHttpRequest;
afterEach(() => {
  Object.defineProperty(window, 'XMLHttpRequest', { value: original, configurable: true, writable: true });
});

const request = {
  config: { supabaseUrl: 'http://cloud.test', supabaseAnonKey: 'anon' },
  accessToken: 'token',
  ref: { bucket: 'portfolio-images' as const, path: 'user/portfolio/image.png' },
  file: new File(['x'], 'holiday.png', { type: 'image/png' }),
  kind: 'image' as const,
  onProgress: () => undefined,
};

test('a full storage says so (Storage answers the quota trigger as a database error), not "error 500"', async () => {
  answerUploadsWith({ statusCode: '500', error: 'DatabaseError', code: 'DatabaseError', message: 'database error, code: P0413' }, 500);
  const refused = uploadPortfolioFile(request);
  await expect(refused).rejects.toBeInstanceOf(UploadError);
  await expect(refused).rejects.toThrow(
    '"holiday.png" was not stored: it would take your files past the storage space your plan includes. Remove files you no longer use, or choose a plan with more storage.',
  );
});

test('another database error is not mistaken for a full storage', async () => {
  answerUploadsWith({ statusCode: '500', error: 'DatabaseError', code: 'DatabaseError', message: 'database error, code: P0001' }, 500);
  await expect(uploadPortfolioFile(request)).rejects.toThrow('The file could not be stored (error 500). Try again.');
});

test('a file over the bucket limit still reads as too large', async () => {
  answerUploadsWith({
    statusCode: '413',
    error: 'Payload too large',
    code: 'EntityTooLarge',
    message: 'The object exceeded the maximum allowed size',
  });
  await expect(uploadPortfolioFile(request)).rejects.toThrow('"holiday.png" is larger than 5 MB. Choose a smaller file.');
});
