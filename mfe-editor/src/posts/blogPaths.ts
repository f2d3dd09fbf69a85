// Where a portfolio's blog is written (shell/src/routeTable.mjs: /design/blog, mfe_editor/Blog).
export const BLOG_PATH = '/design/blog';

/** The Blog screen of a portfolio: its posts. */
export const blogPathFor = (portfolioId: string): string => `${BLOG_PATH}?portfolio=${encodeURIComponent(portfolioId)}`;

/** The form of one post of a portfolio ('new' for a post not written yet). */
export const postPathFor = (portfolioId: string, postId: string | 'new'): string =>
  `${blogPathFor(portfolioId)}&post=${encodeURIComponent(postId)}`;
