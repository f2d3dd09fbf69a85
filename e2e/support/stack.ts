// The whole product for a browser test: local-cloud on a temp data folder and the six production
// builds, each on a free port, with an /app-config.json the test may repoint at run time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { APPS } from '../../tooling/ports.mjs';
import { createRuntimeConfig } from '../../tooling/appConfig.mjs';
import { SHELL_ROUTE_PATHS, serveApp } from '../../tooling/serveApps.mjs';
import { pageViewCounter } from '../../tooling/pageViews.mjs';
import { publishedSiteHandler } from '../../tooling/publishedSites.mjs';
import { startLocalCloud } from '../../tooling/localCloudProcess.mjs';
import { copyMigratedPglite } from '../../tooling/pgliteTemplate.mjs';
import { repoRoot } from '../../tooling/repo.mjs';
import { rememberMailbox } from './mailbox';
import { freePorts } from './ports';

/** Many sign-ups and messages from one address in a few minutes: the rate limits lifted for the tests. */
const NO_RATE_LIMITS = {
  EMAILJS_PER_SECOND: '1000',
  AUTH_RATE_LIMIT_EMAIL_SENT: '1000000',
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000000',
  AUTH_RATE_LIMIT_TOKEN_REFRESH: '1000000',
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '1000000',
  // No sweep of published pages unless a test asks (local-cloud's own tests cover it).
  SWEEP_INTERVAL_SECONDS: '0',
};

export type AppKey = (typeof APPS)[number]['key'];

export interface Stack {
  shellUrl: string;
  cloudUrl: string;
  /** local-cloud's mailbox (its own port): `/` the page, `/api` the JSON; support/mailbox.ts reads it. */
  mailboxUrl: string;
  /** Public keys of this local-cloud (anon key, razorpay key id, emailjs ids). */
  keys: Record<string, string>;
  /** local-cloud's data folder (its keys.json holds the Razorpay sandbox's key secret). */
  dataDir: string;
  ports: Record<AppKey, number>;
  /** Stops one app's server (a remote going down) and starts it again. */
  stopApp(key: AppKey): Promise<void>;
  startApp(key: AppKey, distDir?: string): Promise<void>;
  /** Repoints a remote in /app-config.json: a config change, no shell rebuild. */
  setRemoteEntry(key: Exclude<AppKey, 'shell'>, manifestUrl: string): void;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Extra environment for local-cloud, e.g. { JWT_EXPIRY: '5' }. */
  localCloudEnv?: Record<string, string>;
  /** Browser-only tests of the frame can skip the backend. */
  withLocalCloud?: boolean;
  /** Builds to serve instead of each app's dist/ (e.g. another commit's, for a before/after bench). */
  distDirs?: Partial<Record<AppKey, string>>;
}

export async function startStack({ localCloudEnv = {}, withLocalCloud = true, distDirs = {} }: StackOptions = {}): Promise<Stack> {
  const ports = {} as Record<AppKey, number>;
  const [cloudPort, mailboxPort, ...appPorts] = await freePorts(APPS.length + 2);
  APPS.forEach((app, index) => (ports[app.key] = appPorts[index]!));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-e2e-'));
  // A copy of a migrated (and, as npm start does, seeded) database: local-cloud starts in seconds.
  if (withLocalCloud && !localCloudEnv.DATABASE_URL) copyMigratedPglite(dataDir, { seed: localCloudEnv.SEED !== 'false' });
  const cloud = withLocalCloud
    ? await startLocalCloud({
        port: cloudPort,
        mailboxPort,
        dataDir,
        env: { SITE_URL: `http://localhost:${ports.shell}`, ...NO_RATE_LIMITS, ...localCloudEnv },
      })
    : undefined;
  const cloudUrl = cloud?.url ?? `http://localhost:${cloudPort}`;
  const mailboxUrl = cloud?.mailboxUrl ?? `http://localhost:${mailboxPort}`;
  rememberMailbox(cloudUrl, mailboxUrl);
  const appConfig = createRuntimeConfig({ ports, localCloudUrl: cloudUrl, localMailboxUrl: mailboxUrl, keys: cloud?.keys ?? {} });

  const servers = new Map<AppKey, Server>();
  async function startApp(key: AppKey, distDir?: string) {
    const app = APPS.find((candidate) => candidate.key === key)!;
    const dir = distDir ?? distDirs[key] ?? path.join(repoRoot, app.dir, 'dist');
    const shell = key === 'shell';
    // The shell's origin is the site: it answers /p/<slug> too, as npm start does.
    const views = pageViewCounter({ supabaseUrl: () => cloudUrl, serviceRoleKey: () => cloud?.serviceRoleKey });
    const sites = shell ? publishedSiteHandler({ storageUrl: () => cloudUrl, onPageView: views.count }) : undefined;
    servers.set(
      key,
      await serveApp({
        dir,
        port: ports[key],
        appConfig: shell ? () => appConfig : undefined,
        routes: shell ? SHELL_ROUTE_PATHS : undefined,
        sites,
        // Every page under the app's Content-Security-Policy, as npm start serves it.
        securityConfig: () => appConfig,
      }),
    );
  }
  async function stopApp(key: AppKey) {
    const server = servers.get(key);
    servers.delete(key);
    if (server)
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
  }
  for (const app of APPS) await startApp(app.key);

  return {
    shellUrl: `http://localhost:${ports.shell}`,
    cloudUrl,
    mailboxUrl,
    keys: cloud?.keys ?? {},
    dataDir,
    ports,
    stopApp,
    startApp,
    setRemoteEntry(key, manifestUrl) {
      appConfig.remotes[key] = manifestUrl;
    },
    async stop() {
      for (const key of [...servers.keys()]) await stopApp(key);
      await cloud?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
