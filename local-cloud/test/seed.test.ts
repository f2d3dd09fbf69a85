// supabase/seed.sql as a developer meets it after `npm start` on a new data folder: the sample
// accounts sign in with their documented password through supabase-js, and each sees their own rows.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestCloud as startCoreTestCloud, BACKENDS, skipFor, stopClusters } from './support/cloud.ts';
import { anonClient, type TestCloud } from './support/servicesCloud.ts';

after(stopClusters);

for (const backend of BACKENDS)
  describe(`supabase/seed.sql (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    before(async () => {
      const cloud = await startCoreTestCloud(backend, { silent: true, seed: true });
      t = { cloud, url: cloud.url, dataDir: cloud.ctx.config.dataDir, stop: () => cloud.stop() };
    });
    after(async () => t.stop());

    test('Ada signs in with the documented password and finds her plan, purchase and portfolio', async () => {
      const ada = anonClient(t);
      const { error } = await ada.auth.signInWithPassword({ email: 'ada@example.com', password: 'folioforge-demo' });
      assert.equal(error, null);
      const { data: rights } = await ada.from('entitlements').select('plan, templates, customized_look').single();
      assert.deepEqual(rights, { plan: 'pro', templates: ['2'], customized_look: true });
      const { data: rows } = await ada.from('portfolios').select('title, template_id, published, look');
      assert.deepEqual(rows, [{ title: "Ada's portfolio", template_id: '1', published: false, look: { accent: 'indigo', font: 'serif' } }]);
      const { data: profile } = await ada.from('profiles').select('name, username').single();
      assert.deepEqual(profile, { name: 'Ada Lovelace', username: 'ada' });
    });

    test('Ben has no plan and sees only his own draft; a wrong password is refused', async () => {
      const ben = anonClient(t);
      assert.notEqual((await ben.auth.signInWithPassword({ email: 'ben@example.com', password: 'wrong' })).error, null);
      assert.equal((await ben.auth.signInWithPassword({ email: 'ben@example.com', password: 'folioforge-demo' })).error, null);
      const { data: rights } = await ben.from('entitlements').select('plan').single();
      assert.deepEqual(rights, { plan: null });
      const { data: rows } = await ben.from('portfolios').select('title');
      assert.deepEqual(rows, [{ title: "Ben's draft" }]);
    });

    test('a visitor sees none of it: nothing is published yet', async () => {
      const { data } = await anonClient(t).from('portfolios').select('id');
      assert.deepEqual(data, []);
    });
  });
