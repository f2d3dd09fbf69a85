// A blog post of a site. Posts are rows of their own (public.portfolio_posts), not part of the
// portfolio document: a blog of hundreds of posts would outgrow a row. One schema, `postSchema`, is
// what the editor checks before saving, what the publish function checks before rendering and what
// the renderer reads; the database keeps the same limits (a check per column, and a trigger for the
// number of posts a site holds).
import { withoutControlCharacters } from '@folioforge/shared/typed-text';
import { z } from 'zod';
import { builtOnFirstUse } from './builtOnFirstUse';
import { isFileValue } from './files';

/** The stated limits of a post and of a blog. */
export const POST_LIMITS = {
  /** Posts a site holds, drafts included. */
  posts: 500,
  title: 120,
  slug: 80,
  excerpt: 300,
  /** The body, as sanitised HTML, in characters. */
  body: 100_000,
  tags: 10,
  tagLength: 40,
} as const;

/** Posts on one page of the blog's index and of a tag's page. */
export const POSTS_PER_PAGE = 10;

export type PostStatus = 'draft' | 'published';

export interface Post {
  id: string;
  /** The post's address part: /p/<site>/blog/<slug>/. */
  slug: string;
  title: string;
  /** One paragraph of plain text: the index's and the feed's summary, the share card's line. */
  excerpt: string;
  /** Rich text (sanitised HTML of the post's allow-list: headings, lists, quotes, links, code). */
  body: string;
  /** A picture reference as the portfolio's (files.ts), '' for none. */
  cover: string;
  tags: string[];
  status: PostStatus;
  /** When it goes live (ISO 8601). A published post with a time still to come is scheduled. */
  publishAt: string | null;
  updatedAt: string;
}

/** Lowercase letters, digits and dashes, not starting or ending with a dash. */
export const POST_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Addresses under /blog/ the blog itself uses: a post cannot be called so. */
export const RESERVED_POST_SLUGS = ['page', 'tag', 'feed', 'feed.xml', 'files', 'index'] as const;

/**
 * A tag's address part: "Sourdough & Rye" → "sourdough-rye". Storage keys and addresses stay ASCII, so a
 * tag of another script ("रोटी") is named by a short hash of its words ("t-1a2b3c4d"): stable, unique enough.
 */
