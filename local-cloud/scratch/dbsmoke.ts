import { openDatabase } from '/work/main/local-cloud/src/db/index.ts';
const t = Date.now();
const db = await openDatabase({ dataDir: '/tmp/dbsmoke', migrationsDir: '/work/main/supabase/migrations', databaseUrl: process.env.DATABASE_URL });
console.log('open', Date.now() - t);
const uid = await db.asOwner(async (tx) => (await tx.query<{id:string}>(`insert into auth.users (email, raw_user_meta_data) values ('a'||random()||'@x.io', ('{"name":"A","username":"alice'||floor(random()*1e6)||'"}')::jsonb) returning id`)).rows[0].id);
console.log(await db.asOwner((tx) => tx.query('select * from public.profiles where id=$1', [uid])));
const r = await db.withClaims({ role: 'authenticated', sub: uid }, async (tx) => {
  await tx.query(`insert into portfolios (template_id, title) values ('1','t')`);
  return tx.query('select auth.uid(), auth.role(), current_user, (select count(*) from portfolios) n');
});
console.log(r.rows);
console.log((await db.withClaims({ role: 'anon' }, (tx) => tx.query('select count(*) n from portfolios'))).rows);
await db.withClaims({ role: 'authenticated', sub: uid }, (tx) => tx.query(`insert into purchases (user_id,item_type,item_id,amount,order_id) values ($1,'plan','x',1,'o')`, [uid])).catch(e => console.log('expected', e.code, e.message));
console.log((await db.withClaims({ role: 'anon' }, (tx) => tx.query('select public.username_available($1) a', ['zzzq']))).rows);
await db.close();
