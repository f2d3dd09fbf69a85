// The editor's side of the image worker's protocol (imageWorkerProtocol.ts), with a stand-in for the
// worker that answers as imageWorker.ts does: jsdom has no canvas, so what is checked here is what the
// person choosing a photo sees of a worker's answers, refusals and failures. Chromium runs the real
// worker (e2e/tests/imagePreparation.test.ts, photoUpload.test.ts).
import type { ImageWorkerAnswer, ImageWorkerRequest } from './imageWorkerProtocol';
import { ImagePreparationError } from './imagePreparationError';
import { pictureInWorker } from './pictures';

/** A worker whose answers the test writes; it records what it was sent and whether it was ended. */
class StandInWorker extends EventTarget {
  sent: ImageWorkerRequest[] = [];
  terminated = false;
  constructor(private readonly reply: (request: ImageWorkerRequest) => ImageWorkerAnswer | undefined) {
    super();
  }
  postMessage(request: ImageWorkerRequest) {
    this.sent.push(request);
    const answer = this.reply(request);
    // Answers arrive later and in any order, as a worker's do.
    if (answer) setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: answer })), request.type === 'foresee' ? 5 : 1);
  }
  terminate() {
    this.terminated = true;
  }
}

const open = (worker: StandInWorker) => pictureInWorker(worker as unknown as Worker, new Blob(['photo'], { type: 'image/jpeg' }));

test('each question gets its own answer, whatever order the worker answers in', async () => {
  const worker = new StandInWorker((request) => {
    if (request.type === 'open') return { id: request.id, type: 'opened', size: { width: 4000, height: 3000 } };
    if (request.type === 'encode') return { id: request.id, type: 'encoded', blob: new Blob([new Uint8Array(request.size.width)]) };
    return { id: request.id, type: 'foreseen', bytes: 123 };
  });
  const picture = await open(worker);
  expect([picture.width, picture.height]).toEqual([4000, 3000]);
  const [foreseen, wide, narrow] = await Promise.all([
    picture.foresee({ width: 2560, height: 1920 }, 'webp', 0.82),
    picture.encode({ width: 1920, height: 1440 }, 'webp', 0.78),
    picture.encode({ width: 640, height: 480 }, 'webp', 0.78),
  ]);
  expect([foreseen, wide.size, narrow.size]).toEqual([123, 1920, 640]);
  expect(worker.sent.map((request) => request.type)).toEqual(['open', 'foresee', 'encode', 'encode']);
  picture.close();
  expect(worker.terminated).toBe(true);
});

test('a photo the worker cannot read is refused with its sentence, and the worker is ended', async () => {
  const worker = new StandInWorker((request) => ({ id: request.id, type: 'failed', message: 'The picture could not be read.' }));
  const opening = open(worker);
  await expect(opening).rejects.toThrow(new ImagePreparationError('The picture could not be read.'));
  await expect(opening).rejects.toBeInstanceOf(ImagePreparationError);
  expect(worker.terminated).toBe(true);
});

test('a worker that dies (its script failed) ends the wait with a sentence instead of leaving the field busy', async () => {
  const worker = new StandInWorker(() => undefined);
  const opening = open(worker);
  worker.dispatchEvent(new Event('error', { cancelable: true }));
  await expect(opening).rejects.toThrow('The picture could not be resized in this browser.');
});
