// The generator's resume viewer: pdf.js draws one page at a time on a canvas 600 px high.
// Loaded only through React.lazy (see LazyResumeViewer), so pdf.js is in /portfo's chunks alone.
import { useEffect, useId, useRef, useState } from 'react';
import { getDocument, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import { Button } from '@folioforge/shared';
import { configurePdfWorker } from './pdfWorker';
import styles from './ResumeViewer.module.scss';

/** The resume preview is 600 px high. */
const RESUME_VIEWER_HEIGHT_PX = 600;

interface ResumeViewerProps {
  /** blob: URL of the chosen PDF, or the bundled sample's URL. */
  url: string;
  /** What the document is, for assistive tech: 'Your resume' or 'Sample resume'. */
  title: string;
  /**
   * A new version of the same document (the résumé made as you type): the page drawn stays until
   * the new one is open, on the same page number, instead of starting again at page 1.
   */
  follows?: boolean;
}

type LoadState = { phase: 'loading' } | { phase: 'ready'; document: PDFDocumentProxy; url: string } | { phase: 'failed'; message: string };

export default function ResumeViewer({ url, title, follows = false }: ResumeViewerProps) {
  const [load, setLoad] = useState<LoadState>({ phase: 'loading' });
  const [pageNumber, setPageNumber] = useState(1);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const statusId = useId();

  useEffect(() => {
    let cancelled = false;
    if (!follows) {
      setLoad({ phase: 'loading' });
      setPageNumber(1);
    }
    let destroyTask: (() => Promise<void>) | undefined;
    configurePdfWorker()
      .then(() => {
        if (cancelled) return undefined;
        // isEvalSupported off: fonts are never compiled with eval (and a strict CSP keeps working).
        const task = getDocument({ url, isEvalSupported: false, verbosity: 0 });
        // A document destroyed while pdf.js is still opening it makes the worker side throw
        // "Worker was terminated" where nothing can catch it: let the opening settle first.
        const opened = task.promise.then(
          () => undefined,
          () => undefined,
        );
        destroyTask = () => opened.then(() => task.destroy());
        return task.promise;
      })
      .then((document) => {
        if (cancelled || !document) return;
        setLoad({ phase: 'ready', document, url });
        setPageNumber((n) => Math.min(n, document.numPages));
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('[FolioForge] the resume could not be shown:', error);
        setLoad({ phase: 'failed', message: 'This PDF could not be shown. It may be damaged or password-protected; try another file.' });
      });
    return () => {
      cancelled = true;
      // Destroying stops the worker; whatever it still owed this document is rejected, and ignored below.
      destroyTask?.().catch(() => undefined);
    };
  }, [url, follows]);

  const document = load.phase === 'ready' ? load.document : undefined;
  const drawnUrl = load.phase === 'ready' ? load.url : '';
  const pageCount = document?.numPages ?? 0;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!document || !canvas) return undefined;
    let renderTask: RenderTask | undefined;
    let cancelled = false;
    const drawPage = async () => {
      const page = await document.getPage(pageNumber);
      if (cancelled) return;
      const natural = page.getViewport({ scale: 1 });
      const cssScale = RESUME_VIEWER_HEIGHT_PX / natural.height;
      // Drawn at the screen's pixel density so text stays sharp, shown at 600 CSS px high.
      const pixelRatio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: cssScale * pixelRatio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(natural.width * cssScale)}px`;
      canvas.style.height = `${RESUME_VIEWER_HEIGHT_PX}px`;
      const context = canvas.getContext('2d');
      if (!context) return;
      renderTask = page.render({ canvasContext: context, viewport });
      await renderTask.promise;
      // Which PDF the canvas shows now: what the bench times a new résumé to.
      canvas.dataset.drawn = drawnUrl;
    };
    drawPage().catch((error: unknown) => {
      // A newer page or document replaced this one mid-draw (the old worker is gone): expected, nothing to report.
      const replaced =
        cancelled || document.loadingTask.destroyed || (error as { name?: string } | null)?.name === 'RenderingCancelledException';
      if (replaced) return;
      console.warn('[FolioForge] page render failed:', error);
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
    };
  }, [document, drawnUrl, pageNumber]);

  return (
    // data-document: the PDF drawn, for the browser tests that read what the viewer got.
    <figure className={styles.viewer} aria-label={title} data-document={url}>
      <div className={styles.page}>
        {load.phase === 'loading' ? (
          <p role="status" className={styles.message}>
            Loading the resume…
          </p>
        ) : null}
        {load.phase === 'failed' ? (
          <p role="alert" className={styles.message}>
            {load.message}
          </p>
        ) : null}
        <canvas
          ref={canvasRef}
          className={styles.canvas}
          hidden={load.phase !== 'ready'}
          role="img"
          aria-label={`${title}, page ${pageNumber}`}
        />
      </div>
      {document ? (
        <figcaption className={styles.controls}>
          <Button
            variant="secondary"
            onClick={() => setPageNumber((n) => Math.max(1, n - 1))}
            disabled={pageNumber <= 1}
            aria-controls={statusId}
          >
            Previous page
          </Button>
          <span id={statusId} aria-live="polite" className={styles.pageStatus}>
            Page {pageNumber} of {pageCount}
          </span>
          <Button
            variant="secondary"
            onClick={() => setPageNumber((n) => Math.min(pageCount, n + 1))}
            disabled={pageNumber >= pageCount}
            aria-controls={statusId}
          >
            Next page
          </Button>
        </figcaption>
      ) : null}
    </figure>
  );
}
