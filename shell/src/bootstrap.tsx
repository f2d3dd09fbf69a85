import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import {
  configureSupabase,
  connectAuthStore,
  loadRuntimeConfig,
  loadSupabase,
  restoreStoredSession,
  supabaseStorageKey,
  useAuthStore,
} from '@folioforge/shared';
import { registerFolioForgeRemotes } from './federation/registerFolioForgeRemotes';
import { preloadScreensOnIntent } from './federation/preloadOnIntent';
import { startupConfigResponse } from './startup/startup';
import { handOffPrerendered, holdRootWhilePrerendered } from './startup/prerendered';
import { afterNextPaint } from './startup/afterNextPaint';
import { App } from './App';
import { StartupError } from './screens/StartupError/StartupError';
import './styles.scss';

/** A link from an auth mail (#access_token=… or #error=…): supabase-js must read it at once. */
function arrivedWithAuthFragment(): boolean {
  return /(^|[#&])(access_token|error|error_code)=/.test(window.location.hash);
}

async function start() {
  const container = document.getElementById('root')!;
  holdRootWhilePrerendered(container);
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig('/app-config.json', startupConfigResponse());
    registerFolioForgeRemotes(config.remotes);
    preloadScreensOnIntent();
    configureSupabase(config, (client) => connectAuthStore(client));
    const storageKey = supabaseStorageKey(config.supabaseUrl);
    if (arrivedWithAuthFragment()) void loadSupabase();
    else restoreStoredSession(storageKey);
    // Another tab signed in or out: supabase-js, once loaded, tells this tab the same.
    window.addEventListener('storage', (event) => {
      if (event.key === storageKey) void loadSupabase();
    });
    // As a transition, React renders the first screen in slices of a few milliseconds: the page (or
    // its copy rendered ahead) stays responsive meanwhile, instead of one task of the whole tree.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
    // A stored session needs supabase-js soon (token refresh, the screens' data), but not before the
    // first paint; a visitor without one loads it only when a screen asks.
    if (useAuthStore.getState().status === 'signedIn') afterNextPaint(() => void loadSupabase());
  } catch (error) {
    handOffPrerendered();
    root.render(<StartupError message={(error as Error).message} />);
  }
}

void start();
