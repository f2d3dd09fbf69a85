// The Realtime channels the app joins, named once for every remote and for the database's policies:
// supabase-js joins topic `realtime:<name>`, and a private channel's name is what `realtime.topic()`
// answers in the policies on `realtime.messages`.

export const realtimeTopics = {
  /** Saves of one portfolio (Postgres Changes, UPDATE on portfolios, id=eq.<id>): the editor. */
  portfolio: (portfolioId: string) => `portfolio:${portfolioId}`,
  /**
   * The user's own private channel (Presence of their open editors): only that user may join it, by
   * the policies on realtime.messages (supabase/migrations/20261202010000_realtime_publication_and_user_topics.sql).
   */
  user: (userId: string) => `user:${userId}`,
  /** Rows /account lists (Postgres Changes): the user's portfolios, page messages, sign-ups, shop orders. */
  account: (userId: string) => `account:${userId}`,
  /** Rows My portfolios lists (Postgres Changes): the user's portfolios and their pages' views. */
  myPortfolios: (userId: string) => `my-portfolios:${userId}`,
};

/** The tables whose changes the screens listen to: the ones the `supabase_realtime` publication carries. */
export const LIVE_TABLES = ['portfolios', 'page_messages', 'subscribers', 'page_view_days', 'shop_orders'] as const;
export type LiveTable = (typeof LIVE_TABLES)[number];
