import { useEffect, useState } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { FederatedRegion, UnavailableNotice, loadSupabase, preloadRegion, useAuthStore, type FederatedModule } from '@folioforge/shared';
import type { ScreenRoute } from '../routes';
import { PrerenderHandOff } from '../startup/prerendered';
import { linkWebManifestWhenIdle } from '../startup/linkWebManifest';
import styles from './RemoteScreen.module.scss';

function RemoteLoading() {
  return (
    <div className={styles.loading} role="status" aria-live="polite" data-remote-loading>
      <span className={styles.spinner} aria-hidden="true" />
      Loading…
    </div>
  );
}

/** The screen, drawn with the hand-off from a page rendered ahead; once it is live, the web manifest. */
function withHandOff(module: FederatedModule<object> | null): FederatedModule<object> | null {
  if (!module?.default) return module;
  const Screen = module.default;
  return {
    default: function ScreenTakingOver(props: object) {
      useEffect(linkWebManifestWhenIdle, []);
      return (
        <>
          <PrerenderHandOff />
          <Screen {...props} />
        </>
      );
    },
  };
}

/** Screens come through the shell's runtime, where every remote is registered from app-config.json. */
const loadScreen = async (id: string) => withHandOff(await loadRemote<FederatedModule<object>>(id));
/** The screen and supabase-js side by side, for screens that call getSupabase() as they render. */
const loadScreenWithClient = async (id: string) => (await Promise.all([loadScreen(id), loadSupabase()]))[0];

const NO_PROPS = {};

/** When a screen renders only once supabase-js has loaded: always, never, or with a session (or one being read). */
export type ClientNeed = 'always' | 'never' | 'withSession';

export const clientNeedOf = (route: ScreenRoute): ClientNeed =>
  route.clientOnDemand ? 'never' : route.clientWithSession ? 'withSession' : 'always';

/** How a screen is loaded now: with supabase-js beside it when it renders only once that has loaded. */
const loaderFor = (needsClient: ClientNeed) =>
  needsClient === 'always' || (needsClient === 'withSession' && useAuthStore.getState().status !== 'signedOut')
    ? loadScreenWithClient
    : loadScreen;

/** Starts loading a screen the visitor is about to open; drawn, it then shows at once. */
export function preloadScreen(id: string, needsClient: ClientNeed): void {
  preloadRegion(loaderFor(needsClient), id);
}

/** A federated screen in its own region: loading, failure and retry stay inside it. */
export function RemoteScreen({ id, needsClient = 'never' }: { id: string; needsClient?: ClientNeed }) {
  // Chosen once, so a sign-in or out does not load the screen again: a visitor who signs in
  // meanwhile does so through supabase-js, which has loaded by then.
  const [load] = useState(() => loaderFor(needsClient));
  return (
    <FederatedRegion
      id={id}
      load={load}
      props={NO_PROPS}
      loading={<RemoteLoading />}
      unavailable={(retry) => (
        <>
          <PrerenderHandOff />
          <UnavailableNotice onRetry={retry} />
        </>
      )}
    />
  );
}
