import { useCallback, useState, type KeyboardEvent } from 'react';

interface CarouselControls {
  /** Index of the slide on show, 0-based. */
  index: number;
  count: number;
  /** Next slide; the last wraps to the first. */
  next: () => void;
  /** Previous slide; the first wraps to the last. */
  previous: () => void;
  goTo: (index: number) => void;
  /** ArrowLeft/ArrowRight step through the slides while focus is anywhere inside the carousel. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/** Wraps any integer into 0..count-1, so stepping past either end comes round again. */
function wrap(index: number, count: number): number {
  return ((index % count) + count) % count;
}

/** State of a carousel that wraps at both ends (after the last slide comes the first) and answers the arrow keys. */
export function useCarousel(count: number, initialIndex = 0): CarouselControls {
  if (count < 1) throw new Error('useCarousel needs at least one slide');
  const [index, setIndex] = useState(() => wrap(initialIndex, count));

  const next = useCallback(() => setIndex((current) => wrap(current + 1, count)), [count]);
  const previous = useCallback(() => setIndex((current) => wrap(current - 1, count)), [count]);
  const goTo = useCallback((target: number) => setIndex(wrap(target, count)), [count]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key === 'ArrowLeft') {
        event.preventDefault();
        previous();
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        next();
      }
    },
    [next, previous],
  );

  return { index, count, next, previous, goTo, onKeyDown };
}
