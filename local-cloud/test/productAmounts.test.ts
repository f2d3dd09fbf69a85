// Product prices become money (supabase/migrations/*_product_amounts.sql), on PGlite and on Postgres:
// rows saved with prices typed as text come out of it with amounts exactly as the editor's upgrade in
// code makes them of a device's drafts (templates/src/model/products.ts), text that is no amount kept.
// The SQL reading of a typed price is the same function on both backends: asked once, over the same
// typed prices the code's reading is tested with.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { readPrice, withProductAmounts, type Portfolio } from '@folioforge/templates/model';
import { PRODUCTS_BEFORE_AMOUNTS, TYPED_PRICES } from '@folioforge/templates/testing/product-prices';
import { BACKENDS, JOURNEY_BACKENDS, signedInUser, skipFor, startTestCloud, stopClusters, type TestCloud } from './support/cloud.ts';
import { migrationsBefore } from './support/migrations.ts';

const WITHOUT_PRODUCTS = { schemaVersion: 2, profile: { name: 'Ada' }, socials: [], sections: [] };

after(stopClusters);

for (const backend of BACKENDS)
  describe(`product prices become amounts (${backend})`, { skip: skipFor(backend) }, () => {
    test('saved products get the amounts the code upgrade gives, as a new version; other rows are left alone', async () => {
      const before = await migrationsBefore(/_product_amounts\.sql$/);
      let cloud: TestCloud = await startTestCloud(backend, { migrationsDir: before });
      try {
        const owner = await signedInUser(cloud);
        const ids: string[] = [];
        for (const data of [PRODUCTS_BEFORE_AMOUNTS, WITHOUT_PRODUCTS]) {
          const { data: row, error } = await owner.sb
            .from('portfolios')
            .insert({ template_id: '2', title: 'Shop', data })
            .select('id')
            .single();
          assert.equal(error, null);
          ids.push(row!.id as string);
        }

        cloud = await cloud.restart();
        const session = await cloud.client().auth.signInWithPassword({ email: owner.email, password: owner.password });
        assert.equal(session.error, null);
        const sb = cloud.client();
        await sb.auth.setSession(session.data.session!);
        const { data: rows, error } = await sb.from('portfolios').select('id, data, version').in('id', ids);
        assert.equal(error, null);
        const byId = new Map(rows!.map((row) => [row.id as string, row]));
        const products = byId.get(ids[0]!)!;
        assert.equal(products.version, 2, 'a new version');
        assert.deepEqual(products.data, withProductAmounts(PRODUCTS_BEFORE_AMOUNTS as unknown as Portfolio));
        const items = (products.data as Portfolio).sections[0]!.items as { price: string; sale?: { price: number } }[];
        assert.deepEqual(
          items.map((item) => [item.price, item.sale?.price ?? null]),
          [
            ['', 45_000],
            ['', 125_000],
            ['Call us', null],
            ['', null],
            ['$12.50', null],
          ],
        );
        const other = byId.get(ids[1]!)!;
        assert.equal(other.version, 1, 'nothing to change, no new version');
        assert.deepEqual(other.data, WITHOUT_PRODUCTS);
      } finally {
        await cloud.stop();
        await rm(before, { recursive: true, force: true });
      }
    });
  });

for (const backend of JOURNEY_BACKENDS)
  describe(`the SQL reading of a typed price (${backend})`, { skip: skipFor(backend) }, () => {
    test('agrees with the code on every typed price', async () => {
      const cloud = await startTestCloud(backend);
      try {
        for (const [typed, paise] of TYPED_PRICES) {
          const { rows } = await cloud.ctx.db.asOwner((tx) =>
            tx.query<{ amount: number | null }>('select public.inr_amount_from_text($1) as amount', [typed]),
          );
          const reading = readPrice(typed, 'INR');
          assert.equal(rows[0]!.amount, paise, JSON.stringify(typed));
          assert.equal(reading.ok ? reading.amount : null, paise, JSON.stringify(typed));
        }
      } finally {
        await cloud.stop();
      }
    });
  });
