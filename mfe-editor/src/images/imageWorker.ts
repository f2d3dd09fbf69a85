// The image worker: decodes a chosen photo and draws and encodes it at the sizes the editor asks for
// (imageWorkerProtocol.ts), off the page's thread. One photo per worker; the editor starts one per
// lane of work (pictures.ts) and ends it when the photo is prepared.
import type { ImageWorkerAnswer, ImageWorkerRequest } from './imageWorkerProtocol';
import { ImagePreparationError } from './imagePreparationError';
import { decodePicture, encodePicture, foreseeBytes } from './pictureCanvas';

/** The worker's global scope, as far as it is used (the project's types are the page's, not a worker's). */
const scope = self as unknown as {
  postMessage(message: ImageWorkerAnswer): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ImageWorkerRequest>) => void): void;
};
let picture: Promise<ImageBitmap> | undefined;

async function answer(request: ImageWorkerRequest): Promise<ImageWorkerAnswer> {
  if (request.type === 'open') {
    picture = decodePicture(request.file);
    const bitmap = await picture;
    return { id: request.id, type: 'opened', size: { width: bitmap.width, height: bitmap.height } };
  }
  if (!picture) throw new Error('no picture is open');
  const bitmap = await picture;
  if (request.type === 'encode')
    return { id: request.id, type: 'encoded', blob: await encodePicture(bitmap, request.size, request.format, request.quality) };
  return { id: request.id, type: 'foreseen', bytes: await foreseeBytes(bitmap, request.size, request.format, request.quality) };
}

scope.addEventListener('message', (event: MessageEvent<ImageWorkerRequest>) => {
  answer(event.data).then(
    (message) => scope.postMessage(message),
    (error: unknown) => {
      // A sentence for the field when it is one; anything else is the browser failing at the work.
      const message = error instanceof ImagePreparationError ? error.message : 'The picture could not be resized in this browser.';
      if (!(error instanceof ImagePreparationError)) console.warn('[FolioForge] the image worker failed:', error);
      scope.postMessage({ id: event.data.id, type: 'failed', message } satisfies ImageWorkerAnswer);
    },
  );
});
