// /account kept live (Supabase Realtime): a change of the user's portfolios or shop orders, a new page
// message or a new sign-up on one of their pages reads that list again, so it arrives without a
// reload. The change only says which list moved; the rows come through PostgREST, where row-level
// security decides.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { eqFilter, getSupabase, inFilter, portfolioKeys, realtimeTopics, useWatchedTables, type LiveTable } from '@folioforge/shared';
import { accountKeys } from './accountData';
import { messagesKey } from './pageMessagesData';
import { shopKeys } from './shopData';

/** Listens while /account is open; `portfolioIds` (once listed) narrows messages and sign-ups to the user's pages. */
export function useLiveAccount(userId: string, portfolioIds: readonly string[] | null): void {
  const queryClient = useQueryClient();
  const listed: Partial<Record<LiveTable, QueryKey>> = {
    portfolios: portfolioKeys.all(userId),
    page_messages: messagesKey(userId),
    subscribers: accountKeys.subscribers(userId),
    shop_orders: shopKeys.orders(userId),
  };
  const refresh = (table: LiveTable) => {
    const queryKey = listed[table];
    if (queryKey) void queryClient.invalidateQueries({ queryKey });
  };
  const ofPages = portfolioIds ? inFilter('portfolio_id', portfolioIds) : undefined;
  useWatchedTables(
    getSupabase(),
    realtimeTopics.account(userId),
    [
      { table: 'portfolios', filter: eqFilter('owner_id', userId) },
      // New orders and their payments, refunds and marks (the owner's alone, by the select policies).
      { table: 'shop_orders', filter: eqFilter('owner_id', userId) },
      // Before the pages are listed, and for a user without any, there is nothing of theirs to hear.
      ...(portfolioIds && portfolioIds.length > 0
        ? ([
            { table: 'page_messages', filter: ofPages },
            { table: 'subscribers', event: 'INSERT', filter: ofPages },
          ] as const)
        : []),
    ],
    {
      onChange: ({ table }) => refresh(table),
      onRejoined: () => (['portfolios', 'page_messages', 'subscribers', 'shop_orders'] as const).forEach(refresh),
    },
  );
}
