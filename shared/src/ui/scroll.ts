// Scrolling helpers for the previews. A preview can sit in the page itself (/template1) or in a
// scrolling panel (the design screen), so they act on the nearest scroll container.

/** How long scrolling back to the top takes, as the product specifies. */
const SCROLL_TO_TOP_MS = 500;

interface ScrollTarget {
  /** What listens for 'scroll' events (an element or the window). */
  eventTarget: EventTarget;
  getTop(): number;
  setTop(top: number): void;
  /** The furthest down it scrolls. */
  getMaxTop(): number;
  /** Where its visible area starts, in the viewport. */
  getViewTop(): number;
  scrollTo(top: number, behavior: ScrollBehavior): void;
}

function windowTarget(): ScrollTarget {
  return {
    eventTarget: window,
    getTop: () => window.scrollY,
    setTop: (top) => window.scrollTo(0, top),
    getMaxTop: () => document.documentElement.scrollHeight - window.innerHeight,
    getViewTop: () => 0,
    scrollTo: (top, behavior) => window.scrollTo({ top, behavior }),
  };
}

function elementTarget(element: HTMLElement): ScrollTarget {
  return {
    eventTarget: element,
    getTop: () => element.scrollTop,
    setTop: (top) => {
      element.scrollTop = top;
    },
    getMaxTop: () => element.scrollHeight - element.clientHeight,
    getViewTop: () => element.getBoundingClientRect().top + element.clientTop,
    scrollTo: (top, behavior) => element.scrollTo({ top, behavior }),
  };
}

/** The nearest ancestor that scrolls vertically, or null when that is the page itself. */
export function findScrollBox(start: Element | null): HTMLElement | null {
  for (let node = start?.parentElement ?? null; node && node !== document.body; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

/** The nearest ancestor that scrolls vertically, or the window. */
export function findScrollTarget(start: Element | null): ScrollTarget {
  const box = findScrollBox(start);
  return box ? elementTarget(box) : windowTarget();
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

/** Scrolls that end the placing of an element: the visitor has taken over. */
const VISITOR_SCROLLS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
/** How often an element is placed again after its first scroll ends. */
const MAX_PLACINGS = 3;
/** How long an element is kept in place at most, should a browser not report where scrolls end. */
const PLACING_MS = 4000;
/** Placings under way, one a scroll box: a new one replaces the last. */
const placings = new WeakMap<EventTarget, () => void>();

/**
 * Scrolls `scrollBox` (the element's nearest by default; null for the page) smoothly, unless the
 * visitor prefers reduced motion, until `element` sits `gap` px below the top of its visible area,
 * or as near as the box scrolls.
 *
 * A smooth scroll aims at where the element is when it starts. Parts of a page drawn only once they
 * come into sight (`content-visibility: auto`, as in the editor's preview) stand at a guessed height
 * until then, so on a long page the element moves while the scroll is under way. When the scroll
 * ends, the element is placed again, until it is in place, at most three times. The visitor's own
 * wheel, touch, click or key ends this, as does a later call for the same box.
 */
export function scrollElementTo(element: Element, gap: number, scrollBox: HTMLElement | null = findScrollBox(element)): void {
  const box = scrollBox ? elementTarget(scrollBox) : windowTarget();
  placings.get(box.eventTarget)?.();
  const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
  const distance = () => {
    const wanted = box.getTop() + element.getBoundingClientRect().top - box.getViewTop() - gap;
    return Math.round(Math.max(0, Math.min(wanted, box.getMaxTop())) - box.getTop());
  };
  if (Math.abs(distance()) < 2) return;
  let placed = 0;
  const place = () => {
    const left = distance();
    if (Math.abs(left) < 2 || placed > MAX_PLACINGS) return stop();
    placed += 1;
    box.scrollTo(box.getTop() + left, behavior);
  };
  const timer = setTimeout(() => stop(), PLACING_MS);
  const stop = () => {
    clearTimeout(timer);
    box.eventTarget.removeEventListener('scrollend', place);
    for (const type of VISITOR_SCROLLS) box.eventTarget.removeEventListener(type, stop);
    if (placings.get(box.eventTarget) === stop) placings.delete(box.eventTarget);
  };
  placings.set(box.eventTarget, stop);
  box.eventTarget.addEventListener('scrollend', place);
  for (const type of VISITOR_SCROLLS) box.eventTarget.addEventListener(type, stop, { passive: true });
  place();
}

/**
 * Brings a section to the top of its scroll box, below its `scroll-margin-top`, without touching the URL
 * hash (the host's router owns the URL). The margin is in the page's own pixels: a page drawn scaled
 * (the editor's Desktop preview, CSS `zoom`) has its header, and so the margin, scaled with it.
 */
export function scrollToSection(element: Element | null): void {
  if (!element) return;
  const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  scrollElementTo(element, margin * (element.currentCSSZoom ?? 1));
}
