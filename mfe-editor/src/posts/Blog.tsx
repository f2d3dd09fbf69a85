import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, dateFormatter, RequireAuth, useAuthStore } from '@folioforge/shared';
import { pageLinkChoices, type Post } from '@folioforge/templates';
import { PageLinkChoicesContext } from '../editing/fields/pageLinks';
import { editorPathFor } from '../portfolios/editorPaths';
import { usePortfolio, withEditorQueries } from '../portfolios/queries';
import { blogPathFor, postPathFor } from './blogPaths';
import { postStanding } from './postForm';
import { PostEditor } from './PostEditor';
import { usePostList } from './usePostList';
import styles from './Blog.module.scss';

const dateFormat = dateFormatter(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /design/blog?portfolio=<id>: the posts of one portfolio's blog (title, where each stands, tags), with
 * "New post"; &post=<id> (or new) opens one post's form.
 */
function Blog() {
  return (
    <RequireAuth>
      <SignedInBlog />
    </RequireAuth>
  );
}

export default withEditorQueries(Blog);

function SignedInBlog() {
  const userId = useAuthStore((state) => state.user?.id) ?? '';
  const [params] = useSearchParams();
  const portfolioId = params.get('portfolio') ?? '';
  const postId = params.get('post');
  const portfolio = usePortfolio(userId, portfolioId || undefined);
  const posts = usePostList(userId, portfolioId);
  const navigate = useNavigate();
  // A new post, once saved, is the same form at its own address: kept mounted (what it said stays).
  const [firstSaved, setFirstSaved] = useState<string | null>(null);
  const firstSavedRef = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A post's links may lead to a page of the site, chosen by title (the blog renderer gives them the page's address).
  const site = portfolio.data?.data;
  const linkChoices = useMemo(() => (site ? pageLinkChoices(site) : null), [site]);

  // Moving between the list and a post is a new view: its heading takes the focus, so it is heard. A
  // new post's first save only gives the same form its address: the focus stays where it was.
  useEffect(() => {
    if (postId === null || postId !== firstSavedRef.current) headingRef.current?.focus();
  }, [postId]);

  if (!portfolioId)
    return (
      <div className={styles.page}>
        <h1 className={styles.heading}>Blog</h1>
        <p>
          Choose the portfolio whose blog to write in <Link to="/portfolios">My portfolios</Link>.
        </p>
      </div>
    );

  const siteTitle = portfolio.data?.title || 'your portfolio';
  const post = postId && postId !== 'new' ? posts.data?.find((one) => one.id === postId) : undefined;
  const others = (posts.data ?? []).filter((one) => one.id !== postId);

  return (
    <div className={styles.page}>
      <p className={styles.back}>
        {postId ? (
          <Link to={blogPathFor(portfolioId)}>All posts</Link>
        ) : portfolio.data ? (
          <Link to={editorPathFor(portfolio.data.templateId, portfolioId)}>Back to the editor</Link>
        ) : (
          <Link to="/portfolios">My portfolios</Link>
        )}
      </p>
      <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
        Blog of {siteTitle}
      </h1>
      {portfolio.isError ? <p role="alert">This portfolio could not be opened: {portfolio.error.message}</p> : null}
      {posts.isPending ? <p role="status">Loading your posts…</p> : null}
      {posts.isError ? (
        <div role="alert" className={styles.problem}>
          <p>{posts.error.message}</p>
          <Button variant="secondary" onClick={() => void posts.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {posts.isSuccess && postId && postId !== 'new' && !post ? (
        <p role="alert">
          This post is not in the blog any more. <Link to={blogPathFor(portfolioId)}>See all posts</Link>
        </p>
      ) : null}
      {posts.isSuccess && (postId === 'new' || post) ? (
        <PageLinkChoicesContext.Provider value={linkChoices}>
          <PostEditor
            key={post && post.id !== firstSaved ? post.id : 'new'}
            userId={userId}
            portfolioId={portfolioId}
            post={post}
            others={others}
            onCreated={(made) => {
              setFirstSaved(made.id);
              firstSavedRef.current = made.id;
              navigate(postPathFor(portfolioId, made.id), { replace: true });
            }}
            onDeleted={() => navigate(blogPathFor(portfolioId))}
          />
        </PageLinkChoicesContext.Provider>
      ) : null}
      {posts.isSuccess && !postId ? <PostList portfolioId={portfolioId} posts={posts.data} /> : null}
    </div>
  );
}

function PostList({ portfolioId, posts }: { portfolioId: string; posts: Post[] }) {
  const now = new Date();
  return (
    <section aria-labelledby="posts-heading">
      <div className={styles.listHead}>
        <h2 id="posts-heading" className={styles.subheading}>
          Posts
        </h2>
        <Link className={styles.newPost} to={postPathFor(portfolioId, 'new')}>
          New post
        </Link>
      </div>
      {posts.length === 0 ? (
        <p>No posts yet. Write the first one: it stays a draft until you publish it.</p>
      ) : (
        <ul className={styles.list}>
          {posts.map((post) => {
            const standing = postStanding(post, now, dateFormat);
            return (
              <li key={post.id} className={styles.item}>
                <h3 className={styles.title}>
                  <Link to={postPathFor(portfolioId, post.id)}>{post.title}</Link>
                </h3>
                <p className={styles[standing.kind]}>{standing.text}</p>
                {post.tags.length > 0 ? <p className={styles.tags}>Tags: {post.tags.join(', ')}</p> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
