// Makes résumé PDFs off the main thread: one worker, started on the first request (so the PDF
// library and its fonts load only once a résumé is shown), answering in order.
import type { PageLook, Portfolio } from '@folioforge/templates';
import type { MadeResumeFile, MakeResumeAnswer, MakeResumeRequest } from './protocol';

export interface ResumeMaker {
  make(portfolio: Portfolio, templateId: string, look?: PageLook): Promise<MadeResumeFile>;
}

/** What the maker needs of a worker (a Worker, or a CrossOriginWorker starting one). */
export interface ResumeWorker {
  onmessage: ((event: MessageEvent<MakeResumeAnswer>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: MakeResumeRequest): void;
  terminate(): void;
}

export function workerResumeMaker(start: () => Promise<ResumeWorker>): ResumeMaker {
  let worker: Promise<ResumeWorker> | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (file: MadeResumeFile) => void; reject: (error: Error) => void }>();
  const failAll = (message: string) => {
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
    void worker?.then(
      (stopped) => stopped.terminate(),
      () => undefined,
    );
    worker = undefined; // the next request starts a fresh one
  };
  const listen = (started: ResumeWorker) => {
    started.onmessage = (event: MessageEvent<MakeResumeAnswer>) => {
      const answer = event.data;
      const pending = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (answer.ok) pending?.resolve({ pdf: answer.pdf, fileName: answer.fileName });
      else pending?.reject(new Error(answer.message));
    };
    started.onerror = (event) => {
      event.preventDefault();
      failAll(event.message || 'The résumé maker stopped.');
    };
    return started;
  };
  return {
    make(portfolio, templateId, look) {
      return new Promise((resolve, reject) => {
        const id = ++nextId;
        waiting.set(id, { resolve, reject });
        const request: MakeResumeRequest = { id, portfolio, templateId, look };
        worker ??= start().then(listen);
        worker.then(
          (started) => started.postMessage(request),
          (error: unknown) => {
            worker = undefined;
            waiting.delete(id);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    },
  };
}
