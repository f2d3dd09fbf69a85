import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectAuthStore, createSupabase, loadRuntimeConfig } from '@folioforge/shared';
import { registerFolioForgeRemotes } from './federation/registerFolioForgeRemotes';
import { App } from './App';
import { StartupError } from './screens/StartupError/StartupError';
import './styles.scss';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await loadRuntimeConfig();
    registerFolioForgeRemotes(config.remotes);
    connectAuthStore(createSupabase(config));
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    root.render(<StartupError message={(error as Error).message} />);
  }
}

void start();
