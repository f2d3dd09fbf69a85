import { useEffect, useRef } from 'react';

/**
 * Moves keyboard and screen-reader focus to an element whenever `value` becomes truthy or changes,
 * e.g. to a freshly shown error so the visitor hears it and lands next to the fix.
 */
export function useFocusOnChange<T extends HTMLElement>(value: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (value) ref.current?.focus();
  }, [value]);
  return ref;
}
