// Which test database templates are removed: a test process may still be copying the last hour's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { staleTemplates } from '../pgliteTemplate.mjs';

test('templates of an hour before the last are removed; the last hour’s, this hour’s and those being made stay', () => {
  const hour = Math.floor(Date.now() / 3_600_000);
  const named = (stamp, madeIn) => `folioforge-pglite-migrated-${stamp}-${madeIn}`;
  const entries = [
    named('aaaa', hour),
    named('aaaa', hour - 1),
    named('aaaa', hour - 2),
    named('bbbb', hour - 30),
    `${named('cccc', hour - 5)}-making-x1Y2z3`,
    'folioforge-pglite-seeded-aaaa-1',
  ];
  assert.deepEqual(staleTemplates(entries, 'folioforge-pglite-migrated-'), [named('aaaa', hour - 2), named('bbbb', hour - 30)]);
});
