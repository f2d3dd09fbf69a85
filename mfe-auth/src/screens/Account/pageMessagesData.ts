// Messages visitors left on the user's published pages (the page-message function writes them;
// row-level security shows each owner their own): the list, marking read, removing.
import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@folioforge/shared';
import { useAccountQuery } from './accountData';

export interface PageMessage {
  id: string;
  portfolio_id: string;
  sender_name: string;
  sender_email: string;
  message: string;
  created_at: string;
  read_at: string | null;
}

/** The newest this many are shown; older ones stay until removed. */
export const MESSAGES_SHOWN = 100;

const messagesKey = (userId: string) => ['page-messages', userId] as const;

export function usePageMessages(userId: string) {
  const key = useMemo(() => messagesKey(userId), [userId]);
  return useAccountQuery<PageMessage[]>(key, async () => {
    const { data, error } = await getSupabase()
      .from('page_messages')
      .select('id, portfolio_id, sender_name, sender_email, message, created_at, read_at')
      .order('created_at', { ascending: false })
      .limit(MESSAGES_SHOWN);
    if (error) throw new Error(error.message);
    return data ?? [];
  });
}

/** Marks a message read, or removes it; the list is asked again afterwards. */
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
