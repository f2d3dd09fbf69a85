// `npm run bench -- blog`: the time to publish one post in a blog of 200 (issue 49 asks ≤ 500 ms),
// the way the editor asks for it: the publish function's `publish-post` on local-cloud (Deno worker,
// PGlite, Storage on disk), after a new title for a post on the blog's first index page (its page,
// its share card, index page 1, its tag's page and the feed change). Printed with the spread of the
// runs and a floor measured in the same run: `publish-post` for a site that is not published, which
// takes the page's lease and reads the post and the snapshot, and writes nothing.
import { callPublish, sweep } from '../test/support/functions.ts';
import { serviceClient, signedInUser, startTestCloud, stopClusters, type TestUser } from '../test/support/servicesCloud.ts';

const POSTS = 200;
const RUNS = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 15);
const DAY = 86_400_000;

const t = await startTestCloud('pglite');
try {
  const owner: TestUser = await signedInUser(t, 'blogger');
  const site = await portfolio(owner, 'bench-blog');
  const unpublished = await portfolio(owner);
  const rows = Array.from({ length: POSTS }, (_, n) => ({
    portfolio_id: site,
    owner_id: owner.id,
    slug: `post-${n + 1}`,
    title: `Post ${n + 1}`,
    excerpt: 'A day at the bakery.',
    body: `<h2>Morning</h2>${'<p>Flour, water, salt and time: the loaves rise while the oven warms. </p>'.repeat(40)}`,
    tags: [n % 3 ? 'Bread' : 'Cake', `Week ${Math.floor(n / 7)}`],
    status: 'published',
    publish_at: new Date(Date.now() - (POSTS - n) * DAY).toISOString(),
  }));
  const { data: inserted, error } = await serviceClient(t).from('portfolio_posts').insert(rows).select('id, slug');
  if (error) throw new Error(error.message);
  const ids = new Map((inserted as { id: string; slug: string }[]).map((row) => [row.slug, row.id]));
  // The site's publish writes the whole blog once (200 post pages and cards).
  const started = performance.now();
  const published = await callPublish(t, owner.accessToken, { action: 'publish', portfolioId: site, slug: 'bench-blog' });
  if (published.status !== 200) throw new Error(`publish answered ${published.status}: ${await published.text()}`);
  console.log(`whole site with ${POSTS} posts published in ${Math.round(performance.now() - started)} ms (once; within its budget)`);
  // What one call's budget left, the sweep finishes (as pg_cron would, every few minutes).
  let sweeps = 0;
  while ((await sweep(t, 3600)).blogsPublished > 0) sweeps++;
  console.log(`and finished by ${sweeps} sweep(s) in ${Math.round(performance.now() - started)} ms in all`);

  const times: number[] = [];
  const floors: number[] = [];
  const postId = ids.get(`post-${POSTS}`)!;
  const draftId = (
    await owner.client.from('portfolio_posts').insert({ portfolio_id: unpublished, slug: 'floor', title: 'Floor' }).select('id').single()
  ).data!.id as string;
  for (let run = 0; run <= RUNS; run++) {
    await owner.client
      .from('portfolio_posts')
      .update({ title: `Post ${POSTS}, take ${run}` })
      .eq('id', postId);
    const begin = performance.now();
    const answer = await callPublish(t, owner.accessToken, { action: 'publish-post', portfolioId: site, postId });
    const body = (await answer.json()) as { filesWritten: number };
    const elapsed = performance.now() - begin;
    const floorBegin = performance.now();
    await (await callPublish(t, owner.accessToken, { action: 'publish-post', portfolioId: unpublished, postId: draftId })).json();
    const floor = performance.now() - floorBegin;
    if (answer.status !== 200) throw new Error(`publish-post answered ${answer.status}`);
    if (run === 0) {
      console.log(`first publish-post (the worker warming): ${Math.round(elapsed)} ms, ${body.filesWritten} files written`);
      continue;
    }
    times.push(elapsed);
    floors.push(floor);
  }
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
    return `min ${at(0)} · median ${at(0.5)} · p90 ${at(0.9)} · max ${Math.round(sorted.at(-1)!)} ms`;
  };
  console.log(`\npublish one post in a blog of ${POSTS} (${RUNS} runs; goal ≤ 500 ms):`);
  console.log(`  publish-post          ${stats(times)}`);
  console.log(`  floor (no blog to write) ${stats(floors)}`);
} finally {
  await t.stop();
  await stopClusters();
}

async function portfolio(user: TestUser, title = 'Blog'): Promise<string> {
  const { data, error } = await user.client
    .from('portfolios')
    .insert({ template_id: 'generator', title, data: { name: 'Meera’s Bakery' } })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data!.id as string;
}
