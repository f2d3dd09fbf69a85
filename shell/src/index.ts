import { afterNextPaint } from './startup/afterNextPaint';

// Async boundary: shared singletons are negotiated before any of them is used.
const start = () => void import('./bootstrap');

// A page rendered ahead (tooling/prerender.mjs) is drawn whole before the app's files are asked for:
// its first full frame then waits for the HTML alone, not for the shell's chunks to arrive and run.
if (document.getElementById('prerendered')) afterNextPaint(start);
else start();
