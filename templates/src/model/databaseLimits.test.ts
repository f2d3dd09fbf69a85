// Numbers the database keeps too (supabase/migrations), written twice, here in TypeScript and there in
// SQL: the model's limits (public.portfolio_limits(), so a save past them through REST or
// save_portfolio is refused as the editor refuses it) and the days a freed address is held
// (public.address_hold_days(), which the editor tells the owner). These tests keep them the same.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@jest/globals';
import { ADDRESS_HOLD_DAYS } from '@folioforge/shared';
import { LIMITS } from './schema';

const MIGRATIONS = path.resolve(__dirname, '../../../supabase/migrations');

/** The numbers `select`ed by the newest migration that defines public.<name>(). */
function databaseNumbers(name: string): number[] {
  const definition = new RegExp(`create (?:or replace )?function public\\.${name}\\(\\)[\\s\\S]*?\\$\\$\\s*select ([\\d\\s,]+);\\s*\\$\\$`);
  const newestFirst = readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .reverse();
  for (const file of newestFirst) {
    const found = definition.exec(readFileSync(path.join(MIGRATIONS, file), 'utf8'));
    if (found) return found[1]!.split(',').map((number) => Number(number.trim()));
  }
  throw new Error(`no migration defines public.${name}()`);
}

test('the database refuses a portfolio past the same limits as the model', () => {
  expect(databaseNumbers('portfolio_limits')).toEqual([
    LIMITS.sections,
    LIMITS.itemsPerSection,
    LIMITS.items,
    LIMITS.socials,
    LIMITS.totalLength,
  ]);
});

test('the database holds a freed address for the days the editor says', () => {
  expect(databaseNumbers('address_hold_days')).toEqual([ADDRESS_HOLD_DAYS]);
});
