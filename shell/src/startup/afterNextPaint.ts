/**
 * Runs the task after the browser has painted what the page holds now: a frame, then a task. A hidden
 * page draws no frames, so there it runs at once.
 */
export function afterNextPaint(task: () => void): void {
  if (document.visibilityState === 'hidden') setTimeout(task, 0);
  else requestAnimationFrame(() => setTimeout(task, 0));
}
