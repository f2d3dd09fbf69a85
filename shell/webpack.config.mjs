import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tooling/createWebpackConfig.mjs';
import { preloadRoute, startupRoutes } from './src/startup/preloadRoute.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

// The host: no remotes at build time; they are registered at run time from /app-config.json.
export default createWebpackConfig({
  dir,
  key: 'shell',
  title: 'FolioForge',
  runtimePlugins: [
    path.join(dir, 'src/federation/remoteLoadPlugin.ts'),
    path.join(dir, 'src/federation/inlineStylesPlugin.ts'),
    path.join(dir, 'src/federation/remoteTasksPlugin.ts'),
  ],
  // Starts app-config.json and the first screen's remote downloading as the page starts.
  startupScript: `(${preloadRoute})(${JSON.stringify(startupRoutes())}, '/app-config.json');`,
});
