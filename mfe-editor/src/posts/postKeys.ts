// Query keys of a portfolio's blog posts, in the pattern of @folioforge/shared's keys (serverState/keys.ts):
// kind first, then the user's id, so `postKeys.all(userId)` reaches every blog's list at once.
export const postKeys = {
  all: (userId: string) => ['posts', userId] as const,
  /** The posts of one portfolio, newest change first (the Blog screen's list and the form's address check). */
  list: (userId: string, portfolioId: string) => ['posts', userId, portfolioId, 'list'] as const,
};
