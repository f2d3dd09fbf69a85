// The shell's entry asks for the app's code (the bootstrap chunk and the shared libraries behind it).
// On a page rendered ahead it waits until the browser has drawn the copy: that first frame then needs
// the HTML alone, not the shell's chunks downloaded and run, and it shows the whole page at once.
import { afterEach, beforeEach, expect, jest, test } from '@jest/globals';

let mockStarts = 0;
jest.mock('./bootstrap', () => {
  mockStarts += 1;
  return {};
});

/** Frames the page asked to draw, drawn when the test says so. */
let frames: FrameRequestCallback[] = [];

beforeEach(() => {
  jest.resetModules();
  mockStarts = 0;
  frames = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
});

afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
  Reflect.deleteProperty(document, 'visibilityState');
});

/** Lets queued tasks and the dynamic import settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

function drawFrame() {
  const drawing = frames;
  frames = [];
  for (const callback of drawing) callback(performance.now());
}

test('with a copy rendered ahead, the app is started only after the browser has drawn a frame', async () => {
  document.body.innerHTML = '<div id="prerendered"><h1>Input Section</h1></div><div id="root" hidden></div>';
  await import('./index');
  await settle();
  expect(mockStarts).toBe(0);
  drawFrame();
  await settle();
  expect(mockStarts).toBe(1);
});

test('without a copy (the plain shell page, or a visitor with a session), it starts at once', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  await import('./index');
  await settle();
  expect(mockStarts).toBe(1);
  expect(frames).toHaveLength(0);
});

test('in a tab opened in the background, which draws no frames, it starts at once', async () => {
  document.body.innerHTML = '<div id="prerendered"><h1>Input Section</h1></div><div id="root" hidden></div>';
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  await import('./index');
  await settle();
  expect(mockStarts).toBe(1);
});
