import { useId } from 'react';

/**
 * Element ids for a preview's sections, unique per preview instance, so two previews on a page (or
 * the host's own elements) never share an id and the anchors still point at the right section.
 */
export function useSectionIds<Name extends string>(names: readonly Name[]): Record<Name, string> {
  const prefix = `ff${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return Object.fromEntries(names.map((name) => [name, `${prefix}-${name}`])) as Record<Name, string>;
}
