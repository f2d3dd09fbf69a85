// Imported first by a worker started through CrossOriginWorker: its chunks load from the remote's
// server, not from the blob: it runs at.
declare let __webpack_public_path__: string;
const base = (self as { FOLIOFORGE_WORKER_BASE?: unknown }).FOLIOFORGE_WORKER_BASE;
if (typeof base === 'string') __webpack_public_path__ = base;
export {};
