import { afterEach, expect, test } from '@jest/globals';
import { uploadPortfolioFile, UploadError } from './portfolioFiles';

/** Answers every upload with one Storage error body, as the server sends it (HTTP 400, real status inside). */
function answerUploadsWith(body: object) {
  class FakeRequest {
    status = 400;
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

test('a full storage says so with the sizes the server gave, not "file too large"', async () => {
  answerUploadsWith({
    statusCode: '413',
    error: 'Payload too large',
    code: 'QuotaExceeded',
    message: 'Storage quota exceeded: this file would bring your files to 52 MB of the 50 MB your plan includes',
  });
  const refused = uploadPortfolioFile(request);
  await expect(refused).rejects.toBeInstanceOf(UploadError);
  await expect(refused).rejects.toThrow(
    '"holiday.png" was not stored. Storage quota exceeded: this file would bring your files to 52 MB of the 50 MB your plan includes. Remove files you no longer use, or choose a plan with more storage.',
  );
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
