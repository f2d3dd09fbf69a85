import { loadRemote } from '@module-federation/enhanced/runtime';
import { FederatedRegion, UnavailableNotice, loadSupabase, type FederatedModule } from '@folioforge/shared';
import styles from './RemoteScreen.module.scss';

export function RemoteLoading() {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      Loading…
    </div>
  );
}

/** Screens come through the shell's runtime, where every remote is registered from app-config.json. */
const loadScreen = (id: string) => loadRemote<FederatedModule<object>>(id);
/** The screen and supabase-js side by side, for screens that call getSupabase() as they render. */
const loadScreenWithClient = async (id: string) => (await Promise.all([loadScreen(id), loadSupabase()]))[0];

const NO_PROPS = {};

/**
 * A federated screen in its own region: loading, failure and retry stay inside it. `needsClient`:
 * the screen renders only once supabase-js has loaded.
 */
export function RemoteScreen({ id, needsClient = false }: { id: string; needsClient?: boolean }) {
  return (
    <FederatedRegion
      id={id}
      load={needsClient ? loadScreenWithClient : loadScreen}
      props={NO_PROPS}
      loading={<RemoteLoading />}
      unavailable={(retry) => <UnavailableNotice onRetry={retry} />}
    />
  );
}
