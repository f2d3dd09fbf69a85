// Where a function reads its settings: Deno.env on Supabase Edge, process.env under Node.
export type Env = (name: string) => string | undefined;

interface DenoLike {
  env: { get(name: string): string | undefined };
}
interface NodeLike {
  env: Record<string, string | undefined>;
}

export function runtimeEnv(): Env {
  const deno = (globalThis as { Deno?: DenoLike }).Deno;
  if (deno) return (name) => deno.env.get(name);
  const node = (globalThis as { process?: NodeLike }).process;
  return (name) => node?.env[name];
}

/** Reads a required setting; a missing one is a deployment mistake, reported by name. */
export function requireEnv(env: Env, name: string): string {
  const value = env(name);
  if (!value) throw new Error(`missing environment variable ${name}`);
  return value;
}
