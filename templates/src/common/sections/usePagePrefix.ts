import { useId } from 'react';

/** A prefix for a page's element ids, unique per page drawn, so two previews on one screen never share an id. */
export function usePagePrefix(): string {
  return `ff${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
}
