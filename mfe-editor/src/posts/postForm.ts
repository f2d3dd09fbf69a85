// What the post form holds as the owner types, and how it becomes a post the schema accepts: the
// form keeps the text as typed (a failed check or save loses nothing), and checks it with the one
// schema (templates/src/model/posts.ts) field by field, so each message shows beside its field.
import { checkPost, POST_LIMITS, type Post } from '@folioforge/templates';
import type { PostDraft } from './postsApi';

export interface PostFormValues {
  title: string;
  slug: string;
  /** The owner wrote the address themselves: the title no longer makes it. */
  slugEdited: boolean;
  excerpt: string;
  body: string;
  cover: string;
  /** Tags as typed, comma-separated. */
  tagsText: string;
  /** When it goes live: as soon as it is published, or at the time in `at`. */
  when: 'now' | 'at';
  /** A local date and time as <input type="datetime-local"> holds it ('2026-12-24T09:30'). */
  at: string;
}

export type PostField = 'title' | 'slug' | 'excerpt' | 'body' | 'cover' | 'tags' | 'publishAt';
export type PostProblems = Partial<Record<PostField, string>>;

/** A post's address from its title: "Rye & Spelt, week 2" → "rye-spelt-week-2". */
export function postSlugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, POST_LIMITS.slug)
    .replace(/-+$/g, '');
}

export const tagsOf = (text: string): string[] =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the datetime-local input shows it, in this device's time zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The datetime-local value as an instant (ISO), or null when it is no date. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function formValuesOf(post: Post | undefined): PostFormValues {
  if (!post) return { title: '', slug: '', slugEdited: false, excerpt: '', body: '', cover: '', tagsText: '', when: 'now', at: '' };
  return {
    title: post.title,
    slug: post.slug,
    slugEdited: true,
    excerpt: post.excerpt,
    body: post.body,
    cover: post.cover,
    tagsText: post.tags.join(', '),
    // A post with a date keeps it (a live post's stays its date), until the owner chooses "now".
    when: post.publishAt ? 'at' : 'now',
    at: post.publishAt ? toLocalInput(post.publishAt) : '',
  };
}

// The schema checks a whole post: these stand for the parts the database gives (id, time of change).
const NOT_SAVED_ID = '00000000-0000-4000-8000-000000000000';

export type Checked = { ok: true; draft: PostDraft } | { ok: false; problems: PostProblems };

/**
 * The form's values as a post to save with `status`, or the problems field by field. `others` are the
 * blog's other posts: an address one of them has is refused here, before the database would.
 */
export function checkForm(values: PostFormValues, status: Post['status'], others: readonly Pick<Post, 'slug'>[], now: Date): Checked {
  const problems: PostProblems = {};
  let publishAt: string | null = null;
  if (values.when === 'at') {
    publishAt = fromLocalInput(values.at);
    if (!publishAt) problems.publishAt = 'Date: choose the date and time it goes live';
  } else if (status === 'published') publishAt = now.toISOString();
  const checked = checkPost({
    id: NOT_SAVED_ID,
    updatedAt: now.toISOString(),
    slug: values.slug,
    title: values.title,
    excerpt: values.excerpt,
    body: values.body,
    cover: values.cover,
    tags: tagsOf(values.tagsText),
    status,
    publishAt,
  });
  if (!checked.ok)
    for (const { field, message } of checked.problems) {
      const key = field as PostField;
      problems[key] ??= message;
    }
  if (!problems.slug && others.some((other) => other.slug === values.slug.trim()))
    problems.slug = 'Address: another post of this blog has this address; choose another';
  if (!checked.ok || Object.keys(problems).length > 0) return { ok: false, problems };
  const { post } = checked;
  return {
    ok: true,
    draft: {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      body: post.body,
      cover: post.cover,
      tags: post.tags,
      status: post.status,
      publishAt: post.publishAt,
    },
  };
}

/** Where a post stands, in the list's words. */
export function postStanding(
  post: Pick<Post, 'status' | 'publishAt'>,
  now: Date,
  formatDate: (iso: string) => string,
): { kind: 'draft' | 'scheduled' | 'published'; text: string } {
  if (post.status !== 'published' || !post.publishAt) return { kind: 'draft', text: 'Draft' };
  if (Date.parse(post.publishAt) > now.getTime()) return { kind: 'scheduled', text: `Scheduled for ${formatDate(post.publishAt)}` };
  return { kind: 'published', text: `Published ${formatDate(post.publishAt)}` };
}
