import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GlobalWorkerOptions } from 'pdfjs-dist';
import ResumeViewer from './ResumeViewer';
import { resolvePdfWorkerSrc } from './pdfWorker';
import { fakePdf, releaseOpen, resetFakePdf } from '../testing/fakePdfjs';

jest.mock('pdfjs-dist', () => jest.requireActual('../testing/fakePdfjs').fakePdfjsModule());
jest.mock('./pdfWorkerAssetUrl', () => ({ PDF_WORKER_ASSET_URL: 'http://localhost/assets/pdf.worker.min.mjs' }));

beforeEach(() => {
  resetFakePdf(3);
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as unknown as CanvasRenderingContext2D);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('shows page 1 of n with Previous/Next page controls, drawn 600 px high', async () => {
  const user = userEvent.setup();
  render(<ResumeViewer url="blob:http://localhost/cv" title="Your resume" />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading the resume');
  expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
  const previous = screen.getByRole('button', { name: 'Previous page' });
  const next = screen.getByRole('button', { name: 'Next page' });
  expect(previous).toBeDisabled();
  const canvas = screen.getByRole('img', { name: 'Your resume, page 1' });
  expect(canvas.style.height).toBe('600px');
  expect(fakePdf.loadedUrls).toEqual(['blob:http://localhost/cv']);
  // The worker is set before the first document loads (same origin here: the asset URL itself).
  expect(GlobalWorkerOptions.workerSrc).toBe('http://localhost/assets/pdf.worker.min.mjs');

  await user.click(next);
  expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  await user.click(next);
  expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
  expect(next).toBeDisabled();
  await user.click(previous);
  expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  expect(fakePdf.renderedPages).toEqual([1, 2, 3, 2]);
});

test('a new document starts again at page 1', async () => {
  const user = userEvent.setup();
  const { rerender } = render(<ResumeViewer url="blob:one" title="Your resume" />);
  await user.click(await screen.findByRole('button', { name: 'Next page' }));
  expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  resetFakePdf(1);
  rerender(<ResumeViewer url="blob:two" title="Your resume" />);
  expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
});

test('choosing another PDF while a page is still being fetched replaces it quietly', async () => {
  const unhandled = jest.fn();
  process.on('unhandledRejection', unhandled);
  try {
    fakePdf.holdPages = true;
    const { rerender } = render(<ResumeViewer url="blob:sample" title="Sample resume" />);
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    // The sample's page 1 is still on its way when the visitor's own PDF arrives.
    resetFakePdf(2);
    rerender(<ResumeViewer url="blob:mine" title="Your resume" />);
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fakePdf.renderedPages).toEqual([1]);
    expect(unhandled).not.toHaveBeenCalled();
    expect(console.warn).not.toHaveBeenCalled();
  } finally {
    process.off('unhandledRejection', unhandled);
  }
});

test('choosing another PDF while the sample is still opening waits for it before closing it', async () => {
  fakePdf.holdOpen = true;
  const { rerender } = render(<ResumeViewer url="blob:sample" title="Sample resume" />);
  await waitFor(() => expect(fakePdf.loadedUrls).toEqual(['blob:sample']));
  fakePdf.holdOpen = false;
  fakePdf.pageCount = 2;
  rerender(<ResumeViewer url="blob:mine" title="Your resume" />);
  expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
  releaseOpen();
  await new Promise((resolve) => setTimeout(resolve, 0));
  // pdf.js's worker throws an uncatchable "Worker was terminated" when a document is destroyed mid-open.
  expect(fakePdf.destroyedWhileOpening).toBe(0);
  expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
});

test('a PDF that cannot be read says so', async () => {
  fakePdf.failNextLoad = true;
  render(<ResumeViewer url="blob:bad" title="Your resume" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('This PDF could not be shown');
});

describe('worker address', () => {
  test('same origin: used as it is', async () => {
    await expect(resolvePdfWorkerSrc('http://localhost/assets/w.mjs')).resolves.toBe('http://localhost/assets/w.mjs');
  });

  test("another origin (the remote's server inside the shell): fetched and started from a blob: URL", async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('self.onmessage = () => {};'));
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:http://localhost/worker') });
    await expect(resolvePdfWorkerSrc('http://localhost:3003/assets/w.mjs')).resolves.toBe('blob:http://localhost/worker');
    expect(fetchMock).toHaveBeenCalledWith('http://localhost:3003/assets/w.mjs');
  });

  test("another origin that cannot be fetched: the URL, for pdf.js's own fallback", async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(resolvePdfWorkerSrc('http://localhost:3003/assets/w.mjs')).resolves.toBe('http://localhost:3003/assets/w.mjs');
  });
});
