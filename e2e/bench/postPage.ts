// A blog post's page as a visitor gets it: Lighthouse's mobile scores (goals: performance ≥ 98,
// SEO 100) and the post read with scripts off. The post is a long one of every kind of block the
// post body takes, on a published generator site.
import type { Browser } from 'playwright-core';
import { createConfirmedUser } from '../support/accounts';
import { userClient } from '../support/portfolios';
import type { Stack } from '../support/stack';
import { medianRun, runLighthouse } from './lighthouse';

const GOALS = { performance: 98, seo: 100 };
const TITLE = 'Baking rye at home: a week of notes';

/** About 1,200 words: headings, paragraphs, a list, a quote, code and links. */
function longBody(): string {
  const paragraph = (n: number) =>
    `<p>Day ${n}: the starter doubled in six hours at 26 °C. Rye takes water slowly, so the dough rests longer than wheat would, and it is shaped wet. <a href="https://example.com/rye">More on rye</a>.</p>`;
  const days = Array.from({ length: 14 }, (_, index) => `<h2>Day ${index + 1}</h2>${paragraph(index + 1)}${paragraph(index + 2)}`);
  return `${days.join('')}<ul><li>Rye flour, 500 g</li><li>Water, 400 g</li><li>Salt, 10 g</li></ul><blockquote><p>Rye is baked, not kneaded.</p></blockquote><pre><code>bake 250 °C 15 min, then 210 °C 45 min</code></pre>`;
}

export async function benchPostPage(browser: Browser, stack: Stack, log = console.log): Promise<string[]> {
  const user = await createConfirmedUser(stack, 'Bench Baker');
  const { client } = await userClient(stack, user);
  const slug = `bench-blog-${Date.now().toString(36)}`;
  const { data: site, error } = await client
    .from('portfolios')
    .insert({ template_id: 'generator', title: 'Bakery', data: { name: 'Bench Bakery' } })
    .select('id')
    .single();
  if (error) throw error;
  const publish = async (body: Record<string, string>) => {
    const answer = await client.functions.invoke('publish', { body });
    if (answer.error) throw answer.error;
  };
  await publish({ action: 'publish', portfolioId: site.id, slug });
  const post = await client
    .from('portfolio_posts')
    .insert({
      portfolio_id: site.id,
      slug: 'rye-week',
      title: TITLE,
      excerpt: 'Fourteen days of a rye starter, written down.',
      body: longBody(),
      tags: ['Rye', 'Notes'],
      status: 'published',
      publish_at: new Date(Date.now() - 60_000).toISOString(),
    })
    .select('id')
    .single();
  if (post.error) throw post.error;
  await publish({ action: 'publish-post', portfolioId: site.id, postId: post.data.id });
  const postUrl = `${stack.shellUrl}/p/${slug}/blog/rye-week/`;

  const missed: string[] = [];
  // With scripts off the post reads whole: its title, its last block and its way back to the blog.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const answer = await page.goto(postUrl);
  const readable =
    answer?.status() === 200 &&
    (await page.getByRole('heading', { level: 1, name: TITLE }).isVisible()) &&
    (await page.getByText('bake 250 °C 15 min').isVisible());
  await context.close();
  if (!readable) missed.push('post page with scripts off');

  const runs = [];
  for (let run = 1; run <= 3; run += 1) runs.push(await runLighthouse(postUrl, `post-page-${run}`));
  const result = medianRun(runs);
  const lighthouseMissed = [
    result.performance < GOALS.performance ? `performance < ${GOALS.performance}` : '',
    result.seo < GOALS.seo ? `SEO < ${GOALS.seo}` : '',
  ].filter(Boolean);
  if (lighthouseMissed.length) missed.push('post page Lighthouse');
  log(
    `Lighthouse on a post page (/p/<slug>/blog/<post>/, ~1,200 words), median of 3, mobile: performance ${result.performance} (runs ${runs.map((figures) => figures.performance).join(', ')}), LCP ${(result.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(result.tbtMs)} ms, CLS ${result.cls.toFixed(2)}, SEO ${result.seo}, accessibility ${result.accessibility} (goals ≥ ${GOALS.performance} and SEO ${GOALS.seo}: ${lighthouseMissed.length ? `MISSED ${lighthouseMissed.join(', ')}` : 'met'}); with scripts off at 390 px: ${readable ? 'reads whole' : 'NOT READABLE'}`,
  );
  return missed;
}
