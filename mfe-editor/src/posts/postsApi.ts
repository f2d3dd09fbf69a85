// A portfolio's blog posts as the Blog screen writes them: rows of public.portfolio_posts through the
// page's one supabase-js client (row-level security: the owner's alone), and the publish function's
// publish-post action, which brings one saved post onto the published site (or takes it off). Rows are
// read through the one schema (templates/src/model/posts.ts): the page trusts nothing it did not make.
import type { PostgrestError } from '@supabase/supabase-js';
import { FunctionCallError, invokeFunction, type AnswerOf, type FolioForgeClient } from '@folioforge/shared';
import type { publishFunction as PublishContract } from '@folioforge/shared/functions';
import { checkPost, postFromRow, type Post, type PostRow } from '@folioforge/templates';

export type PublishedPost = AnswerOf<typeof PublishContract, 'publish-post'>;

export const POST_COLUMNS = 'id, slug, title, excerpt, body, cover, tags, status, publish_at, updated_at';

/** What the owner typed, before the schema has checked it. */
export interface PostDraft {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  cover: string;
  tags: string[];
  status: Post['status'];
  publishAt: string | null;
}

/** A refusal or failure, in words fit to show; `field` when it belongs beside one field of the form. */
export class PostSaveError extends Error {
  override name = 'PostSaveError';
  constructor(
    message: string,
    readonly field?: keyof PostDraft,
  ) {
    super(message);
  }
}

const ADDRESS_TAKEN = 'another post of this blog has this address; choose another';

function saveProblem(error: PostgrestError): PostSaveError {
  // The address is unique within a portfolio (constraint portfolio_posts_address).
  if (error.code === '23505') return new PostSaveError(`Address: ${ADDRESS_TAKEN}`, 'slug');
  if (error.code === '23514' && /at most \d+ posts/.test(error.message)) return new PostSaveError(error.message);
  if (error.code === '42501' || error.code === 'PGRST301')
    return new PostSaveError('You are signed out, or this is not your portfolio. Log in again and retry.');
  return new PostSaveError('The post was not saved. Check your connection and try again; what you typed is still here.');
}

/** The posts of a portfolio, most recently changed first. Rows the schema refuses are left out. */
export async function listPosts(client: FolioForgeClient, portfolioId: string): Promise<Post[]> {
  const { data, error } = await client
    .from('portfolio_posts')
    .select(POST_COLUMNS)
    .eq('portfolio_id', portfolioId)
    .order('updated_at', { ascending: false });
  if (error) throw new PostSaveError('Your posts could not be loaded. Try again.');
  return (data ?? []).flatMap((row) => {
    const checked = checkPost(postFromRow(row as PostRow));
    return checked.ok ? [checked.post] : [];
  });
}

/** Inserts a new post (no id yet) or updates one; answers the row as saved. */
export async function savePost(client: FolioForgeClient, portfolioId: string, id: string | null, draft: PostDraft): Promise<Post> {
  const columns = {
    slug: draft.slug,
    title: draft.title,
    excerpt: draft.excerpt,
    body: draft.body,
    cover: draft.cover,
    tags: draft.tags,
    status: draft.status,
    publish_at: draft.publishAt,
  };
  const { data, error } = id
    ? await client.from('portfolio_posts').update(columns).eq('id', id).select(POST_COLUMNS).single()
    : await client
        .from('portfolio_posts')
        .insert({ portfolio_id: portfolioId, ...columns })
        .select(POST_COLUMNS)
        .single();
  if (error) throw saveProblem(error);
  const checked = checkPost(postFromRow(data as PostRow));
  if (!checked.ok) throw new PostSaveError('The post was saved, but came back unreadable. Open it again.');
  return checked.post;
}

export async function deletePost(client: FolioForgeClient, id: string): Promise<void> {
  const { error } = await client.from('portfolio_posts').delete().eq('id', id);
  if (error) throw new PostSaveError('The post was not deleted. Try again.');
}

/** Brings the saved post onto the published site as it now is (live, scheduled, back to draft, deleted). */
export async function publishPost(portfolioId: string, postId: string): Promise<PublishedPost> {
  const contract = (await import('@folioforge/shared/functions')).publishFunction;
  try {
    return await invokeFunction(contract, { action: 'publish-post', portfolioId, postId }, { refused: 'The post could not be published.' });
  } catch (error) {
    if (error instanceof FunctionCallError) throw new PostSaveError(`Saved, but not yet on your site: ${error.message}`);
    throw error;
  }
}
