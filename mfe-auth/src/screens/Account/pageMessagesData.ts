// Messages visitors left on the user's published pages (the page-message function writes them;
// row-level security shows each owner their own): the list, marking read, removing.
import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@folioforge/shared';
import { useAccountQuery } from './accountData';

/** The newest this many are shown; older ones stay until removed. */
export const MESSAGES_SHOWN = 100;

// Only /account reads these rows, so their key lives here rather than in shared's factories.
export const messagesKey = (userId: string) => ['page-messages', userId] as const;

async function fetchMessageRows() {
  const { data, error } = await getSupabase()
    .from('page_messages')
    .select('id, portfolio_id, sender_name, sender_email, message, created_at, read_at')
    .order('created_at', { ascending: false })
    .limit(MESSAGES_SHOWN);
  if (error) throw new Error(error.message);
  return data ?? [];
}
export type PageMessage = Awaited<ReturnType<typeof fetchMessageRows>>[number];

/**
 * The messages, and whether the session still owes its second factor: the database shows none to a
 * password-only session of a user with a verified factor (a factor added on another device, say), and
 * "no messages" would then be untrue. Asked only when none came back.
 */
async function fetchPageMessages(): Promise<{ messages: PageMessage[]; needsSecondFactor: boolean }> {
  const messages = await fetchMessageRows();
  if (messages.length > 0) return { messages, needsSecondFactor: false };
  const { data: satisfied, error } = await getSupabase().rpc('mfa_satisfied');
  return { messages, needsSecondFactor: !error && satisfied === false };
}

export function usePageMessages(userId: string) {
  return useAccountQuery(useMemo(() => ({ queryKey: messagesKey(userId), queryFn: fetchPageMessages }), [userId]));
}

export function usePageMessageActions(userId: string) {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: messagesKey(userId) });
  const markRead = useMutation({
    mutationFn: async (id: string) => {
      const { error } = await getSupabase().from('page_messages').update({ read_at: new Date().toISOString() }).eq('id', id);
      if (error) throw new Error(error.message);
    },
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      const { error } = await getSupabase().from('page_messages').delete().eq('id', id);
      if (error) throw new Error(error.message);
    },
    onSettled: settled,
  });
  return { markRead, remove };
}
