import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../tooling/createAppConfig.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

// The host: no remotes at build time; they are registered at run time from /app-config.json.
export default createAppConfig({
  dir,
  name: 'shell',
  port: 3000,
  title: 'FolioForge',
  runtimePlugins: [path.join(dir, 'src/federation/remoteLoadPlugin.ts')],
});
