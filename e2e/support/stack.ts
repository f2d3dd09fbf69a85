// The whole product for the browser tests: local-cloud on a temp data folder and the six production
// builds (each app's dist/), each on a free port, with an /app-config.json the servers may repoint.
// Playwright's global setup (globalSetup.ts) starts ONE for the run and hands it to every worker as
// a JSON file (sharedStack() reads it); a test that takes a remote down serves its own apps
// (startApps) against that local-cloud. startStack() alone is for what runs outside the test runner
// (e2e/bench).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { APPS } from '../../tooling/ports.mjs';
import { createRuntimeConfig } from '../../tooling/appConfig.mjs';
import { SHELL_ROUTE_PATHS, serveApp } from '../../tooling/serveApps.mjs';
import { pageViewCounter } from '../../tooling/pageViews.mjs';
import { publishedSiteHandler } from '../../tooling/publishedSites.mjs';
import { pageProtection } from '../../tooling/pageProtection.mjs';
import { startLocalCloud } from '../../tooling/localCloudProcess.mjs';
import { copyMigratedPglite } from '../../tooling/pgliteTemplate.mjs';
import { repoRoot } from '../../tooling/repo.mjs';
import { rememberMailbox } from './mailbox';
import { freePorts } from '../../tooling/freePorts.mjs';

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

/** What a test reaches of the run's stack: addresses and public keys, never its processes. */
export interface SharedStack {
  shellUrl: string;
  cloudUrl: string;
  /** local-cloud's mailbox (its own port): `/` the page, `/api` the JSON; support/mailbox.ts reads it. */
  mailboxUrl: string;
  /** Public keys of this local-cloud (anon key, razorpay key id, emailjs ids). */
  keys: Record<string, string>;
  /** local-cloud's data folder (its keys.json holds the service-role key and the Razorpay sandbox's secret). */
  dataDir: string;
  ports: Record<AppKey, number>;
  /**
   * Ports local-cloud takes as the site's origin besides the shell's (its CORS and redirects), one per
   * file that serves a shell of its own: platform.test.ts (a remote going down), deploy.test.ts.
   */
  ownShellPorts: Record<OwnShellUser, number>;
}

export type OwnShellUser = 'platform' | 'deploy';

/** App servers a test runs itself: the stack's addresses, and the servers to stop, start or repoint. */
export interface AppServers extends SharedStack {
  /** Stops one app's server (a remote going down) and starts it again. */
  stopApp(key: AppKey): Promise<void>;
  startApp(key: AppKey, distDir?: string): Promise<void>;
  /** Repoints a remote in /app-config.json: a config change, no shell rebuild. */
  setRemoteEntry(key: Exclude<AppKey, 'shell'>, manifestUrl: string): void;
  stop(): Promise<void>;
}

/** A stack of its own (startStack): its stop() ends local-cloud too. */
export type Stack = AppServers;

export interface StackOptions {
  /** Extra environment for local-cloud, e.g. { AUTH_AUTOCONFIRM: 'true' } (the bench). */
  localCloudEnv?: Record<string, string>;
  /** Browser-only tests of the frame can skip the backend (serving.test.ts, until it leaves e2e). */
  withLocalCloud?: boolean;
  /** Builds to serve instead of each app's dist/ (e.g. another commit's, for a before/after bench). */
  distDirs?: Partial<Record<AppKey, string>>;
}

const OWN_SHELL_USERS: OwnShellUser[] = ['platform', 'deploy'];

