// A stand-in for pdfjs-dist in jsdom (no canvas, no workers): a document of `pageCount` pages
// whose render calls are recorded. Real drawing is checked in Chromium by the e2e suite.
export interface FakePdf {
  pageCount: number;
  renderedPages: number[];
  loadedUrls: string[];
  failNextLoad: boolean;
  /** When set, getPage waits until the document is destroyed and then rejects, as pdf.js does when its worker stops. */
  holdPages: boolean;
  /** When set, opening a document waits for `releaseOpen()`; pdf.js's worker throws if destroyed meanwhile. */
  holdOpen: boolean;
  /** Destroy calls that came while a document was still opening (what the real worker cannot survive). */
  destroyedWhileOpening: number;
}

export const fakePdf: FakePdf = {
  pageCount: 3,
  renderedPages: [],
  loadedUrls: [],
  failNextLoad: false,
  holdPages: false,
  holdOpen: false,
  destroyedWhileOpening: 0,
};

const heldOpens: Array<() => void> = [];

/** Lets every held document open. */
export function releaseOpen(): void {
  for (const release of heldOpens.splice(0)) release();
}

export function resetFakePdf(pageCount = 3): void {
  Object.assign(fakePdf, {
    pageCount,
    renderedPages: [],
    loadedUrls: [],
    failNextLoad: false,
    holdPages: false,
    holdOpen: false,
    destroyedWhileOpening: 0,
  });
  heldOpens.length = 0;
}

export function fakePdfjsModule() {
  return {
    GlobalWorkerOptions: { workerSrc: '' },
    getDocument: jest.fn(({ url }: { url: string }) => {
      fakePdf.loadedUrls.push(url);
      const fail = fakePdf.failNextLoad;
      fakePdf.failNextLoad = false;
      const loadingTask = { destroyed: false };
      const heldPages: Array<(error: Error) => void> = [];
      const document = {
        numPages: fakePdf.pageCount,
        loadingTask,
        getPage: jest.fn(async (pageNumber: number) => {
          if (fakePdf.holdPages) await new Promise((_resolve, reject) => heldPages.push(reject));
          return {
            getViewport: ({ scale }: { scale: number }) => ({ width: 612 * scale, height: 792 * scale }),
            render: () => {
              fakePdf.renderedPages.push(pageNumber);
              return { promise: Promise.resolve(), cancel: jest.fn() };
            },
          };
        }),
      };
      let opening = fakePdf.holdOpen;
      const opened = opening ? new Promise<void>((resolve) => heldOpens.push(resolve)) : Promise.resolve();
      const promise = opened.then(() => {
        opening = false;
        if (fail) throw new Error('Invalid PDF structure');
        return document;
      });
      return {
        promise,
        destroy: jest.fn(async () => {
          if (opening) fakePdf.destroyedWhileOpening += 1;
          loadingTask.destroyed = true;
          for (const reject of heldPages) reject(new Error('Worker was terminated'));
        }),
      };
    }),
  };
}
