// CLI entry: `tsx src/main.ts`. Reads the environment, starts local-cloud, stops cleanly on signals.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StartupError, startLocalCloud } from './index.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;

function intEnv(name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`local-cloud: ${name} must be a non-negative integer, got "${raw}"`);
    process.exit(1);
  }
  return n;
}

// Everything it writes (database files, stored objects, keys) is for this user's eyes only.
process.umask(0o077);

function optionalIntEnv(name: string): number | undefined {
  return env[name] === undefined || env[name] === '' ? undefined : intEnv(name, 0);
}

try {
  const port = intEnv('PORT', 54321);
  const cloud = await startLocalCloud({
    port,
    // Loopback unless asked: on 0.0.0.0 anyone on the network could use the API.
    host: env.HOST || '127.0.0.1',
    // The mailbox has its own port, always on loopback, as the Supabase CLI's mail catcher (54324).
    mailboxPort: intEnv('MAILBOX_PORT', 54324),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    dataDir: path.resolve(REPO_ROOT, env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    // A new database starts with the sample accounts of supabase/seed.sql, as after `supabase start`.
    seed: env.SEED !== 'false',
    jwtSecret: env.JWT_SECRET || undefined,
    jwtExpiry: intEnv('JWT_EXPIRY', 3600),
    refreshTokenReuseInterval: intEnv('REFRESH_TOKEN_REUSE_INTERVAL', 10),
    autoconfirm: env.AUTH_AUTOCONFIRM === 'true',
    siteUrl: env.SITE_URL || 'http://localhost:3000',
    dnsServers: env.DNS_SERVERS ? env.DNS_SERVERS.split(',').map((server) => server.trim()) : undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    emailjsPerSecond: optionalIntEnv('EMAILJS_PER_SECOND'),
    // The browser tests' controls (testControls/): their global setup sets it, `npm start` never does.
    testControls: env.LOCAL_CLOUD_TEST_CONTROLS === 'true',
    // bcrypt's cost for new password hashes (default 10); the browser tests' global setup lowers it.
    passwordHashCost: optionalIntEnv('LOCAL_CLOUD_PASSWORD_HASH_COST'),
    // The sweep of published pages: at start and then every so many seconds (0: never).
    sweepIntervalMs: intEnv('SWEEP_INTERVAL_SECONDS', 600) * 1000,
    // config.toml's [auth.rate_limit], unless set here (as `env(...)` would in config.toml).
    rateLimits: {
      emailSentPerHour: optionalIntEnv('AUTH_RATE_LIMIT_EMAIL_SENT'),
      signInsSignUpsPer5Min: optionalIntEnv('AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS'),
      tokenRefreshesPer5Min: optionalIntEnv('AUTH_RATE_LIMIT_TOKEN_REFRESH'),
      tokenVerificationsPer5Min: optionalIntEnv('AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS'),
    },
  });
  // What a browser may know, for the scripts that write /app-config.json; secrets stay in keys.json.
  const { anonKey, razorpayKeyId, emailjsPublicKey, emailjsServiceId, emailjsTemplateId } = cloud.keys;
  await writeFile(
    path.join(cloud.ctx.config.dataDir, 'public-keys.json'),
    JSON.stringify({ anonKey, razorpayKeyId, emailjsPublicKey, emailjsServiceId, emailjsTemplateId }, null, 2) + '\n',
  );
  // The site server's own credential (it counts page views, which no browser may), for the scripts that
  // start it beside local-cloud; readable by this user alone, as keys.json.
  await writeFile(
    path.join(cloud.ctx.config.dataDir, 'site-server-key.json'),
    JSON.stringify({ serviceRoleKey: cloud.keys.serviceRoleKey }, null, 2) + '\n',
    { mode: 0o600 },
  );
  console.log(`local-cloud ready on ${cloud.url} (mailbox: ${cloud.mailboxUrl})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    cloud.ctx.log.info('shutting down', { signal });
    cloud.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`local-cloud: shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (err) {
  console.error(`local-cloud: ${err instanceof StartupError ? err.message : err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
