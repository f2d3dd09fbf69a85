import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { RegionErrorBoundary } from './RegionErrorBoundary';

/** What a federated expose gives: a component as its default export. */
export type FederatedModule<P> = { default: ComponentType<P> };

interface FederatedRegionProps<P> {
  /** The federated id, e.g. `mfe_commerce/CheckoutButton`; names the region in the console. */
  id: string;
  /**
   * Loads the module through the caller's own federation runtime (each bundle has one); keep it a
   * stable function. `retry` is true after a failure, so the loader can drop what its runtime cached.
   */
  load(id: string, retry: boolean): Promise<FederatedModule<P> | null | undefined>;
  props: P;
  /** Shown while the module loads. */
  loading: ReactNode;
  /** Shown when it failed to load or threw; `retry` loads it again, as does the network coming back. */
  unavailable(retry: () => void): ReactNode;
}

/** A region that failed while the browser was offline tries again by itself once it is back online. */
function RetryWhenOnline({ retry, children }: { retry: () => void; children: ReactNode }) {
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  return children;
}

/**
 * Modules already loaded, per loader and id. A region drawn again (the visitor goes back to a screen)
 * shows its component at once: a new lazy component would suspend once more and flash `loading`.
 */
const loadedModules = new Map<object, Map<string, FederatedModule<never>>>();

/** Preloads under way, per loader: the pointer crossing a link again and again loads it once. */
const preloading = new Map<object, Set<string>>();

/** A fresh page's state, for component tests that load a region again after it loaded once. */
export function forgetLoadedRegionsForTests(): void {
  loadedModules.clear();
  preloading.clear();
}

function loadedModule<P>(load: object, id: string): FederatedModule<P> | undefined {
  return loadedModules.get(load)?.get(id) as FederatedModule<P> | undefined;
}

function rememberModule<P>(load: object, id: string, module: FederatedModule<P>): void {
  const byId = loadedModules.get(load) ?? new Map<string, FederatedModule<never>>();
  byId.set(id, module as unknown as FederatedModule<never>);
  loadedModules.set(load, byId);
}

/**
 * Loads a region's module before the region is drawn (the visitor points at a link to its screen), so
 * that it then draws at once. A failure is left to the region: drawn, it loads again and says so.
 */
export function preloadRegion<P>(load: FederatedRegionProps<P>['load'], id: string): void {
  const underWay = preloading.get(load) ?? new Set<string>();
  if (loadedModule(load, id) || underWay.has(id)) return;
  underWay.add(id);
  preloading.set(load, underWay);
  void load(id, false)
    .then(
      (module) => {
        if (module?.default) rememberModule(load, id, module);
      },
      () => undefined,
    )
    .finally(() => underWay.delete(id));
}

/**
 * A federated component in its own region: loading, failure and "Try again" stay inside it while
 * the rest of the page goes on. Used for the shell's screens and for widgets one remote takes from another.
 */
export function FederatedRegion<P extends object>({ id, load, props, loading, unavailable }: FederatedRegionProps<P>) {
  const [attempt, setAttempt] = useState(0);
  // A fresh lazy component per attempt: React.lazy remembers a rejection for good.
  const Component = useMemo(() => {
    // A retry loads afresh: what was loaded before may be what failed.
    const loaded = attempt === 0 ? loadedModule<P>(load, id) : undefined;
    if (loaded) return loaded.default;
    const lazyComponent = lazy(async () => {
      const module = await load(id, attempt > 0);
      if (!module?.default) throw new Error(`${id} has no component as its default export`);
      rememberModule(load, id, module);
      return module;
    });
    // It takes exactly P; React's types cannot simplify a lazy component's props for a generic P.
    return lazyComponent as unknown as ComponentType<P>;
  }, [id, load, attempt]);
  const retry = () => setAttempt((count) => count + 1);
  return (
    <RegionErrorBoundary key={attempt} region={id} fallback={<RetryWhenOnline retry={retry}>{unavailable(retry)}</RetryWhenOnline>}>
      <Suspense fallback={loading}>
        <Component {...props} />
      </Suspense>
    </RegionErrorBoundary>
  );
}
