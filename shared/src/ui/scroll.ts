// Scrolling helpers for the previews. A preview can sit in the page itself (/template1) or in a
// scrolling panel (the design screen), so they act on the nearest scroll container.

/** How long scrolling back to the top takes, as the product specifies. */
const SCROLL_TO_TOP_MS = 500;

interface ScrollTarget {
  /** What listens for 'scroll' events (an element or the window). */
  eventTarget: EventTarget;
  getTop(): number;
  setTop(top: number): void;
}

function windowTarget(): ScrollTarget {
  return {
    eventTarget: window,
    getTop: () => window.scrollY,
    setTop: (top) => window.scrollTo(0, top),
  };
}

/** The nearest ancestor that scrolls vertically, or the window. */
export function findScrollTarget(start: Element | null): ScrollTarget {
  for (let node = start?.parentElement ?? null; node && node !== document.body; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) {
      const element = node;
      return {
        eventTarget: element,
        getTop: () => element.scrollTop,
        setTop: (top) => {
          element.scrollTop = top;
        },
      };
    }
  }
  return windowTarget();
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const easeInOutQuad = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * Scrolls `target` to the top over `durationMs` with requestAnimationFrame (the spec's 500 ms,
 * which CSS smooth scrolling cannot promise). Jumps at once when the visitor prefers reduced motion.
 * Returns a function that cancels the animation.
 */
export function animateScrollToTop(target: ScrollTarget, durationMs = SCROLL_TO_TOP_MS): () => void {
  const from = target.getTop();
  if (from <= 0) return () => undefined;
  if (prefersReducedMotion() || durationMs <= 0) {
    target.setTop(0);
    return () => undefined;
  }
  let frame = 0;
  let startedAt: number | undefined;
  const step = (now: number) => {
    startedAt ??= now;
    const progress = Math.min(1, (now - startedAt) / durationMs);
    target.setTop(Math.round(from * (1 - easeInOutQuad(progress))));
    if (progress < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}

/** Brings a section into view without touching the URL hash (the host's router owns the URL). */
export function scrollToSection(element: Element | null): void {
  element?.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
}
