import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Settings from the repository's `.env`, when a developer made one from `.env.example`; variables
 * already set in the environment win. `npm start` and `npm run dev` need none.
 */
export function loadDotEnv() {
  const file = path.join(repoRoot, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
