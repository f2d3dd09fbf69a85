// Stands in for the résumé worker in jsdom (which has no Worker, and jest cannot parse the real
// start's import.meta): it answers each request with a small "PDF" naming the portfolio's owner
// and remembers what it was asked. The real PDF is read by pdf.js in the templates' tests and in Chromium.
// It answers only in the tests of the résumé (`answering`); elsewhere a résumé stays "being made",
// as with a slow worker, and the screen under test must work meanwhile.
import type { MakeResumeAnswer, MakeResumeRequest } from '../resume/made/protocol';
import type { ResumeWorker } from '../resume/made/resumeMaker';

export const fakeResumeWorker = {
  requests: [] as MakeResumeRequest[],
  /** When set, the next request is answered with this failure. */
  failNext: '',
  answering: false,
};

export function resetFakeResumeWorker(): void {
  fakeResumeWorker.requests = [];
  fakeResumeWorker.failNext = '';
  fakeResumeWorker.answering = false;
}

/** The bytes the fake answers with for a portfolio's owner. */
export const fakeResumeBytes = (name: string): Uint8Array => new TextEncoder().encode(`%PDF-1.7 fake résumé of ${name}`);

export function startResumeWorker(): ResumeWorker {
  const worker = {
    onmessage: null as ((event: MessageEvent<MakeResumeAnswer>) => void) | null,
    onerror: null as ((event: ErrorEvent) => void) | null,
    postMessage(request: MakeResumeRequest) {
      fakeResumeWorker.requests.push(request);
      if (!fakeResumeWorker.answering) return;
      const failure = fakeResumeWorker.failNext;
      fakeResumeWorker.failNext = '';
      const answer: MakeResumeAnswer = failure
        ? { id: request.id, ok: false, message: failure }
        : { id: request.id, ok: true, pdf: fakeResumeBytes(request.portfolio.profile.name), fileName: 'fake-resume.pdf' };
      setTimeout(() => worker.onmessage?.({ data: answer } as MessageEvent<MakeResumeAnswer>), 0);
    },
    terminate() {},
  };
  return worker;
}
