// A server has no DOM to sanitise rich text with; jsdom gives one (npm:jsdom on Deno). One window
// serves every render: DOMPurify only builds detached nodes in it, nothing is loaded or run.
import { JSDOM } from 'jsdom';

let window: unknown;

export function sanitizingWindow(): unknown {
  window ??= new JSDOM('<!doctype html><html><body></body></html>').window;
  return window;
}
