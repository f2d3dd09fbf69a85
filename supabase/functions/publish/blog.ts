// A published site's blog in the `sites` bucket, as a projection of its live posts (status
// 'published', publish_at come): <slug>/blog/index.html and blog/page/<n>/, blog/tag/<tag>/ (and its
// pages), blog/<post>/ for each post, <slug>/feed.xml, and each post's cover copies and share card
// under <slug>/files/. What was written last is kept in public.blog_renders (each file's hash, each
// post's files), so publishing one post renders the lists (cheap: titles and dates) and that post,
// and writes only the files whose bytes changed; a file no longer named is removed. Publishing the
// whole site (actions/publish.ts) renders every post's page, storing those that changed (all of
// them after an unpublish emptied the folder), within a time budget the sweep carries on past.
import { imageSrcset, storedImageFromPath } from '../_shared/imageVariants.ts';
import { HttpError } from '../_shared/request.ts';
import { FILE_CACHE_SECONDS, pageFilesFolder, SITES_BUCKET } from '../_shared/sites.ts';
import { publicPagePath } from '../_shared/slugs.ts';
import { shareCardFileName, shareCardPng } from '../_shared/shareCard/shareCard.ts';
import { listFolder, removeObjects } from '../_shared/storageTree.ts';
import { download, putSiteFile, type Deps } from './pages.ts';
import { pageSnapshot, storeSiteAgain } from './pagesAgain.ts';
import { asksForPassword } from './protection.ts';
import { accentHex, blog, livePosts, toPageLook, type Post, type PostRow } from './siteRenderer.generated.mjs';

const SUMMARY_COLUMNS = 'id, slug, title, excerpt, cover, tags, status, publish_at, updated_at';

/** The site a blog belongs to, as its home page was (or is being) published. */
export interface BlogTarget {
  portfolioId: string;
  ownerId: string;
  slug: string;
  templateId: string;
  data: unknown;
  /** The owner's look as the plan grants it now (undefined: the template's own). */
  look?: Parameters<typeof blog.blogSiteFor>[2]['look'];
  badge: boolean;
  accentHex?: string;
}

interface Manifest {
  slug: string;
  /** Every file of the blog in the bucket, by path, with its bytes' hash. */
  files: Record<string, string>;
  /** The files of each post (its page, cover copies, share card), by post id. */
  postFiles: Record<string, string[]>;
}

export interface BlogWritten {
  /** Every path of the blog in the bucket now. */
  paths: Set<string>;
  filesWritten: number;
  /** The posts on the site now. */
  live: Post[];
  /** Live posts left for the sweep (past the call's budget). */
  pending: number;
  /** The site had live posts before this write (its pages' navigation ends with "Blog"). */
  wasLive: boolean;
}

