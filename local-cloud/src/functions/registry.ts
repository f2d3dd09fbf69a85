// Finds and loads the handlers under supabase/functions/<name>/handler.ts, the same code that
// Supabase Edge serves through index.ts.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readProjectConfig } from '../projectConfig.ts';

export type FunctionHandler = (req: Request) => Promise<Response>;
type FunctionEnv = (name: string) => string | undefined;

interface HandlerModule {
  createHandler?: (env: FunctionEnv) => FunctionHandler;
  default?: FunctionHandler;
  handler?: FunctionHandler;
}

export const FUNCTIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../supabase/functions');

/** Lower-case names as the Supabase CLI allows; `_shared` and friends are not functions. */
export function isFunctionName(name: string): boolean {
  return /^[a-z0-9][a-z0-9_-]{0,62}$/.test(name);
}

export async function loadHandler(name: string, env: FunctionEnv, dir = FUNCTIONS_DIR): Promise<FunctionHandler | undefined> {
  const file = path.join(dir, name, 'handler.ts');
  try {
    await access(file);
  } catch {
    return undefined;
  }
  const mod = (await import(pathToFileURL(file).href)) as HandlerModule;
  if (mod.createHandler) return mod.createHandler(env);
  return mod.handler ?? mod.default;
}

/** `verify_jwt` per function from supabase/config.toml (default true, as on Supabase). */
export async function verifyJwtSetting(name: string, dir = FUNCTIONS_DIR): Promise<boolean> {
  return readProjectConfig(path.join(dir, '..', 'config.toml')).functions[name]?.verify_jwt ?? true;
}
