import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tooling/createWebpackConfig.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

// The host: no remotes at build time; they are registered at run time from /app-config.json.
export default createWebpackConfig({
  dir,
  key: 'shell',
  title: 'FolioForge',
  runtimePlugins: [path.join(dir, 'src/federation/remoteLoadPlugin.ts')],
});
