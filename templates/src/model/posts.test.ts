// A post's rules: what the editor, the publish function and the renderer all check.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { checkPost, livePosts, POST_LIMITS, tagSlug, type Post } from './posts';

const post = (fields: Partial<Post> = {}): Post => ({
  id: '6f1d3c9e-2b4a-4c8e-9f00-1a2b3c4d5e6f',
  slug: 'first-loaf',
  title: 'पहली रोटी 🍞',
  excerpt: 'Flour, water, salt.',
  body: '<h2>Why</h2><p>Because.</p>',
  cover: '',
  tags: ['Bread'],
  status: 'published',
  publishAt: '2026-12-01T09:00:00.000Z',
  updatedAt: '2026-12-01T09:00:00.000Z',
  ...fields,
});

const problems = (input: unknown) => {
  const checked = checkPost(input);
  return checked.ok ? [] : checked.problems.map((problem) => problem.message);
};

describe('checkPost', () => {
  test('takes a post in Hindi with an emoji as written', () => {
    const checked = checkPost(post());
    expect(checked.ok && checked.post.title).toBe('पहली रोटी 🍞');
  });

  test('says what is wrong, field by field, with the limits', () => {
    expect(problems(post({ title: ' ' }))).toEqual(['Title: give the post a title']);
    expect(problems(post({ title: 'x'.repeat(121) }))).toEqual(['Title: at most 120 characters (it has 121)']);
    expect(problems(post({ slug: 'Hello World' }))).toEqual([
      'Address: use only lowercase letters, digits and dashes, starting and ending with a letter or digit',
    ]);
    expect(problems(post({ slug: 'tag' }))[0]).toMatch(/^Address: the blog uses that address itself/);
    expect(problems(post({ tags: Array.from({ length: 11 }, (_, n) => `t${n}`) }))).toEqual(['Tags: at most 10 tags (this post has 11)']);
    expect(problems(post({ tags: ['x'.repeat(41)] }))).toEqual(['Tags: at most 40 characters (it has 41)']);
    expect(problems(post({ body: 'x'.repeat(100_001) }))).toEqual(['Text: at most 100,000 characters (it has 100,001)']);
    expect(problems(post({ publishAt: null }))).toEqual(['Date: a published post needs its date']);
    expect(problems(post({ cover: 'javascript:alert(1)' }))).toEqual(['Cover picture: upload the picture before saving']);
  });

  test('a draft needs no date; two spellings of a tag are one tag', () => {
    const checked = checkPost(post({ status: 'draft', publishAt: null, tags: ['Bread', ' bread', 'Rye'] }));
    expect(checked.ok && checked.post.tags).toEqual(['Bread', 'Rye']);
  });
});

test('a tag of any script gets an ASCII address', () => {
  expect(tagSlug('Sourdough & Rye')).toBe('sourdough-rye');
  expect(tagSlug('Crème brûlée')).toBe('creme-brulee');
  expect(tagSlug('रोटी')).toMatch(/^t-[0-9a-f]{8}$/);
  expect(tagSlug('रोटी')).toBe(tagSlug(' रोटी '));
  expect(tagSlug('रोटी')).not.toBe(tagSlug('दाल'));
});

test('the live posts are the published ones whose time has come, newest first', () => {
  const now = new Date('2026-12-02T00:00:00Z');
  const posts = [
    post({ slug: 'old', publishAt: '2026-11-01T00:00:00Z' }),
    post({ slug: 'draft', status: 'draft' }),
    post({ slug: 'scheduled', publishAt: '2026-12-02T01:00:00Z' }),
    post({ slug: 'new', publishAt: '2026-12-01T00:00:00Z' }),
  ];
  expect(livePosts(posts, now).map((one) => one.slug)).toEqual(['new', 'old']);
});

test('the database keeps the same limits (public.post_limits())', () => {
  const migrations = path.resolve(__dirname, '../../../supabase/migrations');
  const sql = readdirSync(migrations)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .reverse()
    .map((file) => readFileSync(path.join(migrations, file), 'utf8'))
    .find((text) => /create (?:or replace )?function public\.post_limits\(\)/.test(text))!;
  const numbers = /function public\.post_limits\(\)[\s\S]*?\$\$\s*select ([\d\s,]+);/.exec(sql)![1]!.split(',').map(Number);
  const { posts, title, slug, excerpt, body, tags, tagLength } = POST_LIMITS;
  expect(numbers).toEqual([posts, title, slug, excerpt, body, tags, tagLength]);
});
