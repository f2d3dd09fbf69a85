// A Worker from this remote's own files, wherever the page is. Inside the shell this remote's files
// come from the remote's server, and a page may not start a Worker from another origin: then the
// worker starts from a same-origin blob: that imports the remote's script (CSP: worker-src blob:,
// script-src the remotes, tooling/appSecurityPolicy.mjs). webpack compiles `new CrossOriginWorker(new
// URL('./x.ts', import.meta.url))` as it does `new Worker(…)` (mfe-editor/webpack.config.mjs).
// A function called with `new` (it returns the Worker), not a subclass: a module that extends Worker
// would not even load in a browser without one.
function startCrossOriginWorker(url: URL, options?: WorkerOptions): Worker {
  if (url.origin === self.location.origin) return new Worker(url, options);
  const starter = URL.createObjectURL(new Blob([`importScripts(${JSON.stringify(url.href)});`], { type: 'text/javascript' }));
  const worker = new Worker(starter, options);
  // Once the worker answers (or fails), it has read its starter.
  const revoke = () => URL.revokeObjectURL(starter);
  worker.addEventListener('message', revoke, { once: true });
  worker.addEventListener('error', revoke, { once: true });
  return worker;
}

export const CrossOriginWorker = startCrossOriginWorker as unknown as new (url: URL, options?: WorkerOptions) => Worker;
