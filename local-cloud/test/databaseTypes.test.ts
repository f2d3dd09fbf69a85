// The apps' database types are generated from the migrations; a migration without `npm run db:types`
// would leave the apps typed against a schema that no longer exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { DATABASE_TYPES_FILE, renderDatabaseTypes } from '../bin/dbTypes.ts';

test('shared/src/supabase/database.types.ts matches supabase/migrations (run `npm run db:types`)', async () => {
  const expected = await renderDatabaseTypes();
  const committed = await readFile(DATABASE_TYPES_FILE, 'utf8');
  assert.equal(committed, expected);
  // A column the apps rely on, so the comparison is of a real schema, not two empty files.
  assert.match(expected, /portfolios: \{\n\s+Row: \{[^}]*version: number;/);
});
