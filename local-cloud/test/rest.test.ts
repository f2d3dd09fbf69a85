import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { JOURNEY_BACKENDS, grantPurchase, signedInUser, skipFor, startTestCloud, stopClusters, type TestCloud } from './support/cloud.ts';

after(stopClusters);

type Owner = Awaited<ReturnType<typeof signedInUser>>;

async function rest(cloud: TestCloud, path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', cloud.keys.anonKey);
  if (init.token !== '') headers.set('Authorization', `Bearer ${init.token ?? cloud.keys.anonKey}`);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return fetch(`${cloud.url}/rest/v1${path}`, { ...init, headers });
}

for (const backend of JOURNEY_BACKENDS) {
  describe(`rest on ${backend}`, { skip: skipFor(backend) }, () => {
    let cloud: TestCloud;
    let alice: Owner;
    let bob: Owner;
    before(async () => {
      cloud = await startTestCloud(backend);
      alice = await signedInUser(cloud, { name: 'Alice' });
      bob = await signedInUser(cloud, { name: 'Bob' });
      // Alpha is published (by the service role, as the publish function does): template 1 publishes once bought.
      await grantPurchase(cloud.serviceClient(), alice.user!.id, { itemType: 'template', itemId: '1' });
      const seed = await alice.sb
        .from('portfolios')
        .insert([
          { template_id: '1', title: 'Alpha', data: { color: 'red', n: 1 } },
          { template_id: '2', title: 'Beta', data: { color: 'blue', n: 2 } },
          { template_id: 'generator', title: 'Gamma, the third', data: { color: 'red', n: 3 } },
          { template_id: '4', title: null, data: {} },
        ])
        .select();
      assert.equal(seed.error, null);
      assert.equal(seed.data?.length, 4);
      const published = await cloud
        .serviceClient()
        .from('portfolios')
        .update({ published: true, slug: `alpha-${backend}` })
        .eq('title', 'Alpha');
      assert.equal(published.error, null);
    });
    after(async () => {
      await cloud?.stop();
    });

    const titles = (rows: { title: string | null }[] | null) => (rows ?? []).map((r) => r.title);

    test('insert returns the row with defaults filled in by Postgres', async () => {
      const { data, error, status } = await alice.sb.from('portfolios').insert({ template_id: '3', title: 'Delta' }).select().single();
      assert.equal(error, null);
      assert.equal(status, 201);
      assert.equal(data.owner_id, alice.user!.id);
      assert.equal(data.version, 1);
      assert.deepEqual(data.data, { schemaVersion: 2, profile: {}, socials: [], sections: [] }, 'an empty portfolio in the model');
      assert.equal(data.published, false);
      const minimal = await alice.sb.from('portfolios').insert({ template_id: '3', title: 'Epsilon' });
      assert.equal(minimal.status, 201);
      assert.equal(minimal.data, null);
      await alice.sb.from('portfolios').delete().in('title', ['Delta', 'Epsilon']);
    });

    test('filters: eq neq gt gte lt lte like ilike in is, not, or, order, limit, range, count', async () => {
      const sb = alice.sb;
      assert.deepEqual(titles((await sb.from('portfolios').select('title').eq('template_id', '2')).data), ['Beta']);
      assert.deepEqual(titles((await sb.from('portfolios').select('title').neq('template_id', '2').order('title')).data), [
        'Alpha',
        'Gamma, the third',
        null,
      ]);
      assert.deepEqual(titles((await sb.from('portfolios').select('title').gt('title', 'Beta').order('title')).data), ['Gamma, the third']);
      assert.deepEqual(titles((await sb.from('portfolios').select('title').gte('title', 'Beta').order('title')).data), [
        'Beta',
        'Gamma, the third',
      ]);
      assert.deepEqual(titles((await sb.from('portfolios').select('title').lt('title', 'Beta')).data), ['Alpha']);
      assert.deepEqual(
        titles((await sb.from('portfolios').select('title').lte('title', 'Beta').order('title', { ascending: false })).data),
        ['Beta', 'Alpha'],
      );
      assert.deepEqual(titles((await sb.from('portfolios').select('title').like('title', '%amm%')).data), ['Gamma, the third']);
      assert.deepEqual(titles((await sb.from('portfolios').select('title').ilike('title', 'ALP%')).data), ['Alpha']);
      assert.deepEqual(
        titles((await sb.from('portfolios').select('title').in('title', ['Beta', 'Gamma, the third']).order('title')).data),
        ['Beta', 'Gamma, the third'],
      );
      assert.deepEqual(titles((await sb.from('portfolios').select('title').is('title', null)).data), [null]);
      assert.deepEqual(titles((await sb.from('portfolios').select('title').not('title', 'is', null).order('title')).data), [
        'Alpha',
        'Beta',
        'Gamma, the third',
      ]);
      assert.deepEqual(
        titles(
          (await sb.from('portfolios').select('title').or('title.eq.Beta,and(published.is.true,template_id.eq.1)').order('title')).data,
        ),
        ['Alpha', 'Beta'],
      );
      assert.deepEqual(titles((await sb.from('portfolios').select('title').eq('data->>color', 'red').order('title')).data), [
        'Alpha',
        'Gamma, the third',
      ]);
      assert.deepEqual(
        titles((await sb.from('portfolios').select('title').order('title', { ascending: true, nullsFirst: true }).limit(2)).data),
        [null, 'Alpha'],
      );
      const page = await sb.from('portfolios').select('title', { count: 'exact' }).order('title').range(1, 2);
      assert.deepEqual(titles(page.data), ['Beta', 'Gamma, the third']);
      assert.equal(page.count, 4);
      const head = await sb.from('portfolios').select('*', { count: 'exact', head: true }).eq('published', false);
      assert.equal(head.count, 3);
      assert.equal(head.data, null);
      const aliased = await sb.from('portfolios').select('name:title, color:data->>color').eq('template_id', '1').single();
      assert.deepEqual(aliased.data, { name: 'Alpha', color: 'red' });
      const counted = await sb.from('portfolios').select('count');
      assert.deepEqual(counted.data, [{ count: 4 }]);
    });

    test('single and maybeSingle', async () => {
      const many = await alice.sb.from('portfolios').select().single();
      assert.equal(many.status, 406);
      assert.equal(many.error?.code, 'PGRST116');
      assert.equal(many.error?.details, 'The result contains 4 rows');
      const none = await alice.sb.from('portfolios').select().eq('title', 'none').maybeSingle();
      assert.equal(none.error, null);
      assert.equal(none.data, null);
      const one = await alice.sb.from('portfolios').select('title').eq('title', 'Beta').maybeSingle();
      assert.deepEqual(one.data, { title: 'Beta' });
    });

    test('update with optimistic concurrency, upsert and delete', async () => {
      const sb = alice.sb;
      const beta = (await sb.from('portfolios').select('id, version').eq('title', 'Beta').single()).data!;
      const ok = await sb
        .from('portfolios')
        .update({ data: { color: 'green' }, version: beta.version + 1 })
        .eq('id', beta.id)
        .eq('version', beta.version)
        .select('version, data')
        .single();
      assert.deepEqual(ok.data, { version: beta.version + 1, data: { color: 'green' } });
      const stale = await sb
        .from('portfolios')
        .update({ title: 'stale', version: beta.version + 1 })
        .eq('id', beta.id)
        .eq('version', beta.version)
        .select();
      assert.deepEqual(stale.data, [], 'stale version matches no row');

      const up = await sb.from('portfolios').upsert({ id: beta.id, template_id: '2', title: 'Beta v2' }).select('title').single();
      assert.deepEqual(up.data, { title: 'Beta v2' });
      // Addresses are the service role's to write (the publish function's): upserting on one, as it.
      const slug = `upsert-${backend}`;
      const service = cloud.serviceClient();
      const owned = { owner_id: alice.user!.id, template_id: '1', published: true, slug };
      const viaSlug = await service
        .from('portfolios')
        .upsert({ ...owned, title: 'By slug' }, { onConflict: 'slug' })
        .select('title');
      assert.deepEqual(viaSlug.data, [{ title: 'By slug' }]);
      const again = await service
        .from('portfolios')
        .upsert({ ...owned, title: 'By slug 2' }, { onConflict: 'slug' })
        .select('title');
      assert.deepEqual(again.data, [{ title: 'By slug 2' }]);
      const ignored = await service
        .from('portfolios')
        .upsert({ ...owned, title: 'ignored' }, { onConflict: 'slug', ignoreDuplicates: true })
        .select('title');
      assert.deepEqual(ignored.data, []);
      const del = await service.from('portfolios').delete().eq('slug', slug).select('title');
      assert.deepEqual(del.data, [{ title: 'By slug 2' }]);
      await sb.from('portfolios').update({ title: 'Beta' }).eq('id', beta.id);
    });

    test('rpc: a function that RETURNS TABLE answers its rows, as PostgREST calls it', async () => {
      const held = await cloud.serviceClient().rpc('plans_held', { for_user: alice.user!.id });
      assert.equal(held.error, null);
      assert.deepEqual(held.data, []);
      const cleo = await signedInUser(cloud, { name: 'Cleo' });
      await grantPurchase(cloud.serviceClient(), cleo.user!.id, { itemType: 'plan', itemId: 'basic' });
      const cleos = await cloud.serviceClient().rpc('plans_held', { for_user: cleo.user!.id });
      assert.deepEqual(
        (cleos.data as { plan: string }[]).map((row) => row.plan),
        ['basic'],
      );
    });

    test('constraint violations come back with their SQLSTATE', async () => {
      const dupSlug = await cloud
        .serviceClient()
        .from('portfolios')
        .insert({ owner_id: bob.user!.id, template_id: 'generator', published: true, slug: `alpha-${backend}` });
      assert.equal(dupSlug.error?.code, '23505');
      assert.equal(dupSlug.status, 409);
      const badTemplate = await alice.sb.from('portfolios').insert({ template_id: 'nine' });
      assert.equal(badTemplate.error?.code, '23514');
      const wrongType = await alice.sb.from('portfolios').insert({ template_id: '1', version: 'abc' });
      assert.equal(wrongType.error?.code, '22P02');
      assert.equal(wrongType.status, 400);
      const badUuid = await alice.sb.from('portfolios').select().eq('id', 'not-a-uuid');
      assert.equal(badUuid.error?.code, '22P02');
    });

    // Who may read and write which row is the policies' (supabase/tests/*.test.sql); this is how
    // PostgREST answers what they refuse.
    test('what RLS refuses: a write is 42501, 403 signed in and 401 anonymous; rows it hides are not found', async () => {
      const betaId = (await alice.sb.from('portfolios').select('id').eq('title', 'Beta').single()).data!.id;
      assert.deepEqual((await bob.sb.from('portfolios').select('title').eq('id', betaId)).data, []);
      assert.deepEqual((await bob.sb.from('portfolios').update({ title: 'hacked' }).eq('id', betaId).select()).data, []);
      assert.deepEqual((await bob.sb.from('portfolios').delete().eq('id', betaId).select()).data, []);
      const steal = await bob.sb.from('portfolios').insert({ template_id: '1', owner_id: alice.user!.id });
      assert.deepEqual([steal.status, steal.error?.code], [403, '42501']);
      const anon = await cloud.client().from('portfolios').insert({ template_id: '1', title: 'anon' });
      assert.deepEqual([anon.status, anon.error?.code], [401, '42501']);
      assert.deepEqual(titles((await alice.sb.from('portfolios').select('title').order('title')).data), [
        'Alpha',
        'Beta',
        'Gamma, the third',
        null,
      ]);
    });

    test('bad input: malformed JSON, oversized bodies, SQL in filters and identifiers, unknown tables; nothing changes', async () => {
      const token = alice.session!.access_token;
      const before = await alice.sb.from('portfolios').select('id, title, version').order('id');

      const malformed = await rest(cloud, '/portfolios', { method: 'POST', token, body: '{"template_id": "1",' });
      assert.equal(malformed.status, 400);
      assert.equal(((await malformed.json()) as { code: string }).code, 'PGRST102');
      const scalar = await rest(cloud, '/portfolios', { method: 'POST', token, body: '42' });
      assert.equal(scalar.status, 400);
      const huge = await rest(cloud, '/portfolios', {
        method: 'POST',
        token,
        body: JSON.stringify({ template_id: '1', data: { blob: 'x'.repeat(1_100_000) } }),
      });
      assert.equal(huge.status, 413);

      const injFilter = await alice.sb.from('portfolios').select('title').eq('title', "Beta' or '1'='1");
      assert.deepEqual(injFilter.data, []);
      const injIn = await alice.sb.from('portfolios').select('title').in('title', ["x') or true --"]);
      assert.deepEqual(injIn.data, []);
      const injColumn = await rest(cloud, `/portfolios?${encodeURIComponent('title"; drop table portfolios; --')}=eq.x`, { token });
      assert.equal(injColumn.status, 400);
      const injSelect = await rest(cloud, `/portfolios?select=${encodeURIComponent('title,(select 1)')}`, { token });
      assert.equal(injSelect.status, 400);
      const injOrder = await rest(cloud, `/portfolios?order=${encodeURIComponent('title;delete from portfolios')}`, { token });
      assert.equal(injOrder.status, 400);
      const injTable = await rest(cloud, `/${encodeURIComponent('portfolios; drop table profiles')}`, { token });
      assert.equal(injTable.status, 404);
      const unknown = await alice.sb.from('no_such_table').select();
      assert.equal(unknown.status, 404);
      assert.equal(unknown.error?.code, 'PGRST205');
      const internal = await rest(cloud, '/users', { token });
      assert.equal(internal.status, 404, 'auth.users is not exposed');
      const badOp = await rest(cloud, '/portfolios?title=regex.x', { token });
      assert.equal(badOp.status, 400);
      assert.equal(((await badOp.json()) as { code: string }).code, 'PGRST100');
      const badCol = await alice.sb.from('portfolios').insert({ template_id: '1', nope: 1 });
      assert.equal(badCol.error?.code, 'PGRST204');
      const wideUpdate = await rest(cloud, '/portfolios', { method: 'PATCH', token, body: JSON.stringify({ title: 'all' }) });
      assert.equal(wideUpdate.status, 400, 'UPDATE without a filter is refused');
      const wideDelete = await rest(cloud, '/portfolios', { method: 'DELETE', token });
      assert.equal(wideDelete.status, 400);

      const after = await alice.sb.from('portfolios').select('id, title, version').order('id');
      assert.deepEqual(after.data, before.data);
      const health = await fetch(`${cloud.url}/health`);
      assert.equal(health.status, 200, 'process keeps serving');
    });

    test('JWT checks: no key 401, forged 401 PGRST301, expired 401 PGRST303', async () => {
      const none = await fetch(`${cloud.url}/rest/v1/portfolios`);
      assert.equal(none.status, 401);
      const forged = await rest(cloud, '/portfolios', { token: alice.session!.access_token.slice(0, -3) + 'abc' });
      assert.equal(forged.status, 401);
      assert.equal(((await forged.json()) as { code: string }).code, 'PGRST301');
      const expired = await cloud.ctx.signJwt({ sub: alice.user!.id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 5 });
      const exp = await rest(cloud, '/portfolios', { token: expired });
      assert.equal(exp.status, 401);
      assert.equal(((await exp.json()) as { code: string }).code, 'PGRST303');
      const otherSchema = await rest(cloud, '/portfolios', { token: alice.session!.access_token, headers: { 'Accept-Profile': 'auth' } });
      assert.equal(otherSchema.status, 406);
    });

    test('a body nested 100 000 levels deep is refused as bad JSON (400), not a server error', async () => {
      const deep = '['.repeat(100_000) + ']'.repeat(100_000);
      const insert = await rest(cloud, '/portfolios', {
        method: 'POST',
        token: alice.session!.access_token,
        body: `{"template_id":"1","data":{"x":${deep}}}`,
      });
      assert.equal(insert.status, 400);
      assert.equal(((await insert.json()) as { code: string }).code, 'PGRST102');
      const profile = await fetch(`${cloud.url}/auth/v1/user`, {
        method: 'PUT',
        headers: { apikey: cloud.keys.anonKey, authorization: `Bearer ${alice.session!.access_token}`, 'content-type': 'application/json' },
        body: `{"data":{"x":${deep}}}`,
      });
      assert.equal(profile.status, 400);
      // Deep enough for any real document, and brackets inside strings do not count.
      const fine = await rest(cloud, '/portfolios', {
        method: 'POST',
        token: alice.session!.access_token,
        body: JSON.stringify({
          template_id: '1',
          data: { x: JSON.parse('['.repeat(50) + ']'.repeat(50)) as unknown, text: '['.repeat(5000) },
        }),
      });
      assert.equal(fine.status, 201);
    });

    test('rpc: username_available works for anon; unknown functions are 404', async () => {
      const res = await rest(cloud, '/rpc/username_available', { method: 'POST', body: JSON.stringify({ candidate: 'free_name_1' }) });
      assert.equal(res.status, 200);
      assert.equal(await res.json(), true);
      const nope = await cloud.client().rpc('drop_everything');
      assert.equal(nope.status, 404);
      assert.equal(nope.error?.code, 'PGRST202');
      const trigger = await cloud.client().rpc('handle_new_user');
      assert.equal(trigger.status, 404, 'trigger functions are not callable');
    });

    test('CORS: preflight allows the Supabase client headers and responses expose Content-Range', async () => {
      const pre = await fetch(`${cloud.url}/rest/v1/portfolios`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:3000',
          'Access-Control-Request-Method': 'PATCH',
          'Access-Control-Request-Headers': 'authorization,apikey,content-type,x-client-info,prefer',
        },
      });
      assert.equal(pre.status, 204);
      assert.equal(pre.headers.get('access-control-allow-origin'), 'http://localhost:3000');
      assert.match(pre.headers.get('access-control-allow-headers') ?? '', /x-client-info/);
      assert.match(pre.headers.get('access-control-allow-methods') ?? '', /PATCH/);
      const get = await rest(cloud, '/portfolios', { headers: { Origin: 'http://localhost:3000' } });
      assert.match(get.headers.get('access-control-expose-headers') ?? '', /Content-Range/);
      const authPre = await fetch(`${cloud.url}/auth/v1/token?grant_type=password`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
      });
      assert.match(authPre.headers.get('access-control-allow-headers') ?? '', /x-supabase-api-version/);
      assert.match(authPre.headers.get('access-control-expose-headers') ?? '', /X-Supabase-Api-Version/);
    });
  });
}
