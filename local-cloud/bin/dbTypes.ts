// npm run db:types: builds a throwaway PGlite from supabase/migrations and writes the apps'
// generated database types (shared/src/supabase/database.types.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { openDatabase } from '../src/db/index.ts';
import { generateDatabaseTypes } from '../src/db/databaseTypes.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DATABASE_TYPES_FILE = path.join(repoRoot, 'shared/src/supabase/database.types.ts');

/** The types file as it should read for the migrations in the repository, formatted as the repo is. */
export async function renderDatabaseTypes(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lc-db-types-'));
  try {
    const db = await openDatabase({ dataDir, migrationsDir: path.join(repoRoot, 'supabase/migrations') });
    try {
      const source = await db.asOwner((tx) => generateDatabaseTypes(tx));
      const options = (await prettier.resolveConfig(DATABASE_TYPES_FILE)) ?? {};
      return prettier.format(source, { ...options, filepath: DATABASE_TYPES_FILE });
    } finally {
      await db.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await writeFile(DATABASE_TYPES_FILE, await renderDatabaseTypes());
  console.log(`wrote ${path.relative(repoRoot, DATABASE_TYPES_FILE)}`);
}
