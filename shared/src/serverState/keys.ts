// Query keys of the rows several remotes read, one factory per kind of row (Supabase Studio's
// `data/<kind>/keys.ts` pattern), in the page's one query cache. Each key starts with its kind and the
// user's id, so a prefix reaches everything of a kind: invalidating `portfolioKeys.all(userId)` refreshes
// the editor's list, each open portfolio and the account page's summaries at once.

export const billingKeys = {
  all: (userId: string) => ['billing', userId] as const,
  /** The `entitlements` view: plan, templates bought, what the plan includes. */
  entitlements: (userId: string) => ['billing', userId, 'entitlements'] as const,
  subscriptions: (userId: string) => ['billing', userId, 'subscriptions'] as const,
  history: (userId: string) => ['billing', userId, 'history'] as const,
};

export const storageKeys = {
  /** The space a user's files take, beside what their plan includes. */
  usage: (userId: string) => ['storage', userId, 'usage'] as const,
};

export const portfolioKeys = {
  all: (userId: string) => ['portfolios', userId] as const,
  /** The editor's list (My portfolios) … */
  list: (userId: string) => ['portfolios', userId, 'list'] as const,
  /** … and the account page's summaries of the same rows, under it: whatever refreshes the list refreshes them. */
  summaries: (userId: string) => ['portfolios', userId, 'list', 'summaries'] as const,
  one: (userId: string, id: string) => ['portfolios', userId, 'one', id] as const,
};

export const domainKeys = {
  all: (userId: string) => ['domains', userId] as const,
  /** Custom domains claimed for pages (`custom_domains`). */
  custom: (userId: string) => ['domains', userId, 'custom'] as const,
  /** Domains registered on the plan's free domain-year (`registered_domains`). */
  registered: (userId: string) => ['domains', userId, 'registered'] as const,
  /** Whether the plan pays for a new one now (`free_domain_allowance()`), which the plan decides. */
  freeAllowance: (userId: string) => ['domains', userId, 'free-allowance'] as const,
};

export const sellingKeys = {
  /** The owner's connected Razorpay account (the sellers function's `status`). */
  account: (userId: string) => ['selling', userId, 'account'] as const,
};
