// The shell's entry asks for the app's code (the bootstrap chunk and the shared libraries behind it).
// On a page rendered ahead it waits until the browser has drawn the copy: that first frame then needs
// the HTML alone, not the shell's chunks downloaded and run, and it shows the whole page at once.
// The largest libraries are downloaded at once and each runs in a task of its own, in order, before
// the app's code.
import { afterEach, beforeEach, expect, jest, test } from '@jest/globals';

/** What the entry ran, in order, and in which turn of the event loop (a macrotask counter). */
let mockRuns: { module: string; turn: number }[] = [];
let turn = 0;
const mockRan = (module: string) => mockRuns.push({ module, turn });
/** The libraries the entry asked the federation runtime for (downloaded, not yet run). */
let mockLoaded: string[] = [];
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadShare: async (name: string) => {
    mockLoaded.push(name);
    return () => mockRan(name);
  },
}));
jest.mock('./bootstrap', () => mockRan('./bootstrap'));
const starts = () => mockRuns.filter((run) => run.module === './bootstrap').length;

/** Frames the page asked to draw, drawn when the test says so. */
let frames: FrameRequestCallback[] = [];

beforeEach(() => {
  jest.resetModules();
  mockRuns = [];
  mockLoaded = [];
  frames = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
});

afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
  Reflect.deleteProperty(document, 'visibilityState');
});

/** Lets queued tasks and the dynamic imports settle, counting the turns of the event loop meanwhile. */
async function settle() {
  for (let step = 0; step < 20; step += 1) {
    turn += 1;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

function drawFrame() {
  const drawing = frames;
  frames = [];
  for (const callback of drawing) callback(performance.now());
}

test('with a copy rendered ahead, the app is started only after the browser has drawn a frame', async () => {
  document.body.innerHTML = '<div id="prerendered"><h1>Input Section</h1></div><div id="root" hidden></div>';
  await import('./index');
  await settle();
  expect(starts()).toBe(0);
  drawFrame();
  await settle();
  expect(starts()).toBe(1);
});

test('without a copy (the plain shell page, or a visitor with a session), it starts at once', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  await import('./index');
  await settle();
  expect(starts()).toBe(1);
  expect(frames).toHaveLength(0);
});

test('in a tab opened in the background, which draws no frames, it starts at once', async () => {
  document.body.innerHTML = '<div id="prerendered"><h1>Input Section</h1></div><div id="root" hidden></div>';
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  await import('./index');
  await settle();
  expect(starts()).toBe(1);
});

test('react-dom, the router and shared are asked for at once, then run one per task, then the app', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  await import('./index');
  await settle();
  expect(mockLoaded).toEqual(['react-dom', 'react-router-dom', '@folioforge/shared']);
  expect(mockRuns.map((run) => run.module)).toEqual(['react-dom', 'react-router-dom', '@folioforge/shared', './bootstrap']);
  const turns = mockRuns.map((run) => run.turn);
  expect(new Set(turns).size).toBe(turns.length);
});
