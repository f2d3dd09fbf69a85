import { useEffect, useState, type RefObject } from 'react';

/** Calls `onChange` with whether the element is within `margin` of the viewport, as that changes; returns the stop. */
function watchNearView(element: Element, margin: string, onChange: (near: boolean) => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onChange(true);
    return () => {};
  }
  // Entries come in order: the last says where the element is now.
  const observer = new IntersectionObserver((entries) => onChange(entries.at(-1)?.isIntersecting ?? false), { rootMargin: margin });
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * True once the element comes within `margin` of the viewport, and for good: what sits further down
 * (the resume viewer, the checkout button) loads when the visitor heads its way, not with the first
 * screen. Where IntersectionObserver is missing, at once.
 */
export function useNearView(ref: RefObject<Element | null>, margin: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    return watchNearView(element, margin, (now) => now && setNear(true));
  }, [ref, margin, near]);
  return near;
}

/**
 * Whether the element is within `margin` of the viewport now: what only matters while seen (a hint
 * that follows another field as it is typed) follows it only then, and costs nothing per key the
 * rest of the time. Where IntersectionObserver is missing, always.
 */
export function useInView(ref: RefObject<Element | null>, margin: string): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    return watchNearView(element, margin, setInView);
  }, [ref, margin]);
  return inView;
}
