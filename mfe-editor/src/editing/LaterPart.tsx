import type { ReactNode } from 'react';
import { FederatedRegion, UnavailableNotice, type FederatedModule } from '@folioforge/shared';

/**
 * A part of a screen in a chunk of its own (the publish panel, the text editor, the résumé viewer, page
 * views). A chunk that cannot load (the visitor went offline while it was on its way) fails inside its
 * part, with Try again, and loads by itself once the browser is back online: the form the visitor is
 * typing in stays. `load` is a module-level function (a part is remembered by it and its name).
 */
export function LaterPart<P extends object>({
  name,
  load,
  props,
  loading,
}: {
  /** The chunk's name, for the console. */
  name: string;
  load: () => Promise<FederatedModule<P>>;
  props: P;
  loading: ReactNode;
}) {
  return (
    <FederatedRegion id={name} load={load} props={props} loading={loading} unavailable={(retry) => <UnavailableNotice onRetry={retry} />} />
  );
}
