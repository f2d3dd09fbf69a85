// npm run dev: local-cloud and six webpack dev servers with hot reload, output labelled per app.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { APPS, LOCAL_CLOUD_PORT } from '../tooling/ports.mjs';
import { createAppConfig } from '../tooling/appConfig.mjs';
import { startLocalCloud } from './lib/localCloudProcess.mjs';
import { repoRoot } from './lib/repo.mjs';

const COLORS = [36, 32, 33, 35, 34, 91, 96];
const label = (name, index) => (line) => console.log(`\x1b[${COLORS[index % COLORS.length]}m${name.padEnd(13)}\x1b[0m ${line}`);

async function main() {
  const cloud = await startLocalCloud({ port: LOCAL_CLOUD_PORT, onOutput: label('local-cloud', 6) });
  const appConfig = JSON.stringify(createAppConfig({ localCloudUrl: cloud.url, keys: cloud.keys }));
  const children = APPS.map((app, index) => {
    const print = label(app.dir, index);
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development', '-c', `${app.dir}/webpack.config.mjs`],
      {
        cwd: repoRoot,
        env: { ...process.env, FOLIOFORGE_APP_CONFIG: appConfig },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => String(chunk).split('\n').filter(Boolean).forEach(print));
    }
    return child;
  });
  console.log('\nFolioForge (dev) will be at http://localhost:3000 once the first builds finish.');
  console.log(`Mailbox: ${cloud.url}/mail\n`);
  const stop = async () => {
    children.forEach((child) => child.kill('SIGTERM'));
    await cloud.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(`npm run dev failed: ${error.message}`);
  process.exit(1);
});
