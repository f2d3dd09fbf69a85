// The portfolio model's migration (supabase/migrations/*_portfolio_sections.sql), on PGlite and on
// Postgres: rows of every template and the generator, saved the old way by their owner before it,
// come out of it as the model, exactly as the editor's upgrade in code makes them of a device's
// drafts (templates/src/model/legacy.ts), with nothing typed lost. Migrating runs on a real server
// too: the SQL upgrade itself is asked once.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { coercePortfolio, sitePages, upgradeLegacy } from '@folioforge/templates/model';
import { LEGACY_ROWS } from '@folioforge/templates/testing/legacy-rows';
import { BACKENDS, JOURNEY_BACKENDS, signedInUser, skipFor, startTestCloud, stopClusters, type TestCloud } from './support/cloud.ts';
import { migrationsBefore } from './support/migrations.ts';

after(stopClusters);

for (const backend of BACKENDS)
  describe(`portfolios become the section model (${backend})`, { skip: skipFor(backend) }, () => {
    test('old rows of templates 1–4 and the generator are rewritten as the code upgrade makes them, as a new version', async () => {
      const before = await migrationsBefore(/_portfolio_sections\.sql$/);
      let cloud: TestCloud = await startTestCloud(backend, { migrationsDir: before });
      try {
        const owner = await signedInUser(cloud);
        const inserted: { id: string; row: (typeof LEGACY_ROWS)[number] }[] = [];
        for (const row of LEGACY_ROWS) {
          const { data, error } = await owner.sb
            .from('portfolios')
            .insert({ template_id: row.templateId, title: row.name.slice(0, 100), data: row.data })
            .select('id, version')
            .single();
          assert.equal(error, null, row.name);
          assert.equal(data!.version, 1);
          inserted.push({ id: data!.id as string, row });
        }

        cloud = await cloud.restart();
        const session = await cloud.client().auth.signInWithPassword({ email: owner.email, password: owner.password });
        assert.equal(session.error, null);
        const sb = cloud.client();
        await sb.auth.setSession(session.data.session!);
        for (const { id, row } of inserted) {
          const { data, error } = await sb.from('portfolios').select('template_id, data, version').eq('id', id).single();
          assert.equal(error, null);
          assert.equal(data!.version, 2, `${row.name}: a new version`);
          assert.equal(data!.template_id, row.templateId);
          assert.deepEqual(data!.data, upgradeLegacy(row.templateId, row.data), row.name);
          // With every later migration too: a site of one home page, whose page is all the row held (issue 49).
          const opened = coercePortfolio(row.templateId, data!.data);
          assert.deepEqual(
            sitePages(opened).map((page) => [page.id, page.sections]),
            [['home', (data!.data as { sections: unknown }).sections]],
            row.name,
          );
        }
        // A new row starts in the model; the old way of saving (no schemaVersion) is the renderer's to upgrade, not refused.
        const { data: fresh } = await sb.from('portfolios').insert({ template_id: '1', title: 'New' }).select('data').single();
        assert.deepEqual(fresh!.data, { schemaVersion: 2, profile: {}, socials: [], sections: [] });
      } finally {
        await cloud.stop();
        await rm(before, { recursive: true, force: true });
      }
    });
  });

// The SQL upgrade is the same function on both backends: asked once. That clients cannot call it, and
// that a save may switch template but a stale one may not, are supabase/tests/portfolios.test.sql's.
for (const backend of JOURNEY_BACKENDS)
  describe(`the SQL upgrade of old rows (${backend})`, { skip: skipFor(backend) }, () => {
    test('the SQL upgrade and the code upgrade agree on every old row', async () => {
      const cloud = await startTestCloud(backend);
      try {
        for (const row of LEGACY_ROWS) {
          const { rows } = await cloud.ctx.db.asOwner((tx) =>
            tx.query<{ model: unknown }>('select public.portfolio_from_legacy($1, $2::jsonb) as model', [
              row.templateId,
              JSON.stringify(row.data),
            ]),
          );
          assert.deepEqual(rows[0]!.model, upgradeLegacy(row.templateId, row.data), row.name);
        }
        // Odd data: a number where text was, an unknown template.
        const odd = { name: 7, email: 'x@example.com', skills: ['a'] };
        for (const templateId of ['generator', '9']) {
          const { rows } = await cloud.ctx.db.asOwner((tx) =>
            tx.query<{ model: unknown }>('select public.portfolio_from_legacy($1, $2::jsonb) as model', [templateId, JSON.stringify(odd)]),
          );
          assert.deepEqual(rows[0]!.model, upgradeLegacy(templateId, odd), templateId);
        }
      } finally {
        await cloud.stop();
      }
    });
  });
