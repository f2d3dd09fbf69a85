// A photo that cannot be prepared, said in words for the field. On its own (no imports), so the
// worker (imageWorker.ts) can throw it without bringing @folioforge/shared along.
export class ImagePreparationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImagePreparationError';
  }
}
