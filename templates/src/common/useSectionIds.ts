import { useId, useMemo } from 'react';

/**
 * Element ids for a preview's sections, unique per preview instance, so two previews on a page (or
 * the host's own elements) never share an id and the anchors still point at the right section.
 * The same object on every render (`names` is a constant list), so memoised sections can take it.
 */
export function useSectionIds<Name extends string>(names: readonly Name[]): Record<Name, string> {
  const prefix = `ff${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => Object.fromEntries(names.map((name) => [name, `${prefix}-${name}`])) as Record<Name, string>, [prefix]);
}
