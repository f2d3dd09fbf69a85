import { z } from 'zod';

// The contract of /app-config.json (ARCHITECTURE.md "Runtime config contract").
export const runtimeConfigSchema = z.object({
  supabaseUrl: z.string().url(),
  supabaseAnonKey: z.string().min(1),
  razorpayKeyId: z.string().min(1),
  razorpayCheckoutUrl: z.string().url(),
  emailjs: z.object({
    origin: z.string().url(),
    publicKey: z.string().min(1),
    serviceId: z.string().min(1),
    templateId: z.string().min(1),
  }),
  remotes: z.object({
    auth: z.string().url(),
    templates: z.string().url(),
    editor: z.string().url(),
    commerce: z.string().url(),
    content: z.string().url(),
  }),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
export type RemoteKey = keyof RuntimeConfig['remotes'];

let current: RuntimeConfig | undefined;

/** Fetches and validates the deployment's config; a broken config is a clear error, not a blank page. */
export async function loadRuntimeConfig(url = '/app-config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-store' });
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
