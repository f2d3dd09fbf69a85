// npm run dev: local-cloud and six webpack dev servers with React Fast Refresh, output labelled per
// app, all on localhost (FOLIOFORGE_DEV_HOST=0.0.0.0 to serve other machines on purpose).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APPS, LOCAL_CLOUD_PORT } from '../tooling/ports.mjs';
import { createRuntimeConfig } from '../tooling/appConfig.mjs';
import { writeTemplateIndex } from '../tooling/templateIndex.mjs';
import { startLocalCloud } from '../tooling/localCloudProcess.mjs';
import { buildSiteRenderer } from '../tooling/siteRenderer.mjs';
import { loadDotEnv, repoRoot } from '../tooling/repo.mjs';

const COLORS = [36, 32, 33, 35, 34, 91, 96];
const label = (name, index) => (line) => console.log(`\x1b[${COLORS[index % COLORS.length]}m${name.padEnd(13)}\x1b[0m ${line}`);

/**
 * Starts the whole system in development. Ports default to the usual ones; the browser test of
 * Fast Refresh passes free ones, a data dir of its own and only the apps it edits (`apps`, keys of
 * APPS; every app by default): each dev server is a webpack compile of its own, and a screen of an app
 * not started fails to load.
 * @param {{ ports?: Record<string, number>, cloudPort?: number, dataDir?: string, apps?: string[], onOutput?: (app: string, line: string) => void }} [options]
 */
export async function startDev({ ports = {}, cloudPort = LOCAL_CLOUD_PORT, dataDir, apps, onOutput } = {}) {
  await writeTemplateIndex();
  const print = (name, index) => (onOutput ? (line) => onOutput(name, line) : label(name, index));
  // The publish function renders pages with the templates' components, bundled.
  await buildSiteRenderer({ log: print('site-renderer', 5) });
  const portOf = (app) => ports[app.key] ?? app.port;
  const cloud = await startLocalCloud({
    port: cloudPort,
    dataDir,
    env: { SITE_URL: `http://localhost:${portOf(APPS[0])}` },
    onOutput: print('local-cloud', 6),
  });
  const appConfig = JSON.stringify(
    createRuntimeConfig({
      ports: Object.fromEntries(APPS.map((app) => [app.key, portOf(app)])),
      localCloudUrl: cloud.url,
      localMailboxUrl: cloud.mailboxUrl,
      keys: cloud.keys,
    }),
  );
  const started = APPS.filter((app) => !apps || apps.includes(app.key));
  const children = started.map((app) => {
    const index = APPS.indexOf(app);
    const printLine = print(app.dir, index);
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development', '-c', `${app.dir}/webpack.config.mjs`],
      {
        cwd: repoRoot,
        env: { ...process.env, FOLIOFORGE_APP_CONFIG: appConfig, FOLIOFORGE_DEV_PORT: String(portOf(app)) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => String(chunk).split('\n').filter(Boolean).forEach(printLine));
    }
    return child;
  });
  return {
    cloudUrl: cloud.url,
    mailboxUrl: cloud.mailboxUrl,
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise((resolve) => {
              if (child.exitCode !== null) return resolve(undefined);
              child.once('exit', resolve);
              child.kill('SIGTERM');
            }),
        ),
      );
      await cloud.stop();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  loadDotEnv();
  try {
    const dev = await startDev();
    console.log('\nFolioForge (dev) will be at http://localhost:3000 once the first builds finish.');
    console.log(`Mailbox: ${dev.mailboxUrl}\n`);
    const stop = async () => {
      await dev.stop();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(`npm run dev failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
