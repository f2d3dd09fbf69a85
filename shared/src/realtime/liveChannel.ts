// Joining the page's Realtime channels through the one supabase-js client: Postgres Changes for rows a
// screen lists, Presence for the user's open editors. A change is only a signal: screens read the rows
// again through PostgREST (row-level security decides, zod checks), so no row is trusted from a message.
import { useEffect, useRef } from 'react';
import type { RealtimeChannel, RealtimeChannelOptions } from '@supabase/supabase-js';
import type { FolioForgeClient } from '../supabase/createSupabase';
import type { LiveTable } from './topics';

export type LiveEvent = 'INSERT' | 'UPDATE' | 'DELETE';

export interface WatchedTable {
  table: LiveTable;
  /** Which changes; all three when left out. */
  event?: LiveEvent;
  /** Realtime's filter, `column=eq.value` or `column=in.(a,b)` (see `eqFilter`, `inFilter`). */
  filter?: string;
}

export interface LiveChange {
  table: LiveTable;
  type: LiveEvent;
  /** The row after the change (null for DELETE), unchecked: read what you need through a schema. */
  record: unknown;
}

export interface ChannelHandlers {
  onChange: (change: LiveChange) => void;
  /**
   * The channel joined again after a dropped connection: changes made meanwhile were not delivered,
   * so the screen reads its rows again.
   */
  onRejoined: () => void;
}

/** Realtime accepts at most this many values in an `in` filter. */
export const MAX_IN_FILTER_VALUES = 100;

export const eqFilter = (column: string, value: string) => `${column}=eq.${value}`;

/** `column=in.(…)` for up to 100 values; beyond that none (row-level security still decides what arrives). */
export function inFilter(column: string, values: readonly string[]): string | undefined {
  if (values.length === 0 || values.length > MAX_IN_FILTER_VALUES) return undefined;
  return `${column}=in.(${values.join(',')})`;
}

/**
 * Creates the channel `topic` and joins it once `prepare` has bound its listeners; the returned
 * function leaves it. supabase-js keeps one channel per topic and page, and a channel left a moment
 * ago (a screen shown again, React's StrictMode) is still leaving: that one is removed first.
 */
function openChannel(
  client: FolioForgeClient,
  topic: string,
  options: RealtimeChannelOptions | undefined,
  prepare: (channel: RealtimeChannel) => void,
): () => void {
  let left = false;
  let channel: RealtimeChannel | undefined;
  const stale = client.getChannels().find((candidate) => candidate.topic === `realtime:${topic}`);
  void (stale ? client.removeChannel(stale) : Promise.resolve()).then(() => {
    if (left) return;
    channel = client.channel(topic, options);
    prepare(channel);
  });
  return () => {
    left = true;
    if (channel) void client.removeChannel(channel);
  };
}

/** Joins `topic` listening to the changes of `watched`; the returned function leaves it. */
export function watchTables(
  client: FolioForgeClient,
  topic: string,
  watched: readonly WatchedTable[],
  handlers: ChannelHandlers,
): () => void {
  return openChannel(client, topic, undefined, (channel) => {
    for (const { table, event, filter } of watched) {
      channel.on('postgres_changes', { event: event ?? '*', schema: 'public', table, ...(filter ? { filter } : {}) }, (payload) =>
        handlers.onChange({ table, type: payload.eventType, record: payload.eventType === 'DELETE' ? null : payload.new }),
      );
    }
    let joinedBefore = false;
    channel.subscribe((status) => {
      if (status !== 'SUBSCRIBED') return;
      if (joinedBefore) handlers.onRejoined();
      joinedBefore = true;
    });
  });
}

/** What an open editor tells the user's other tabs and devices. */
export interface EditorPresence {
  portfolioId: string;
}

/**
 * Joins the user's own private channel as `key` (one editor session), telling the others which
 * portfolio it edits; `onSync` hears every other session's presence, again after each change.
 */
export function joinEditors(
  client: FolioForgeClient,
  topic: string,
  key: string,
  presence: EditorPresence,
  onSync: (others: EditorPresence[]) => void,
): () => void {
  return openChannel(client, topic, { config: { private: true, presence: { key } } }, (channel) => {
    channel.on('presence', { event: 'sync' }, () => {
      const state = channel.presenceState<Partial<EditorPresence>>();
      const others = Object.entries(state)
        .filter(([other]) => other !== key)
        .flatMap(([, metas]) => metas)
        .flatMap((meta) => (typeof meta.portfolioId === 'string' ? [{ portfolioId: meta.portfolioId }] : []));
      onSync(others);
    });
    channel.subscribe((status) => {
      // Tracked on every join: a rejoined channel (dropped connection) has forgotten it.
      if (status === 'SUBSCRIBED') void channel.track({ ...presence });
    });
  });
}

/**
 * `watchTables` for a screen's lifetime: joined while `topic` is set, rejoined when it or the filters
 * change; the handlers are read fresh on every call, so they need not be stable.
 */
export function useWatchedTables(
  client: FolioForgeClient | null,
  topic: string | null,
  watched: readonly WatchedTable[],
  handlers: ChannelHandlers,
): void {
  const current = useRef(handlers);
  current.current = handlers;
  // Rejoined only when what is watched changes, not on every render's new array.
  const watchedKey = JSON.stringify(watched);
  useEffect(() => {
    if (!client || !topic) return;
    return watchTables(client, topic, JSON.parse(watchedKey) as WatchedTable[], {
      onChange: (change) => current.current.onChange(change),
      onRejoined: () => current.current.onRejoined(),
    });
  }, [client, topic, watchedKey]);
}
