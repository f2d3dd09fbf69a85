// Builds the /app-config.json a shell (or a remote running alone) reads at start.
// Only public values: the anon key is public by design; secrets stay in local-cloud's .data/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, LOCAL_CLOUD_PORT, LOCAL_MAILBOX_PORT } from './ports.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Public keys local-cloud wrote on its first start, or placeholders when it has not run yet. */
function readLocalCloudKeys(dataDir = path.join(repoRoot, '.data')) {
  try {
    const keys = JSON.parse(fs.readFileSync(path.join(dataDir, 'public-keys.json'), 'utf8'));
    return keys;
  } catch {
    return {};
  }
}

/**
 * `localMailboxUrl`: the started local-cloud's mailbox; without a local-cloud URL, the usual port's.
 * @param {{ host?: string, ports?: Record<string, number>, localCloudUrl?: string, localMailboxUrl?: string, keys?: Record<string, string> }} [options]
 */
export function createRuntimeConfig(options = {}) {
  const host = options.host ?? 'localhost';
  const ports = Object.fromEntries(APPS.map((app) => [app.key, options.ports?.[app.key] ?? app.port]));
  const cloud = options.localCloudUrl ?? `http://${host}:${LOCAL_CLOUD_PORT}`;
  const keys = options.keys ?? readLocalCloudKeys();
  const mailbox = options.localMailboxUrl ?? (options.localCloudUrl ? undefined : `http://${host}:${LOCAL_MAILBOX_PORT}`);
  return {
    supabaseUrl: cloud,
    supabaseAnonKey: keys.anonKey ?? 'local-cloud-has-not-started-yet',
    razorpayKeyId: keys.razorpayKeyId ?? 'rzp_test_local',
    razorpayCheckoutUrl: `${cloud}/razorpay/v1/checkout.js`,
    ...(mailbox ? { localMailboxUrl: mailbox } : {}),
    remotes: Object.fromEntries(
      APPS.filter((app) => app.key !== 'shell').map((app) => [app.key, `http://${host}:${ports[app.key]}/mf-manifest.json`]),
    ),
  };
}
