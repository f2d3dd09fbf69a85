import { lazy, Suspense, useState, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { RegionErrorBoundary, UnavailableNotice } from '@folioforge/shared';
import styles from './RemoteScreen.module.scss';

type RemoteModule = { default: ComponentType };

const lazyScreens = new Map<string, ComponentType>();

/** One lazy component per federated id, dropped on failure so "Try again" really loads again. */
function lazyRemote(id: string): ComponentType {
  let screen = lazyScreens.get(id);
  if (!screen) {
    screen = lazy(async () => {
      try {
        const module = await loadRemote<RemoteModule>(id);
        if (!module?.default) throw new Error(`${id} has no default export`);
        return module;
      } catch (error) {
        lazyScreens.delete(id);
        throw error;
      }
    });
    lazyScreens.set(id, screen);
  }
  return screen;
}

export function RemoteLoading() {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      Loading…
    </div>
  );
}

/** A federated screen or widget in its own region: loading, failure and retry stay inside it. */
export function RemoteScreen({ id }: { id: string }) {
  const [attempt, setAttempt] = useState(0);
  const Screen = lazyRemote(id);
  return (
    <RegionErrorBoundary key={attempt} region={id} fallback={<UnavailableNotice onRetry={() => setAttempt((n) => n + 1)} />}>
      <Suspense fallback={<RemoteLoading />}>
        <Screen />
      </Suspense>
    </RegionErrorBoundary>
  );
}
