// Which functions exist and how Supabase's relay treats them: supabase/functions/<name>/index.ts,
// the entry `supabase functions deploy <name>` serves, with `verify_jwt` from config.toml.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { FUNCTIONS_DIR } from '../../../tooling/deno.mjs';
import { readProjectConfig } from '../projectConfig.ts';

/** Lower-case names as the Supabase CLI allows; `_shared` and friends are not functions. */
export function isFunctionName(name: string): boolean {
  return /^[a-z0-9][a-z0-9_-]{0,62}$/.test(name);
}

export async function functionExists(name: string, dir = FUNCTIONS_DIR): Promise<boolean> {
  return access(path.join(dir, name, 'index.ts')).then(
    () => true,
    () => false,
  );
}

/** `verify_jwt` per function from supabase/config.toml (default true, as on Supabase). */
export async function verifyJwtSetting(name: string, dir = FUNCTIONS_DIR): Promise<boolean> {
  return readProjectConfig(path.join(dir, '..', 'config.toml')).functions[name]?.verify_jwt ?? true;
}
