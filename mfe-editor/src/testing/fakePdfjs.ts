// A stand-in for pdfjs-dist in jsdom (no canvas, no workers): a document of `pageCount` pages
// whose render calls are recorded. Real drawing is checked in Chromium by the e2e suite.
export interface FakePdf {
  pageCount: number;
  renderedPages: number[];
  loadedUrls: string[];
  failNextLoad: boolean;
  /** When set, getPage waits until the document is destroyed and then rejects, as pdf.js does when its worker stops. */
  holdPages: boolean;
}

export const fakePdf: FakePdf = { pageCount: 3, renderedPages: [], loadedUrls: [], failNextLoad: false, holdPages: false };

export function resetFakePdf(pageCount = 3): void {
  Object.assign(fakePdf, { pageCount, renderedPages: [], loadedUrls: [], failNextLoad: false, holdPages: false });
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
      return {
        promise: fail ? Promise.reject(new Error('Invalid PDF structure')) : Promise.resolve(document),
        destroy: jest.fn(async () => {
          loadingTask.destroyed = true;
          for (const reject of heldPages) reject(new Error('Worker was terminated'));
        }),
      };
    }),
  };
}
