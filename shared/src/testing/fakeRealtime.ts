// Realtime at the boundary for component tests: a supabase-js client's `channel` and `removeChannel`
// replaced by channels the test drives — a row's change as Realtime delivers it (only to listeners
// whose table, event and filter match), a dropped and rejoined connection, other sessions' presence.
// The websocket itself is proved against local-cloud with the real client (local-cloud/test).

type Status = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'TIMED_OUT' | 'CLOSED';
type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE';

interface ChangeBinding {
  event: ChangeEvent | '*';
  schema: string;
  table: string;
  filter?: string;
  callback: (payload: { eventType: ChangeEvent; schema: string; table: string; new: object; old: object }) => void;
}

export interface FakeChannel {
  topic: string;
  options: { config?: { private?: boolean; presence?: { key?: string } } } | undefined;
  /** The postgres_changes listeners, as the join would send them. */
  changes: Omit<ChangeBinding, 'callback'>[];
  /** What this channel tracked (presence), last first. */
  tracked: object[];
  joined: boolean;
  removed: boolean;
}

export interface FakeRealtime {
  /** Every channel made, in order (removed ones too). */
  channels: FakeChannel[];
  /** The open (not removed) channels named `topic` (without the `realtime:` prefix). */
  open(topic: string): FakeChannel[];
  /** Delivers a committed change to every open channel listening for it. */
  change(table: string, eventType: ChangeEvent, row: Record<string, unknown>): void;
  /** The connection drops (CHANNEL_ERROR) on every open channel, then comes back (SUBSCRIBED). */
  drop(): void;
  rejoin(): void;
  /** The presence state every open channel named `topic` now sees (key → metas), and its sync. */
  presence(topic: string, state: Record<string, object[]>): void;
}

/** `column=eq.value` and `column=in.(a,b)`: the filters the app sends. */
function matches(filter: string | undefined, row: Record<string, unknown>): boolean {
  if (!filter) return true;
  const found = /^([a-z_]+)=(eq|in)\.(.*)$/.exec(filter);
  if (!found) throw new Error(`fake realtime: filter not understood: ${filter}`);
  const [, column, operator, value] = found as unknown as [string, string, 'eq' | 'in', string];
  const actual = String(row[column]);
  return operator === 'eq'
    ? actual === value
    : value
        .replace(/^\(|\)$/g, '')
        .split(',')
        .includes(actual);
}

/** Replaces `client.channel` and `client.removeChannel` with channels the test drives. */
export function installFakeRealtime(client: object): FakeRealtime {
  const channels: FakeChannel[] = [];
  const internals = new Map<
    FakeChannel,
    { bindings: ChangeBinding[]; onSync: (() => void)[]; onStatus?: (status: Status) => void; state: Record<string, object[]> }
  >();

  const setStatus = (channel: FakeChannel, status: Status) => {
    channel.joined = status === 'SUBSCRIBED';
    internals.get(channel)!.onStatus?.(status);
  };

  const channel = (name: string, options?: FakeChannel['options']) => {
    const made: FakeChannel = { topic: name, options, changes: [], tracked: [], joined: false, removed: false };
    const inner = { bindings: [] as ChangeBinding[], onSync: [] as (() => void)[], state: {} as Record<string, object[]> } as {
      bindings: ChangeBinding[];
      onSync: (() => void)[];
      onStatus?: (status: Status) => void;
      state: Record<string, object[]>;
    };
    channels.push(made);
    internals.set(made, inner);
    const api = {
      topic: `realtime:${name}`,
      __fake: made,
      on(type: string, filter: Record<string, string>, callback: () => void) {
        if (type === 'postgres_changes') {
          const binding = { event: filter.event, schema: filter.schema, table: filter.table, filter: filter.filter } as ChangeBinding;
          made.changes.push({ ...binding });
          inner.bindings.push({ ...binding, callback: callback as ChangeBinding['callback'] });
        } else if (type === 'presence' && filter.event === 'sync') inner.onSync.push(callback);
        return api;
      },
      subscribe(onStatus?: (status: Status) => void) {
        inner.onStatus = onStatus;
        // The server's join reply comes later, never inside subscribe().
        queueMicrotask(() => !made.removed && setStatus(made, 'SUBSCRIBED'));
        return api;
      },
      track(meta: object) {
        made.tracked.unshift(meta);
        return Promise.resolve('ok');
      },
      presenceState: () => inner.state,
    };
    return api;
  };

  const target = client as {
    channel: unknown;
    removeChannel: unknown;
    getChannels: unknown;
  };
  target.channel = channel;
  target.removeChannel = (api: { __fake: FakeChannel }) => {
    api.__fake.removed = true;
    api.__fake.joined = false;
    return Promise.resolve('ok');
  };
  target.getChannels = () => [];

  const open = (topic: string) => channels.filter((candidate) => candidate.topic === topic && !candidate.removed);
  const live = () => channels.filter((candidate) => !candidate.removed);

  return {
    channels,
    open,
    change(table, eventType, row) {
      for (const made of live()) {
        if (!made.joined) continue;
        for (const binding of internals.get(made)!.bindings) {
          if (binding.table !== table || (binding.event !== '*' && binding.event !== eventType) || !matches(binding.filter, row)) continue;
          binding.callback({
            eventType,
            schema: 'public',
            table,
            new: eventType === 'DELETE' ? {} : row,
            old: eventType === 'DELETE' ? row : {},
          });
        }
      }
    },
    drop() {
      for (const made of live()) setStatus(made, 'CHANNEL_ERROR');
    },
    rejoin() {
      for (const made of live()) setStatus(made, 'SUBSCRIBED');
    },
    presence(topic, state) {
      for (const made of open(topic)) {
        const inner = internals.get(made)!;
        inner.state = state;
        for (const sync of inner.onSync) sync();
      }
    },
  };
}
