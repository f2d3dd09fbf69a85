// The database keeps the model's limits too (supabase/migrations, public.portfolio_limits()), so a
// save past them through REST or save_portfolio is refused as the editor refuses it. The numbers are
// written twice, here in LIMITS and there in SQL: this test keeps them the same.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@jest/globals';
import { LIMITS } from './schema';

const MIGRATIONS = path.resolve(__dirname, '../../../supabase/migrations');
const DEFINITION = /create (?:or replace )?function public\.portfolio_limits\(\)[\s\S]*?\$\$\s*select ([\d\s,]+);\s*\$\$/;

/** The numbers of the newest migration that defines portfolio_limits(). */
function databaseLimits(): number[] {
  const newestFirst = readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .reverse();
  for (const name of newestFirst) {
    const found = DEFINITION.exec(readFileSync(path.join(MIGRATIONS, name), 'utf8'));
    if (found) return found[1]!.split(',').map((number) => Number(number.trim()));
  }
  throw new Error('no migration defines public.portfolio_limits()');
}

test('the database refuses a portfolio past the same limits as the model', () => {
  expect(databaseLimits()).toEqual([LIMITS.sections, LIMITS.itemsPerSection, LIMITS.items, LIMITS.socials, LIMITS.totalLength]);
});
