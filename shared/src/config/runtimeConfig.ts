// zod/mini: the shell parses this on every first load, so the small functional build keeps /home light.
import * as z from 'zod/mini';
import { REMOTE_KEYS, type RemoteKey } from '../contracts/apps';

/** Each remote's manifest URL, one per key of the apps table. */
const remotesSchema = z.object(Object.fromEntries(REMOTE_KEYS.map((key) => [key, z.url()])) as Record<RemoteKey, z.ZodMiniURL>);

// The contract of /app-config.json: public values only (the anon key is public by design), one
// manifest URL per remote, so moving a remote is a change of this file, not a rebuild.
const runtimeConfigSchema = z.object({
  supabaseUrl: z.url(),
  supabaseAnonKey: z.string().check(z.minLength(1)),
  razorpayKeyId: z.string().check(z.minLength(1)),
  razorpayCheckoutUrl: z.url(),
  remotes: remotesSchema,
  /** local-cloud's mailbox (its own port, not the API's origin); absent against a hosted project. */
  localMailboxUrl: z.optional(z.url()),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let current: RuntimeConfig | undefined;

/**
 * Fetches and validates the deployment's config; a broken config is a clear error, not a blank page.
 * `requested`: the response to a request already made (the shell's page asks as it starts).
 */
export async function loadRuntimeConfig(url = '/app-config.json', requested?: Promise<Response>): Promise<RuntimeConfig> {
  const response = await (requested ?? fetch(url, { cache: 'no-store' }));
  if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status})`);
  const parsed = runtimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`${url} is not valid: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
  current = parsed.data;
  return current;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

/** The config the shell loaded at start. Remotes read it; they never fetch their own. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config is not loaded yet: the shell loads /app-config.json before rendering.');
  return current;
}