/** local-cloud and the six apps, all started here; stop() ends them all. */
export async function startStack({ localCloudEnv = {}, withLocalCloud = true, distDirs = {} }: StackOptions = {}): Promise<AppServers> {
  const [cloudPort, mailboxPort, shellPort, ...spare] = await freePorts(3 + OWN_SHELL_USERS.length);
  const ownShellPorts = Object.fromEntries(OWN_SHELL_USERS.map((user, index) => [user, spare[index]!])) as Record<OwnShellUser, number>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-e2e-'));
  // A copy of a migrated (and, as npm start does, seeded) database: local-cloud starts in seconds.
  if (withLocalCloud && !localCloudEnv.DATABASE_URL) copyMigratedPglite(dataDir, { seed: localCloudEnv.SEED !== 'false' });
  const ownOrigins = Object.values(ownShellPorts).flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
  const cloud = withLocalCloud
    ? await startLocalCloud({
        port: cloudPort,
        mailboxPort,
        dataDir,
        env: { SITE_URL: `http://localhost:${shellPort}`, ALLOWED_ORIGINS: ownOrigins.join(','), ...NO_RATE_LIMITS, ...localCloudEnv },
      })
    : undefined;
  const backend = {
    cloudUrl: cloud?.url ?? `http://localhost:${cloudPort}`,
    mailboxUrl: cloud?.mailboxUrl ?? `http://localhost:${mailboxPort}`,
    keys: cloud?.keys ?? {},
    dataDir,
    ownShellPorts,
  };
  const apps = await startApps(backend, { shellPort, distDirs });
  return {
    ...apps,
    async stop() {
      await apps.stop();
      await cloud?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The six app servers against a running local-cloud (the shell on `shellPort` when given, else a free port). */
export async function startApps(
  backend: Pick<SharedStack, 'cloudUrl' | 'mailboxUrl' | 'keys' | 'dataDir' | 'ownShellPorts'>,
  { shellPort, distDirs = {} }: { shellPort?: number; distDirs?: StackOptions['distDirs'] } = {},
): Promise<AppServers> {
  const { cloudUrl, mailboxUrl, keys, dataDir } = backend;
  const ports = {} as Record<AppKey, number>;
  const remotes = APPS.filter((app) => app.key !== 'shell');
  const remotePorts = await freePorts(remotes.length);
  remotes.forEach((app, index) => (ports[app.key] = remotePorts[index]!));
  ports.shell = shellPort ?? (await freePorts(1))[0]!;
  rememberMailbox(cloudUrl, mailboxUrl);
  const appConfig = createRuntimeConfig({ ports, localCloudUrl: cloudUrl, localMailboxUrl: mailboxUrl, keys });
  // The site server's own key (it counts page views), which local-cloud wrote beside its keys.
  const keyFile = path.join(dataDir, 'site-server-key.json');
  const serviceRoleKey = fs.existsSync(keyFile)
    ? (JSON.parse(fs.readFileSync(keyFile, 'utf8')) as { serviceRoleKey: string }).serviceRoleKey
    : undefined;

  const servers = new Map<AppKey, Server>();
  async function startApp(key: AppKey, distDir?: string) {
    const app = APPS.find((candidate) => candidate.key === key)!;
    const dir = distDir ?? distDirs[key] ?? path.join(repoRoot, app.dir, 'dist');
    const shell = key === 'shell';
    // The shell's origin is the site: it answers /p/<slug> too, as npm start does.
    const views = pageViewCounter({ supabaseUrl: () => cloudUrl, serviceRoleKey: () => serviceRoleKey });
    const protection = pageProtection({ supabaseUrl: () => cloudUrl, serviceRoleKey: () => serviceRoleKey });
    const sites = shell ? publishedSiteHandler({ storageUrl: () => cloudUrl, onPageView: views.count, protection }) : undefined;
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
    ...backend,
    shellUrl: `http://localhost:${ports.shell}`,
    ports,
    stopApp,
    startApp,
    setRemoteEntry(key, manifestUrl) {
      appConfig.remotes[key] = manifestUrl;
    },
    async stop() {
      for (const key of [...servers.keys()]) await stopApp(key);
    },
  };
}

/** Where the global setup writes the run's stack for the workers (an environment variable naming a JSON file). */
export const STACK_FILE_VARIABLE = 'FOLIOFORGE_E2E_STACK';

let shared: SharedStack | undefined;

/** The run's stack, started by the global setup (globalSetup.ts); every test file takes this one. */
export function sharedStack(): SharedStack {
  if (shared) return shared;
  const file = process.env[STACK_FILE_VARIABLE];
  if (!file) throw new Error(`${STACK_FILE_VARIABLE} is not set: run the browser tests with -c e2e/playwright.config.ts`);
  shared = JSON.parse(fs.readFileSync(file, 'utf8')) as SharedStack;
  rememberMailbox(shared.cloudUrl, shared.mailboxUrl);
  return shared;
}
