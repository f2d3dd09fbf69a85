import { access, chmod, constants, mkdir, open, readdir, rm } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import type { Keys, LocalCloudConfig, LocalCloudContext } from './context.ts';
import { createApp } from './app.ts';
import { openDatabase } from './db/index.ts';
import { createJwtTools } from './jwt.ts';
import { loadKeys } from './keys.ts';
import { createLogger } from './log.ts';
import { createMailbox } from './mail/mailbox.ts';
import { startMailboxServer, type MailboxServer } from './mail/index.ts';
import { lockDataDir } from './dataDirLock.ts';
import { originOf } from './http/cors.ts';
import { guardDatabase, ServiceHealth } from './serviceHealth.ts';
import { authRateLimits, goDurationSeconds, readProjectConfig, type AuthRateLimits } from './projectConfig.ts';
import { createPasswordHasher } from './auth/passwordHasher.ts';
import { EdgeWorkers, type EdgeLimits } from './functions/edgeWorkers.ts';
import { functionEnv } from './functions/index.ts';
import { startSweeps, type Sweeps } from './functions/sweep.ts';
import { sweepStorage } from './storage/versionFiles.ts';
import { APPS } from '@folioforge/shared/apps-table';
import { startTestDnsServer, type TestDnsServer } from './testControls/dnsServer.ts';
import { RealtimeServer } from './realtime/server.ts';

export type { LocalCloudContext } from './context.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StartOptions {
  /** 0 picks a free port. Default 54321. */
  port?: number;
  /** The interface to listen on. Default 127.0.0.1: other machines cannot reach it unless asked. */
  host?: string;
  /**
   * Origins (scheme://host:port) whose pages may call the API. Always added: the site URL, the apps'
   * own ports on localhost and 127.0.0.1, and local-cloud's own URL.
   */
  allowedOrigins?: string[];
  dataDir?: string;
  databaseUrl?: string;
  jwtSecret?: string;
  jwtExpiry?: number;
  refreshTokenReuseInterval?: number;
  autoconfirm?: boolean;
  siteUrl?: string;
  /** Defaults to http://localhost:<port>. */
  publicUrl?: string;
  /** Overrides of config.toml's `[auth.rate_limit]` (tests and benches raise them). */
  rateLimits?: Partial<AuthRateLimits>;
  /** Overrides config.toml's `[auth.email] max_frequency`: seconds between two mails of a kind to one address. */
  emailSendIntervalSeconds?: number;
  /** Overrides config.toml's `[auth.email] otp_expiry`. */
  otpExpirySeconds?: number;
  /** Messages the EmailJS sink takes per second from one address (default 1, as EmailJS). */
  emailjsPerSecond?: number;
  migrationsDir?: string;
  /** Load supabase/seed.sql (config.toml's [db.seed]) when the database is created; `npm start` does. */
  seed?: boolean;
  /** DNS servers (host or host:port) the functions ask, e.g. to verify custom domains; default the system's. */
  dnsServers?: string[];
  /**
   * Realtime drops a websocket that sent nothing, not even a heartbeat, for this long (Phoenix's
   * default, 60 s); tests shorten it.
   */
  realtimeIdleTimeoutMs?: number;
  /** Overrides of the edge functions' limits (default Supabase's: 150 s to answer, 256 MB). */
  functionLimits?: Partial<EdgeLimits>;
  /**
   * How often the published pages are swept (the publish function's `sweep`, as pg_cron runs it on
   * hosted Supabase), once at start and then every so many milliseconds. Default 10 minutes; 0: never.
   */
  sweepIntervalMs?: number;
  /** No request logs (tests, bench). */
  silent?: boolean;
  /**
   * The mailbox's own port, always on 127.0.0.1 (the CLI's default is 54324, as the Supabase CLI's
   * mail catcher). Default 0: a free one, so started stacks never share a mailbox.
   */
  mailboxPort?: number;
  /**
   * The browser tests' controls under /__test__ (testControls/), part of no real service, with a DNS
   * server of their own that the functions ask unless dnsServers is given. Never for `npm start`.
   */
  testControls?: boolean;
  /**
   * bcrypt's cost for new password hashes: default 10, GoTrue's. Tests lower it (TEST_BCRYPT_COST), as
   * GoTrue's own tests do: a hash at cost 10 takes ~80 ms of CPU, at 4 ~1.5 ms. Never for `npm start`.
   */
  passwordHashCost?: number;
}

export interface LocalCloud {
  url: string;
  port: number;
  /** Where the mailbox answers: `/` the page, `/api` the JSON. Not on the API's origin. */
  mailboxUrl: string;
  keys: Keys;
  ctx: LocalCloudContext;
  /** The sweep of published pages, to run one now (functions/sweep.ts). */
  sweeps: Sweeps;
  /** The Realtime websocket (its open connections, for the bench). */
  realtime: RealtimeServer;
  close(): Promise<void>;
}

/** A failure to start that deserves a one-line message, not a stack trace. */
export class StartupError extends Error {}

