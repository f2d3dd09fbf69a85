// A Worker the shell's page can start from this remote's files. A page may start a Worker only from
// its own origin, and inside the shell the editor's chunks come from the remote's server: then the
// worker runs from a same-origin blob: that imports the chunk (importScripts may cross origins) and
// first tells it where its chunks live. webpack bundles `new CrossOriginWorker(new URL(…))` as a
// worker (module.parser.javascript.worker in tooling/createWebpackConfig.mjs names this import).
export class CrossOriginWorker extends Worker {
  constructor(url: URL, options?: WorkerOptions) {
    super(CrossOriginWorker.startUrl(url), options);
  }

  static startUrl(url: URL): string | URL {
    if (url.origin === self.location.origin) return url;
    const base = new URL('.', url).href;
    const code = `self.FOLIOFORGE_WORKER_BASE=${JSON.stringify(base)};importScripts(${JSON.stringify(url.href)});`;
    return URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  }
}