async function hashOf(text: string): Promise<string> {
  const data = new TextEncoder().encode(text);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return Array.from(digest.subarray(0, 12), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function readRows(deps: Deps, portfolioId: string): Promise<PostRow[]> {
  const { data, error } = await deps.admin
    .from('portfolio_posts')
    .select(SUMMARY_COLUMNS)
    .eq('portfolio_id', portfolioId)
    .eq('status', 'published')
    .order('publish_at', { ascending: false })
    .limit(1000);
  if (error) throw new HttpError(503, 'The blog could not be read. Try again.');
  return ((data ?? []) as Omit<PostRow, 'body'>[]).map((row) => ({ ...row, body: '' }));
}

async function readBodies(deps: Deps, ids: string[]): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  for (let start = 0; start < ids.length; start += 100) {
    const { data, error } = await deps.admin
      .from('portfolio_posts')
      .select('id, body')
      .in('id', ids.slice(start, start + 100));
    if (error) throw new HttpError(503, 'The blog could not be read. Try again.');
    for (const row of (data ?? []) as { id: string; body: string }[]) bodies.set(row.id, row.body);
  }
  return bodies;
}

/** The site's live posts now (newest first), with their bodies: what an export of the site holds. */
export async function readLivePosts(deps: Deps, portfolioId: string, now = new Date()): Promise<Post[]> {
  const live = livePosts(blog.checkedPosts(await readRows(deps, portfolioId)), now);
  const bodies = await readBodies(
    deps,
    live.map((post) => post.id),
  );
  return live.map((post) => ({ ...post, body: bodies.get(post.id) ?? '' }));
}

async function readManifest(deps: Deps, portfolioId: string): Promise<Manifest | undefined> {
  const { data, error } = await deps.admin
    .from('blog_renders')
    .select('slug, files, post_files')
    .eq('portfolio_id', portfolioId)
    .maybeSingle<{ slug: string; files: Record<string, string>; post_files: Record<string, string[]> }>();
  if (error) throw new HttpError(503, 'The blog could not be read. Try again.');
  return data ? { slug: data.slug, files: data.files, postFiles: data.post_files } : undefined;
}

/**
 * The cover as the post's page shows it, copied beside the page: a stored photo of the owner's own
 * folder for this portfolio (main file and its narrower copies), or an https address as it stands.
 */
async function coverFor(deps: Deps, target: BlogTarget, cover: string, put: Put) {
  if (/^https:\/\//i.test(cover)) return { cover: { src: cover }, paths: [] };
  const prefix = `storage:portfolio-images/${target.ownerId}/${target.portfolioId}/`;
  const name = cover.startsWith(prefix) ? cover.slice(prefix.length) : '';
  if (!/^[A-Za-z0-9_.-]+$/.test(name) || name.startsWith('.')) return { cover: undefined, paths: [] };
  const storedPath = cover.slice('storage:portfolio-images/'.length);
  const image = storedImageFromPath(storedPath);
  const folder = `${pageFilesFolder(target.slug)}/portfolio-images`;
  const urlOf = (path: string) => `${publicPagePath(target.slug)}/files/portfolio-images/${path.slice(path.lastIndexOf('/') + 1)}`;
  const paths: string[] = [];
  for (const path of [storedPath, ...(image?.variants.map((variant) => variant.path) ?? [])]) {
    const bucketPath = `${folder}/${path.slice(path.lastIndexOf('/') + 1)}`;
    if (await put.copy(bucketPath, path)) paths.push(bucketPath);
  }
  if (!paths.includes(`${folder}/${name}`)) return { cover: undefined, paths };
  return {
    cover: {
      src: urlOf(storedPath),
      ...(image ? { width: image.width, height: image.height } : {}),
      ...(image?.variants.length ? { srcset: imageSrcset(image, urlOf) } : {}),
    },
    paths,
  };
}

interface Put {
  /** Stores a text file of the blog unless its bytes are those already there. */
  text(path: string, body: string, contentType: string): Promise<void>;
  /** Copies a stored upload into the site once (its name is per upload: it never changes). */
  copy(path: string, storedPath: string): Promise<boolean>;
  /** Stores a share card, drawn only when no card of that content is there. */
  card(path: string, draw: () => Promise<Uint8Array>): Promise<void>;
}

/**
 * How long one call may spend on post pages (a share card costs 0.1–0.3 s): past it, the posts left
 * are deferred, kept off the lists and the feed (no link leads to a page not yet written), and the
 * blog is marked pending for the sweep to go on with. A site of hundreds of posts published at once,
 * or again after an unpublish emptied its folder, so never runs past a function's time limit.
 */
export const POST_PAGES_BUDGET_MS = 30_000;

/**
 * Writes the blog of a published site. `scope` names the posts whose pages to render first ('all':
 * every live post; a list: those posts); a live post outside it keeps the files it has, or is
 * rendered when it has none yet. Every list page and the feed are rendered each time; a file is
 * stored only when its bytes are not those already there.
 */
export async function writeBlog(deps: Deps, target: BlogTarget, scope: 'all' | readonly string[], now = new Date()): Promise<BlogWritten> {
  // The blog lives in the public bucket: a site behind its password publishes none (its posts stay drafts to the world).
  if (asksForPassword(target.data)) return { paths: new Set(), filesWritten: 0, live: [], pending: 0, wasLive: false };
  const started = performance.now();
  const site = blog.blogSiteFor(target.templateId, target.data, {
    homePath: publicPagePath(target.slug),
    origin: deps.siteUrl,
    look: target.look,
    badgeUrl: target.badge ? `${deps.siteUrl}/home` : undefined,
  });
  const stored = await readManifest(deps, target.portfolioId);
  // The manifest is what the folder holds only while the feed it wrote is there: an unpublish empties the folder.
  const top = await listFolder(deps.admin, SITES_BUCKET, target.slug);
  const trusted = stored?.slug === target.slug && top.some((entry) => entry.path === `${target.slug}/${blog.FEED_PATH}`);
  const previous: Manifest = trusted ? stored : { slug: target.slug, files: {}, postFiles: {} };
  const next: Manifest = { slug: target.slug, files: {}, postFiles: {} };
  let filesWritten = 0;
  const existing = new Set((await listFolder(deps.admin, SITES_BUCKET, pageFilesFolder(target.slug))).map((entry) => entry.path));

  const put: Put = {
    async text(path, body, contentType) {
      const hash = await hashOf(body);
      next.files[path] = hash;
      if (previous.files[path] === hash) return;
      await putSiteFile(deps, path, body, contentType);
      filesWritten++;
    },
    async copy(path, storedPath) {
      if (existing.has(path)) {
        next.files[path] = previous.files[path] ?? 'upload';
        return true;
      }
      const blob = await download(deps, { bucket: 'portfolio-images', path: storedPath });
      if (!blob) return false;
      await putSiteFile(deps, path, blob, blob.type || 'application/octet-stream', FILE_CACHE_SECONDS);
      next.files[path] = 'upload';
      filesWritten++;
      return true;
    },
    async card(path, draw) {
      next.files[path] = 'card';
      if (existing.has(path)) return;
      await putSiteFile(deps, path, await draw(), 'image/png', FILE_CACHE_SECONDS);
      filesWritten++;
    },
  };
  const inSite = (path: string) => `${target.slug}/${path}`;

  const live = livePosts(blog.checkedPosts(await readRows(deps, target.portfolioId)), now);
  const first = new Set(scope === 'all' ? live.map((post) => post.id) : scope);
  const kept = (post: Post) => scope !== 'all' && !first.has(post.id) && Boolean(previous.postFiles[post.id]?.length);
  // The posts asked for first, then the others still without a page, newest first.
  const toRender = [...live.filter((post) => first.has(post.id)), ...live.filter((post) => !first.has(post.id) && !kept(post))];
  const bodies = await readBodies(deps, [...new Set([...toRender, ...live.slice(0, blog.FEED_ENTRIES)].map((post) => post.id))]);
  const withBody = (post: Post): Post => ({ ...post, body: bodies.get(post.id) ?? '' });

  for (const post of live.filter(kept)) {
    next.postFiles[post.id] = previous.postFiles[post.id]!;
    for (const path of next.postFiles[post.id]!) next.files[path] = previous.files[path] ?? 'kept';
  }
  const deferred = new Set<string>();
  for (const post of toRender) {
    if (performance.now() - started > POST_PAGES_BUDGET_MS) {
      deferred.add(post.id);
      continue;
    }
    const full = withBody(post);
    const { cover, paths } = await coverFor(deps, target, post.cover, put);
    const pageUrl = `${deps.siteUrl}${publicPagePath(target.slug)}/${blog.postPath(post.slug)}`;
    const card = {
      name: post.title,
      headline: blog.postDescription(full),
      accentHex: target.accentHex,
      address: pageUrl.replace(/^https?:\/\//, ''),
    };
    const cardPath = `${pageFilesFolder(target.slug)}/${await shareCardFileName(card)}`;
    await put.card(cardPath, () => shareCardPng(card));
    const imageUrl = `${deps.siteUrl}/p/${cardPath}`;
    const file = blog.postPage(site, full, { cover, imageUrl });
    await put.text(inSite(file.path), file.body, file.contentType);
    next.postFiles[post.id] = [inSite(file.path), cardPath, ...paths];
  }
  const shown = live.filter((post) => !deferred.has(post.id));
  for (const file of blog.blogIndexPages(site, shown)) await put.text(inSite(file.path), file.body, file.contentType);
  for (const tag of blog.tagSlugsOf(shown))
    for (const file of blog.tagPages(site, shown, tag)) await put.text(inSite(file.path), file.body, file.contentType);
  const feed = blog.atomFeed(site, shown.slice(0, blog.FEED_ENTRIES).map(withBody), now);
  await put.text(inSite(feed.path), feed.body, feed.contentType);

  // What the blog named before and names no more: a post gone back to draft or deleted, a tag unused, a page of the index.
  // (Cover copies are shared with the home page's folder: only those the home page does not name go, by the caller.)
  const gone = Object.keys(previous.files).filter(
    (path) => !(path in next.files) && !path.startsWith(`${pageFilesFolder(target.slug)}/portfolio-images/`),
  );
  if (gone.length) await removeObjects(deps.admin, SITES_BUCKET, gone);

  const { error } = await deps.admin.from('blog_renders').upsert({
    portfolio_id: target.portfolioId,
    rendered_at: now.toISOString(),
    slug: target.slug,
    files: next.files,
    post_files: next.postFiles,
    pending: deferred.size > 0,
  });
  if (error) throw new HttpError(503, 'The blog could not be recorded. Try again.');
  return {
    paths: new Set(Object.keys(next.files)),
    filesWritten,
    live: shown,
    pending: deferred.size,
    wasLive: Object.keys(previous.postFiles).length > 0,
  };
}

/** Whether the site's blog, as last written, has live posts: its pages' navigation then ends with "Blog". */
export async function siteShowsBlog(deps: Deps, portfolioId: string): Promise<boolean> {
  const stored = await readManifest(deps, portfolioId);
  return Object.keys(stored?.postFiles ?? {}).length > 0;
}

/**
 * After a write of the blog alone (a post published, a post come due): when the site's first post went
 * up or its last came down, every page is rendered again, its navigation with "Blog" or without it.
 */
export async function storePagesWhenBlogShows(deps: Deps, portfolioId: string, written: BlogWritten): Promise<void> {
  const shows = written.live.length > 0;
  if (shows === written.wasLive) return;
  const snapshot = await pageSnapshot(deps, portfolioId);
  if (snapshot) await storeSiteAgain(deps, snapshot, { blog: shows });
}

/** A published site's blog target from the snapshot of what its home page shows (published_pages); none when unpublished. */
export async function publishedBlogTarget(deps: Deps, portfolioId: string): Promise<BlogTarget | undefined> {
  const { data, error } = await deps.admin
    .from('published_pages')
    .select('portfolio_id, owner_id, slug, template_id, data, look, badge, customized_look')
    .eq('portfolio_id', portfolioId)
    .maybeSingle<{
      portfolio_id: string;
      owner_id: string;
      slug: string;
      template_id: string;
      data: unknown;
      look: unknown;
      badge: boolean;
      customized_look: boolean;
    }>();
  if (error) throw new HttpError(503, 'Your page could not be read. Try again.');
  if (!data) return undefined;
  const look = data.customized_look ? toPageLook(data.look) : undefined;
  return {
    portfolioId: data.portfolio_id,
    ownerId: data.owner_id,
    slug: data.slug,
    templateId: data.template_id,
    data: data.data,
    look,
    badge: data.badge,
    accentHex: look?.accent ? accentHex(look) : undefined,
  };
}

/** The blog target of a site being published now, from its row and what the owner's plan grants. */
export function blogTargetFor(
  row: { id: string; owner_id: string; template_id: string; data: unknown; look: unknown },
  slug: string,
  features: { badge: boolean; customizedLook: boolean },
): BlogTarget {
  const look = features.customizedLook ? toPageLook(row.look) : undefined;
  return {
    portfolioId: row.id,
    ownerId: row.owner_id,
    slug,
    templateId: row.template_id,
    data: row.data,
    look,
    badge: features.badge,
    accentHex: look?.accent ? accentHex(look) : undefined,
  };
}

/**
 * The sweep's part: every published blog with a post that came due since it was last written is
 * written again (the due posts' pages, the lists, the feed). Skipped while its page is changing.
 */
export async function publishDueBlogs(
  deps: Deps,
  holdPage: (portfolioId: string, ownerId: string) => Promise<(() => Promise<void>) | undefined>,
): Promise<number> {
  const { data, error } = await deps.admin.rpc('blogs_due', {});
  if (error) throw new HttpError(503, 'The scheduled posts could not be read.');
  let published = 0;
  for (const due of (data ?? []) as { portfolio_id: string }[]) {
    const target = await publishedBlogTarget(deps, due.portfolio_id);
    if (!target) continue;
    const release = await holdPage(target.portfolioId, target.ownerId);
    if (!release) continue; // a change of the page is under way: the next sweep looks again
    try {
      await storePagesWhenBlogShows(deps, target.portfolioId, await writeBlog(deps, target, []));
      published++;
    } catch (problem) {
      console.error('sweep: a blog could not be written', target.portfolioId, problem);
    } finally {
      await release();
    }
  }
  return published;
}