export function tagSlug(tag: string): string {
  const words = tag.normalize('NFKC').trim().toLowerCase();
  const ascii = words
    .normalize('NFKD')
    .replace(/[\u0300-\u036f']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  if (ascii && !/[^\p{ASCII}]/u.test(words.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))) return ascii;
  // FNV-1a over the UTF-16 units.
  let hash = 0x811c9dc5;
  for (let index = 0; index < words.length; index++) hash = Math.imul(hash ^ words.charCodeAt(index), 0x01000193) >>> 0;
  return `${ascii ? `${ascii}-` : 't-'}${hash.toString(16).padStart(8, '0')}`;
}

/** True when a tag has something to name it by (a letter or a digit of any script). */
const hasWords = (tag: string) => /[\p{L}\p{N}]/u.test(tag);

const tooLong = (max: number) => (issue: { input?: unknown }) =>
  `at most ${max.toLocaleString('en')} characters (it has ${String(issue.input ?? '').length.toLocaleString('en')})`;

const line = (max: number) =>
  z
    .string({ error: 'must be text' })
    .overwrite((value) => withoutControlCharacters(value).replace(/\s+/g, ' '))
    .trim()
    .max(max, { error: tooLong(max) });

export const postSchema = builtOnFirstUse(() =>
  z
    .object({
      id: z.uuid({ error: 'must be a post id' }),
      slug: z
        .string({ error: 'must be text' })
        .trim()
        .min(1, { error: 'give the post an address' })
        .max(POST_LIMITS.slug, { error: tooLong(POST_LIMITS.slug) })
        .regex(POST_SLUG_PATTERN, { error: 'use only lowercase letters, digits and dashes, starting and ending with a letter or digit' })
        .refine((slug) => !(RESERVED_POST_SLUGS as readonly string[]).includes(slug), {
          error: `the blog uses that address itself; choose another than ${RESERVED_POST_SLUGS.join(', ')}`,
        }),
      title: line(POST_LIMITS.title).min(1, { error: 'give the post a title' }),
      excerpt: line(POST_LIMITS.excerpt).default(''),
      body: z
        .string({ error: 'must be text' })
        .overwrite((value) => withoutControlCharacters(value, { multiline: true }))
        .max(POST_LIMITS.body, { error: tooLong(POST_LIMITS.body) })
        .default(''),
      cover: z.string({ error: 'must be a picture' }).trim().refine(isFileValue, { error: 'upload the picture before saving' }).default(''),
      tags: z
        .array(line(POST_LIMITS.tagLength).refine(hasWords, { error: 'a tag needs a letter or a digit' }))
        .max(POST_LIMITS.tags, {
          error: (issue) => `at most ${POST_LIMITS.tags} tags (this post has ${Array.isArray(issue.input) ? issue.input.length : '?'})`,
        })
        .default([])
        // Two spellings of one tag ("Bread", "bread ") would be one tag page: kept once, first spelling.
        .transform((tags) => tags.filter((tag, index) => tags.findIndex((other) => tagSlug(other) === tagSlug(tag)) === index)),
      status: z.enum(['draft', 'published'], { error: 'must be draft or published' }),
      publishAt: z.iso.datetime({ offset: true, error: 'must be a date and time' }).nullable().default(null),
      updatedAt: z.iso.datetime({ offset: true, error: 'must be a date and time' }),
    })
    .refine((post) => post.status === 'draft' || post.publishAt !== null, {
      path: ['publishAt'],
      error: 'a published post needs its date',
    }),
);

/** Where a problem is, in the editor's words. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  slug: 'Address',
  title: 'Title',
  excerpt: 'Excerpt',
  body: 'Text',
  cover: 'Cover picture',
  tags: 'Tags',
  status: 'Status',
  publishAt: 'Date',
  id: 'Post',
  updatedAt: 'Post',
};

export type PostCheck = { ok: true; post: Post } | { ok: false; problems: { field: string; message: string }[] };

/** Checks a post: the post as the schema keeps it, or what is wrong, field by field ("Title: give the post a title"). */
export function checkPost(input: unknown): PostCheck {
  const parsed = postSchema().safeParse(input);
  if (parsed.success) return { ok: true, post: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => {
      const field = String(issue.path[0] ?? 'id');
      return { field, message: `${FIELD_NAMES[field] ?? 'Post'}: ${issue.message}` };
    }),
  };
}

/** A row of public.portfolio_posts as PostgREST answers it. */
export interface PostRow {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  cover: string;
  tags: string[];
  status: string;
  publish_at: string | null;
  updated_at: string;
}

export const postFromRow = (row: PostRow): unknown => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  excerpt: row.excerpt,
  body: row.body,
  cover: row.cover,
  tags: row.tags,
  status: row.status,
  publishAt: row.publish_at,
  updatedAt: row.updated_at,
});

/** True when a post is on the site at `now`: published, and its time has come. */
export const isLive = (post: Pick<Post, 'status' | 'publishAt'>, now: Date): boolean =>
  post.status === 'published' && post.publishAt !== null && Date.parse(post.publishAt) <= now.getTime();

/** The live posts, newest first (equal times: by address, so the order never flickers). */
export function livePosts<P extends Pick<Post, 'status' | 'publishAt' | 'slug'>>(posts: readonly P[], now: Date): P[] {
  return posts
    .filter((post) => isLive(post, now))
    .sort((a, b) => Date.parse(b.publishAt!) - Date.parse(a.publishAt!) || a.slug.localeCompare(b.slug));
}
