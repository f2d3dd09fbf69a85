import { afterNextPaint } from './startup/afterNextPaint';

/** A new task: what ran before it and what runs after are separate tasks, with input handled between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Async boundary: shared singletons are negotiated before any of them is used. The largest libraries
// are asked for at once and each runs (is evaluated) as it arrives; the app's own code then runs in a
// task of its own. Asked for by './bootstrap' alone, all of them ran in one long task once the last
// file had come (about 30 ms of a desktop's main thread, four times that on a phone).
const start = async () => {
  await Promise.all([import('react-dom/client'), import('react-router-dom'), import('@folioforge/shared')]);
  await nextTask();
  await import('./bootstrap');
};

// A page rendered ahead (tooling/prerender.mjs) is drawn whole before the app's files are asked for:
// its first full frame then waits for the HTML alone, not for the shell's chunks to arrive and run.
if (document.getElementById('prerendered')) afterNextPaint(() => void start());
else void start();
