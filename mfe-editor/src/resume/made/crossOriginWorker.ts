// A Worker the shell's page can start from this remote's files. A page may start a Worker only from
// its own origin, and inside the shell the editor's chunks come from the remote's server: then the
// worker's code is fetched (the remote serves it with CORS) and started from a same-origin blob:,
// told first where its chunks live, as pdf.js's worker is (../pdfWorker.ts); an importScripts of the
// chunk from a blob: was refused by Chromium. webpack bundles `new CrossOriginWorker(new URL(…))` as
// a worker (module.parser.javascript.worker in tooling/createWebpackConfig.mjs names this import).
export class CrossOriginWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private readonly worker: Promise<Worker>;

  constructor(url: URL, options?: WorkerOptions) {
    this.worker = CrossOriginWorker.start(url, options).then((worker) => {
      worker.onmessage = (event) => this.onmessage?.(event);
      worker.onerror = (event) => this.onerror?.(event);
      return worker;
    });
    this.worker.catch((error: unknown) =>
      this.onerror?.(new ErrorEvent('error', { message: error instanceof Error ? error.message : String(error) })),
    );
  }

  private static async start(url: URL, options?: WorkerOptions): Promise<Worker> {
    if (url.origin === self.location.origin) return new Worker(url, options);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`the résumé maker did not load (HTTP ${response.status})`);
    const prelude = `self.FOLIOFORGE_WORKER_BASE=${JSON.stringify(new URL('.', url).href)};\n`;
    return new Worker(URL.createObjectURL(new Blob([prelude, await response.text()], { type: 'text/javascript' })), options);
  }

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    void this.worker.then((worker) => worker.postMessage(message, transfer));
  }

  terminate(): void {
    void this.worker.then((worker) => worker.terminate());
  }
}
