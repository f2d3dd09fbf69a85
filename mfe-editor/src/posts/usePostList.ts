// The posts of a portfolio's blog, as the Blog screen lists them and the editor's preview asks of them.
import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@folioforge/shared';
import { livePosts, type Post } from '@folioforge/templates';
import { blogPathFor } from './blogPaths';
import { postKeys } from './postKeys';
import { listPosts } from './postsApi';

export function usePostList(userId: string, portfolioId: string) {
  return useQuery<Post[]>({
    queryKey: postKeys.list(userId, portfolioId),
    queryFn: () => listPosts(getSupabase(), portfolioId),
    enabled: Boolean(userId && portfolioId),
    retry: 1,
  });
}

/**
 * The Blog screen of the portfolio while its blog has live posts (the published pages' navigation
 * then ends with "Blog", and so does the preview's); undefined otherwise, or for a device's draft.
 */
export function useLiveBlogPath(account: { userId: string; portfolioId: string } | undefined): string | undefined {
  const posts = usePostList(account?.userId ?? '', account?.portfolioId ?? '');
  const live = posts.data ? livePosts(posts.data, new Date()).length > 0 : false;
  return account && live ? blogPathFor(account.portfolioId) : undefined;
}
