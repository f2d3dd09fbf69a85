import { mkdir, access, constants } from 'node:fs/promises';
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

export type { LocalCloudContext } from './context.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StartOptions {
  /** 0 picks a free port. Default 54321. */
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  jwtSecret?: string;
  jwtExpiry?: number;
  refreshTokenReuseInterval?: number;
  autoconfirm?: boolean;
  siteUrl?: string;
  /** Defaults to http://localhost:<port>. */
  publicUrl?: string;
  authRateLimitPerMinute?: number;
  emailSendIntervalSeconds?: number;
  migrationsDir?: string;
  /** No request logs (tests, bench). */
  silent?: boolean;
}

export interface LocalCloud {
  url: string;
  port: number;
  keys: Keys;
  ctx: LocalCloudContext;
  close(): Promise<void>;
}

/** A failure to start that deserves a one-line message, not a stack trace. */
export class StartupError extends Error {}

async function ensureWritableDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK | constants.R_OK);
  } catch (err) {
    throw new StartupError(`data directory ${dir} is not usable: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
}

export async function startLocalCloud(options: StartOptions = {}): Promise<LocalCloud> {
  const dataDir = path.resolve(options.dataDir ?? path.join(REPO_ROOT, '.data'));
  await ensureWritableDir(dataDir);
  const log = createLogger({ silent: options.silent });
  const keys = await loadKeys(dataDir, options.jwtSecret).catch((err: unknown) => {
    throw new StartupError(`cannot read or create ${path.join(dataDir, 'keys.json')}: ${err instanceof Error ? err.message : String(err)}`);
  });
  const db = await openDatabase({
    dataDir,
    databaseUrl: options.databaseUrl,
    migrationsDir: options.migrationsDir ?? path.join(REPO_ROOT, 'supabase', 'migrations'),
  }).catch((err: unknown) => {
    throw new StartupError(`database failed to open: ${err instanceof Error ? err.message : String(err)}`);
  });

  const requestedPort = options.port ?? 54321;
  const config: LocalCloudConfig = {
    port: requestedPort,
    publicUrl: options.publicUrl ?? `http://localhost:${requestedPort}`,
    dataDir,
    databaseUrl: options.databaseUrl,
    jwtExpiry: options.jwtExpiry ?? 3600,
    refreshTokenReuseInterval: options.refreshTokenReuseInterval ?? 10,
    autoconfirm: options.autoconfirm ?? false,
    authRateLimitPerMinute: options.authRateLimitPerMinute ?? 60,
    siteUrl: options.siteUrl ?? 'http://localhost:3000',
    emailSendIntervalSeconds: options.emailSendIntervalSeconds ?? 60,
  };
  const jwt = createJwtTools(keys.jwtSecret);
  const ctx: LocalCloudContext = {
    config,
    db,
    keys,
    mailbox: createMailbox(db),
    log,
    verifyJwt: jwt.verify,
    signJwt: jwt.sign,
  };

  const app = createApp(ctx);
  const server = createAdaptorServer({ fetch: app.fetch });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(requestedPort, options.host ?? '0.0.0.0', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await db.close().catch(() => undefined);
    const code = (err as NodeJS.ErrnoException).code;
    throw new StartupError(
      code === 'EADDRINUSE' ? `port ${requestedPort} is already in use` : `cannot listen on port ${requestedPort}: ${code ?? String(err)}`,
    );
  }
  const port = (server.address() as AddressInfo).port;
  config.port = port;
  if (!options.publicUrl) config.publicUrl = `http://localhost:${port}`;

  let closing: Promise<void> | null = null;
  const close = () => {
    // stop accepting, let in-flight requests finish, then flush and close the database
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    }).then(() => db.close());
    return closing;
  };

  return { url: config.publicUrl, port, keys, ctx, close };
}
