// What the editor and its image worker (imageWorker.ts) say to each other. The page sends the chosen
// file once; the worker decodes it and keeps the picture, then draws and encodes it at each size it
// is asked for, so the page's thread only passes messages while a photo is prepared.
import type { ImageFormat, ImageSize } from '@folioforge/shared';

export type ImageWorkerRequest =
  /** Decode the file; answered with the picture's size. */
  | { id: number; type: 'open'; file: Blob }
  /** The picture drawn at `size` and encoded; answered with the file. */
  | { id: number; type: 'encode'; size: ImageSize; format: ImageFormat; quality: number }
  /** What that file would weigh, foreseen from a sample (pictureCanvas.ts's foreseeBytes). */
  | { id: number; type: 'foresee'; size: ImageSize; format: ImageFormat; quality: number };

export type ImageWorkerAnswer =
  | { id: number; type: 'opened'; size: ImageSize }
  | { id: number; type: 'encoded'; blob: Blob }
  | { id: number; type: 'foreseen'; bytes: number }
  /** `message` is for the person who chose the file. */
  | { id: number; type: 'failed'; message: string };
