import { useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Changes when a navigation brings something to open (a template picked, "Start a new one"), so the
 * screen starts over; not when the screen itself drops that state again (replace without state).
 */
export function useOpeningKey(): number {
  const location = useLocation();
  const seen = useRef({ key: location.key, count: 0 });
  if (location.key !== seen.current.key) {
    seen.current = { key: location.key, count: location.state ? seen.current.count + 1 : seen.current.count };
  }
  return seen.current.count;
}