async function ensureWritableDir(dir: string): Promise<void> {
  try {
    // Password hashes, refresh tokens and résumés live here: for this user's eyes only.
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
    await access(dir, constants.W_OK | constants.R_OK);
  } catch (err) {
    throw new StartupError(`data directory ${dir} is not usable: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
}

export async function startLocalCloud(options: StartOptions = {}): Promise<LocalCloud> {
  const dataDir = path.resolve(options.dataDir ?? path.join(REPO_ROOT, '.data'));
  await ensureWritableDir(dataDir);
  const lock = await lockDataDir(dataDir);
  if ('heldBy' in lock) {
    throw new StartupError(
      `data directory ${dataDir} is in use by another local-cloud (pid ${lock.heldBy}); stop it first, or give this one its own DATA_DIR`,
    );
  }
  try {
    return await startOnLockedDir(dataDir, options, lock.release);
  } catch (err) {
    await lock.release();
    throw err;
  }
}

/** Every directory under `dir` 0700 and every file 0600: nobody but this user reads the data. */
async function restrictToOwner(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      await chmod(full, 0o700);
      await restrictToOwner(full);
    } else if (entry.isFile()) {
      await chmod(full, 0o600);
    }
  }
}

/** Writes, syncs and removes a small file: the disk takes writes again. */
async function probeDisk(dataDir: string): Promise<void> {
  const file = path.join(dataDir, '.health-probe');
  const handle = await open(file, 'w', 0o600);
  try {
    await handle.writeFile('x'.repeat(4096));
    await handle.sync();
  } finally {
    await handle.close();
    await rm(file, { force: true });
  }
}

function allowedOriginsFor(options: StartOptions, siteUrl: string, publicUrl: string): Set<string> {
  const appOrigins = APPS.flatMap((app) => [`http://localhost:${app.port}`, `http://127.0.0.1:${app.port}`]);
  const origins = [siteUrl, publicUrl, ...appOrigins, ...(options.allowedOrigins ?? [])].map(originOf);
  return new Set(origins.filter((origin): origin is string => origin !== undefined));
}

async function startOnLockedDir(dataDir: string, options: StartOptions, releaseLock: () => Promise<void>): Promise<LocalCloud> {
  const log = createLogger({ silent: options.silent });
  const keys = await loadKeys(dataDir, options.jwtSecret).catch((err: unknown) => {
    throw new StartupError(`cannot read or create ${path.join(dataDir, 'keys.json')}: ${err instanceof Error ? err.message : String(err)}`);
  });
  const rawDb = await openDatabase({
    dataDir,
    databaseUrl: options.databaseUrl,
    migrationsDir: options.migrationsDir ?? path.join(REPO_ROOT, 'supabase', 'migrations'),
    seedFile: options.seed && readProjectConfig().db.seed.enabled ? path.join(REPO_ROOT, 'supabase', 'seed.sql') : undefined,
  }).catch((err: unknown) => {
    throw new StartupError(`database failed to open: ${err instanceof Error ? err.message : String(err)}`);
  });

  try {
    // What a crash may have left between a stored file and its row.
    await sweepStorage(dataDir, rawDb);
    // PGlite's WebAssembly file system makes its files 0666 whatever the umask: tightened at each start
    // (data directories from before included). Files it adds later sit in these 0700 directories.
    await restrictToOwner(dataDir);
  } catch (err) {
    // The database is open: close it, or a failed start leaves the process holding it.
    await rawDb.close().catch(() => undefined);
    throw new StartupError(`cannot prepare ${dataDir}: ${err instanceof Error ? err.message : String(err)}`);
  }

  let testDns: TestDnsServer | undefined;
  try {
    testDns = options.testControls ? await startTestDnsServer() : undefined;
  } catch (err) {
    await rawDb.close().catch(() => undefined);
    throw new StartupError(`cannot start the test controls' DNS server: ${err instanceof Error ? err.message : String(err)}`);
  }

  const health = new ServiceHealth(async () => {
    await probeDisk(dataDir);
    await rawDb.checkHealth();
  }, log);
  const db = guardDatabase(rawDb, health);

  const requestedPort = options.port ?? 54321;
  const host = options.host ?? '127.0.0.1';
  const project = readProjectConfig();
  const siteUrl = options.siteUrl ?? project.auth.site_url;
  const allowedOrigins = new Set<string>();
  const config: LocalCloudConfig = {
    port: requestedPort,
    host,
    allowedOrigins,
    publicUrl: options.publicUrl ?? `http://localhost:${requestedPort}`,
    dataDir,
    databaseUrl: options.databaseUrl,
    jwtExpiry: options.jwtExpiry ?? 3600,
    refreshTokenReuseInterval: options.refreshTokenReuseInterval ?? 10,
    autoconfirm: options.autoconfirm ?? false,
    authRateLimits: {
      ...authRateLimits(project),
      ...Object.fromEntries(Object.entries(options.rateLimits ?? {}).filter(([, value]) => value !== undefined)),
    },
    otpExpirySeconds: options.otpExpirySeconds ?? project.auth.email.otp_expiry,
    additionalRedirectUrls: project.auth.additional_redirect_urls,
    minimumPasswordLength: project.auth.minimum_password_length,
    emailjsPerSecond: options.emailjsPerSecond ?? 1,
    siteUrl,
    dnsServers: options.dnsServers ?? (testDns ? [testDns.address] : undefined),
    emailSendIntervalSeconds: options.emailSendIntervalSeconds ?? goDurationSeconds(project.auth.email.max_frequency),
  };
  const jwt = createJwtTools(keys.jwtSecret);
  const ctx: LocalCloudContext = {
    config,
    db,
    keys,
    mailbox: createMailbox(db),
    log,
    health,
    passwords: createPasswordHasher(options.passwordHashCost),
    // Booted on a function's first call, with the environment of that moment (the port is known by then).
    functions: new EdgeWorkers({ env: () => functionEnv(ctx), log, limits: options.functionLimits }),
    verifyJwt: jwt.verify,
    signJwt: jwt.sign,
    testControls: testDns ? { accessTokenSeconds: new Map(), dns: testDns } : undefined,
  };

  const app = createApp(ctx);
  // Plain HTTP (no createServer option): an http.Server.
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  const realtime = new RealtimeServer(ctx, options.realtimeIdleTimeoutMs);
  server.on('upgrade', (req, socket, head) => realtime.handleUpgrade(req, socket, head));
  try {
    await realtime.start();
  } catch (err) {
    health.stop();
    await db.close().catch(() => undefined);
    throw new StartupError(`realtime failed to start: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(requestedPort, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await realtime.close().catch(() => undefined);
    health.stop();
    await testDns?.close();
    await db.close().catch(() => undefined);
    const code = (err as NodeJS.ErrnoException).code;
    throw new StartupError(
      code === 'EADDRINUSE' ? `port ${requestedPort} is already in use` : `cannot listen on port ${requestedPort}: ${code ?? String(err)}`,
    );
  }
  const port = (server.address() as AddressInfo).port;
  const mailboxPort = options.mailboxPort ?? 0;
  let mailboxServer: MailboxServer;
  try {
    mailboxServer = await startMailboxServer(ctx.mailbox, mailboxPort);
  } catch (err) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await realtime.close().catch(() => undefined);
    health.stop();
    await testDns?.close();
    await db.close().catch(() => undefined);
    const code = (err as NodeJS.ErrnoException).code;
    throw new StartupError(
      code === 'EADDRINUSE'
        ? `mailbox port ${mailboxPort} is already in use (MAILBOX_PORT)`
        : `cannot listen on mailbox port ${mailboxPort}: ${code ?? String(err)}`,
    );
  }
  config.port = port;
  if (!options.publicUrl) config.publicUrl = `http://localhost:${port}`;
  // Known once the port is: the set is the one the CORS middleware already holds.
  for (const origin of allowedOriginsFor(options, siteUrl, config.publicUrl)) allowedOrigins.add(origin);
  const sweeps = startSweeps(ctx, options.sweepIntervalMs ?? 10 * 60_000);

  // The requests being answered: a shutdown lets them finish, then drops every connection left. A
  // client may hold a connection open without sending anything (seen: several, for minutes, after a
  // burst of requests), which no request finishing would ever close.
  const inFlight = new Map<IncomingMessage, number>();
  let drained: (() => void) | undefined;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight.set(req, Date.now());
    res.once('close', () => {
      inFlight.delete(req);
      if (inFlight.size === 0) drained?.();
    });
  });
  const stopServing = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    if (inFlight.size > 0) await new Promise<void>((resolve) => (drained = resolve));
    server.closeAllConnections();
    await closed;
  };
  /** A step of the shutdown that takes long says so on stderr, silent or not: something is stuck. */
  const step = async (name: string, run: () => Promise<unknown> | unknown) => {
    const timer = setTimeout(() => {
      const waiting = [...inFlight].map(([req, since]) => `${req.method} ${req.url} (${Math.round((Date.now() - since) / 1000)} s)`);
      console.warn(`local-cloud: stopping is still waiting for ${name} after 5 s${waiting.length ? `: ${waiting.join(', ')}` : ''}`);
    }, 5000);
    try {
      await run();
    } finally {
      clearTimeout(timer);
    }
  };

  let closing: Promise<void> | null = null;
  const close = () => {
    // stop accepting, let in-flight requests finish, then flush and close the database
    // Websockets first: upgraded connections are no requests, and nothing else would close them.
    closing ??= step('the realtime connections', () => realtime.close())
      .then(() => step('the requests in flight', stopServing))
      .then(() => step('the mailbox', () => mailboxServer.close()))
      .then(() => step('the sweeps', () => sweeps.stop()))
      .then(() => step('the functions', () => ctx.functions.close()))
      .then(() => testDns?.close())
      .then(() => health.stop())
      .then(() => step('the password hasher', () => ctx.passwords.close()))
      .then(() => step('the database', () => db.close()))
      .finally(releaseLock);
    return closing;
  };

  return { url: config.publicUrl, port, mailboxUrl: mailboxServer.url, keys, ctx, sweeps, realtime, close };
}
