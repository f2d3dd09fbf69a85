import { loadRemote } from '@module-federation/enhanced/runtime';
import { FederatedRegion, UnavailableNotice, type FederatedModule } from '@folioforge/shared';
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

const NO_PROPS = {};

/** A federated screen in its own region: loading, failure and retry stay inside it. */
export function RemoteScreen({ id }: { id: string }) {
  return (
    <FederatedRegion
      id={id}
      load={loadScreen}
      props={NO_PROPS}
      loading={<RemoteLoading />}
      unavailable={(retry) => <UnavailableNotice onRetry={retry} />}
    />
  );
}
