import { loadShare } from '@module-federation/enhanced/runtime';
import { afterNextPaint } from './startup/afterNextPaint';
import { nextTask } from './startup/nextTask';

/** The largest libraries the app starts with, each after those it uses. */
const LIBRARIES = ['react-dom', 'react-router-dom', '@folioforge/shared'] as const;

// Async boundary: shared singletons are negotiated before any of them is used. The libraries are
// downloaded together (loadShare fetches a shared module's files without running it), then each runs
// (is evaluated) in a task of its own, and the app's own code in one after them. Run as './bootstrap'
// needs them, all of them ran in one long task once the last file had come (about 30 ms of a
// desktop's main thread, four times that on a phone).
const start = async () => {
  // Each loadShare's own start (the runtime's bookkeeping, a script tag per file) runs in a task of
  // its own too: the three in one task took ~15 ms of a desktop's main thread, right after the first paint.
  const pending: ReturnType<typeof loadShare>[] = [];
  for (const name of LIBRARIES) {
    pending.push(loadShare(name));
    await nextTask();
  }
  const libraries = await Promise.all(pending);
  for (const evaluate of libraries) {
    if (evaluate) evaluate();
    await nextTask();
  }
  await import('./bootstrap');
};

// A page rendered ahead (tooling/prerender.mjs) is drawn whole before the app's files are asked for:
// its first full frame then waits for the HTML alone, not for the shell's chunks to arrive and run.
if (document.getElementById('prerendered')) afterNextPaint(() => void start());
else void start();
