// The image worker, as webpack emits it beside this remote's chunks. Alone in this file because
// jest (CommonJS) cannot parse import.meta, and so a browser test can start its own build instead.
import { CrossOriginWorker } from './crossOriginWorker';

export const startImageWorker = (): Worker => new CrossOriginWorker(new URL('./imageWorker.ts', import.meta.url));
