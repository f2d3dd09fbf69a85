// A chosen photo, decoded once and then drawn and encoded at each size asked for: in an image worker
// (imageWorker.ts) where the browser has Worker and OffscreenCanvas, so the page stays responsive,
// or on the page where it has not. Several workers each decode the photo and share the encodes.
import type { ImageFormat, ImageSize } from '@folioforge/shared';
import { ImagePreparationError } from './imagePreparationError';
import type { ImageWorkerAnswer, ImageWorkerRequest } from './imageWorkerProtocol';
import { decodePicture, encodePicture, foreseeBytes } from './pictureCanvas';

/** A decoded photo. */
export interface Picture extends ImageSize {
  encode(size: ImageSize, format: ImageFormat, quality: number): Promise<Blob>;
  /** What encode would give, in bytes, foreseen from a sample at a sixteenth of the cost. */
  foresee(size: ImageSize, format: ImageFormat, quality: number): Promise<number>;
  close(): void;
}

/** A request before it has its id (each member of the union without it). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<ImageWorkerRequest>;

/** The photo in a worker: each request is answered by the message with its id. */
export async function pictureInWorker(worker: Worker, file: Blob): Promise<Picture> {
  let next = 0;
  const waiting = new Map<number, { resolve(answer: ImageWorkerAnswer): void; reject(error: Error): void }>();
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.addEventListener('message', (event: MessageEvent<ImageWorkerAnswer>) => {
    const answer = event.data;
    const request = waiting.get(answer.id);
    if (!request) return;
    waiting.delete(answer.id);
    if (answer.type === 'failed') request.reject(new ImagePreparationError(answer.message));
    else request.resolve(answer);
  });
  // The worker's script did not load or threw: nothing it was asked will be answered.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    failAll(new ImagePreparationError('The picture could not be resized in this browser.'));
  });
  const ask = (request: Request) =>
    new Promise<ImageWorkerAnswer>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as ImageWorkerRequest);
    });
  const close = () => {
    worker.terminate();
    failAll(new ImagePreparationError('The picture was closed.'));
  };
  try {
    const opened = await ask({ type: 'open', file });
    if (opened.type !== 'opened') throw new Error(`the worker answered ${opened.type} to open`);
    return {
      ...opened.size,
      async encode(size, format, quality) {
        const answer = await ask({ type: 'encode', size, format, quality });
        if (answer.type !== 'encoded') throw new Error(`the worker answered ${answer.type} to encode`);
        return answer.blob;
      },
      async foresee(size, format, quality) {
        const answer = await ask({ type: 'foresee', size, format, quality });
        if (answer.type !== 'foreseen') throw new Error(`the worker answered ${answer.type} to foresee`);
        return answer.bytes;
      },
      close,
    };
  } catch (error) {
    close();
    throw error;
  }
}

/** The photo on the page's own thread: for a browser without worker canvases. */
export async function pictureInPage(file: Blob): Promise<Picture> {
  const bitmap = await decodePicture(file);
  return {
    width: bitmap.width,
    height: bitmap.height,
    encode: (size, format, quality) => encodePicture(bitmap, size, format, quality),
    foresee: (size, format, quality) => foreseeBytes(bitmap, size, format, quality),
    close: () => bitmap.close(),
  };
}

/** Whether this browser can prepare a photo in a worker. */
export const workersCanDraw = () =>
  typeof Worker === 'function' && typeof OffscreenCanvas === 'function' && 'convertToBlob' in OffscreenCanvas.prototype;

/**
 * The photo opened `lanes` times, each in a worker of its own, so their encodes run side by side;
 * once on the page without worker canvases. At least one opens or this rejects; a lane whose worker
 * fails is left out.
 */
export async function openPictures(file: Blob, lanes: number, startWorker: () => Worker): Promise<Picture[]> {
  if (!workersCanDraw()) return [await pictureInPage(file)];
  const opened = await Promise.allSettled(Array.from({ length: lanes }, () => pictureInWorker(startWorker(), file)));
  const pictures = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  if (pictures.length) return pictures;
  throw (opened[0] as PromiseRejectedResult).reason;
}
