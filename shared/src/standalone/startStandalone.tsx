import { StrictMode, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { loadRuntimeConfig } from '../config/runtimeConfig';
import { configureSupabase, loadSupabase } from '../supabase/createSupabase';
import { connectAuthStore } from '../auth/authStore';
import styles from './startStandalone.module.scss';

interface StandaloneRoute {
  path: string;
  element: ReactElement;
}

/**
 * The minimal host a remote runs in on its own dev server, so its team can work without the
 * shell: the same config, Supabase client and auth store, and the remote's own screens.
 */
export async function startStandalone(remoteName: string, routes: StandaloneRoute[]): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig();
    // Alone on its dev server a remote has no first paint to protect: load supabase-js at once.
    configureSupabase(config, (client) => connectAuthStore(client));
    await loadSupabase();
  } catch (error) {
    root.render(
      <p role="alert">
        {remoteName}: {(error as Error).message}
      </p>,
    );
    return;
  }
  root.render(
    <StrictMode>
      <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <nav className={styles.bar} aria-label={`${remoteName} screens`}>
          <strong>{remoteName} (running alone)</strong>
          {routes.map((route) => (
            <Link key={route.path} to={route.path}>
              {route.path}
            </Link>
          ))}
        </nav>
        <Routes>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} element={route.element} />
          ))}
          <Route path="*" element={<p>Not one of {remoteName}&apos;s screens.</p>} />
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  );
}
