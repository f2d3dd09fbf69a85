// Supabase Realtime on local-cloud with the real supabase-js (its realtime client over `ws`): Postgres
// Changes delivered only where row-level security lets the subscriber select the row (also anon, with
// filters, after sign-out, with an expired token), as an attacker tries it (another user's filter,
// forged topics, bad filters, bad tokens); Broadcast and Presence between two clients; private
// channels by the policies on realtime.messages; heartbeats, the idle drop and reconnects. On Postgres
// too, what reads the database: changes arriving by LISTEN on a pooled server, and the policies and
// filters that choose who gets them; the protocol's own rules (tokens, broadcast, presence, frames,
// heartbeats, reconnects) do not touch the database and run on the journey backend only.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { DEFAULT_IDLE_TIMEOUT_MS } from '../src/realtime/server.ts';
import {
  BACKENDS,
  grantPurchase,
  journeyTestOn,
  signedInUser,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
} from './support/cloud.ts';

after(stopClusters);

/**
 * Realtime's idle drop (60 s), shortened for the tests of it: a client that sends nothing for this long
 * is gone. Not shorter: PGlite runs on this process's event loop, and a busy moment is no silence.
 * The other tests keep 60 s and the spec's 30 s heartbeat.
 */
const IDLE_MS = 3000;
/** The spec's client options (docs/ARCHITECTURE.md's Realtime line). */
const SPEC_CLIENT = {
  timeout: 10_000,
  heartbeatIntervalMs: 30_000,
  reconnectAfterMs: (tries: number) => [1000, 2000, 5000][tries - 1] ?? 10_000,
};

interface Change {
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
}

/** Waits for what a test needs to see; the limit is long because a passing wait ends at once, and a busy machine is slow. */
async function waitFor(what: string, check: () => boolean, ms = 15_000, seen?: () => string): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${seen ? `; seen: ${seen()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const quiet = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once joined; rejects with the server's reason. */
function subscribe(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
}

for (const backend of BACKENDS)
  describe(`realtime (${backend})`, { skip: skipFor(backend) }, () => {
    const journey = journeyTestOn(backend);
    let t: TestCloud;
    const clients: SupabaseClient[] = [];
    before(async () => {
      t = await startTestCloud(backend);
    });
    after(async () => {
      for (const client of clients) await client.removeAllChannels();
      await t?.stop();
    });

    /** A supabase-js client whose realtime client speaks over ws, with the spec's options. */
    const realtimeClient = (key = t.keys.anonKey, realtime: Record<string, unknown> = {}) => {
      const client = createClient(t.url, key, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never, ...SPEC_CLIENT, ...realtime },
      });
      clients.push(client);
      return client;
    };
    const user = async () => {
      const { email, password, user } = await signedInUser(t);
      const sb = realtimeClient();
      const signIn = await sb.auth.signInWithPassword({ email, password });
      assert.equal(signIn.error, null);
      return { sb, id: user!.id, session: signIn.data.session! };
    };
    const newPortfolio = async (sb: SupabaseClient, title = 'Live') => {
      const { data, error } = await sb.from('portfolios').insert({ template_id: '1', title }).select('id').single();
      assert.equal(error, null);
      return data!.id as string;
    };
    /** A channel collecting the portfolio changes the subscriber is sent. */
    const watchPortfolios = async (sb: SupabaseClient, filter?: string) => {
      const changes: Change[] = [];
      const system: { status: string; message: string }[] = [];
      const channel = sb
        .channel(`watch-${Math.random()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'portfolios', ...(filter ? { filter } : {}) }, (p) =>
          changes.push(p as unknown as Change),
        )
        .on('system', {}, (p: { status: string; message: string }) => system.push(p));
      await subscribe(channel);
      return { channel, changes, system };
    };

    test('an owner gets their own rows’ inserts, updates and deletes; another user and anon get none of them', async () => {
      const owner = await user();
      const other = await user();
      const mine = await watchPortfolios(owner.sb);
      const theirs = await watchPortfolios(other.sb);
      const anon = await watchPortfolios(realtimeClient());
      const othersFiltered = await watchPortfolios(other.sb, `owner_id=eq.${owner.id}`);

      const id = await newPortfolio(owner.sb);
      await waitFor('the insert', () => mine.changes.length === 1);
      assert.equal(mine.changes[0].eventType, 'INSERT');
      assert.equal(mine.changes[0].new.id, id);
      assert.equal(mine.changes[0].new.title, 'Live');
      assert.equal(mine.changes[0].new.owner_id, owner.id);

      assert.equal((await owner.sb.from('portfolios').update({ title: 'Renamed' }).eq('id', id)).error, null);
      await waitFor(
        'the update',
        () => mine.changes.length === 2,
        3000,
        () => JSON.stringify(mine.changes),
      );
      assert.equal(mine.changes[1].eventType, 'UPDATE');
      assert.equal(mine.changes[1].new.title, 'Renamed');
      // The old row: its primary key only (REPLICA IDENTITY DEFAULT), as Supabase sends it.
      assert.deepEqual(mine.changes[1].old, { id });

      assert.equal((await owner.sb.from('portfolios').delete().eq('id', id)).error, null);
      await waitFor('the delete', () => mine.changes.length === 3);
      assert.equal(mine.changes[2].eventType, 'DELETE');
      assert.deepEqual(mine.changes[2].old, { id });

      await quiet();
      assert.deepEqual(
        theirs.changes.filter((c) => c.eventType !== 'DELETE'),
        [],
        'another user never gets the owner’s rows',
      );
      assert.deepEqual(
        anon.changes.filter((c) => c.eventType !== 'DELETE'),
        [],
      );
      assert.deepEqual(othersFiltered.changes, [], 'a filter naming the owner does not get past row-level security');
      // A DELETE cannot be checked against RLS (the row is gone): it carries the key alone, as on Supabase.
      for (const change of [...theirs.changes, ...anon.changes]) assert.deepEqual(change.old, { id });
    });

    test('the policies decide, not the channel: anon gets no portfolio, not even a published one; the service role gets all', async () => {
      const owner = await user();
      const service = t.serviceClient();
      await grantPurchase(service, owner.id, { itemType: 'template', itemId: '1' });
      const anon = await watchPortfolios(realtimeClient());
      const admin = await watchPortfolios(realtimeClient(t.keys.serviceRoleKey));
      const shown = await newPortfolio(owner.sb, 'Shown');
      // Published as the publish function does it (the service role); no policy lets anon read portfolios.
      assert.equal(
        (
          await service
            .from('portfolios')
            .update({ published: true, slug: `rt-${Date.now()}` })
            .eq('id', shown)
        ).error,
        null,
      );
      await waitFor('the service role’s insert and update', () => admin.changes.filter((c) => c.new.id === shown).length === 2);
      await quiet();
      assert.deepEqual(anon.changes, []);
    });

    test('filters: eq, neq, lt, gte and in choose the rows; a filter on another column of a DELETE matches nothing', async () => {
      const owner = await user();
      const a = await newPortfolio(owner.sb, 'A');
      const b = await newPortfolio(owner.sb, 'B');
      const watchers = {
        eq: await watchPortfolios(owner.sb, `id=eq.${a}`),
        neq: await watchPortfolios(owner.sb, `id=neq.${a}`),
        in: await watchPortfolios(owner.sb, `id=in.(${a},${b})`),
        lt: await watchPortfolios(owner.sb, 'title=lt.B'),
        gte: await watchPortfolios(owner.sb, 'title=gte.B'),
      };
      assert.equal((await owner.sb.from('portfolios').update({ title: 'A' }).eq('id', a)).error, null);
      assert.equal((await owner.sb.from('portfolios').update({ title: 'B' }).eq('id', b)).error, null);
      // The two inserts happened before the joins, yet on Postgres their notices can still arrive after
      // them (LISTEN is asynchronous): only what came after the inserts is looked at.
      const after = (w: { changes: Change[] }) => w.changes.filter((c) => c.eventType !== 'INSERT');
      await waitFor('the in-filter’s two updates', () => after(watchers.in).length === 2);
      await quiet();
      const ids = (w: { changes: Change[] }) => after(w).map((c) => c.new.id);
      assert.deepEqual(ids(watchers.eq), [a]);
      assert.deepEqual(ids(watchers.neq), [b]);
      assert.deepEqual(ids(watchers.lt), [a]);
      assert.deepEqual(ids(watchers.gte), [b]);
      assert.equal((await owner.sb.from('portfolios').delete().eq('id', a)).error, null);
      await waitFor('the delete, by its key', () => after(watchers.eq).length === 2);
      await quiet();
      assert.equal(after(watchers.lt).length, 1, 'the old row of a DELETE holds the key only: title=lt.B cannot match');
    });

    test('wrong filters and tables are refused with Realtime’s system errors', async () => {
      const owner = await user();
      const errorOf = async (params: { table: string; filter?: string }) => {
        const system: { status: string; message: string; extension: string }[] = [];
        const channel = owner.sb
          .channel(`bad-${Math.random()}`)
          .on('postgres_changes', { event: '*', schema: 'public', ...params }, () => undefined)
          .on('system', {}, (p: { status: string; message: string; extension: string }) => system.push(p));
        await subscribe(channel);
        await waitFor('the system message', () => system.length > 0);
        assert.equal(system[0].extension, 'postgres_changes');
        assert.equal(system[0].status, 'error');
        return system[0].message;
      };
      assert.match(await errorOf({ table: 'portfolios', filter: 'owner_id=like.x' }), /^Error parsing `filter` params: \["like", "x"\]$/);
      assert.match(await errorOf({ table: 'portfolios', filter: 'nope=eq.1' }), /invalid column for filter nope/);
      assert.match(await errorOf({ table: 'portfolios', filter: 'owner_id=eq.not-a-uuid' }), /^Unable to subscribe to changes.*uuid/);
      // Not in the supabase_realtime publication: nothing to subscribe to.
      assert.match(
        await errorOf({ table: 'mfa_recovery_codes' }),
        /^Unable to subscribe to changes with given parameters. Please check Realtime is enabled/,
      );
      const ok = await watchPortfolios(owner.sb);
      await waitFor('the system message', () => ok.system.length > 0);
      assert.deepEqual(
        ok.system.map((s) => [s.status, s.message]),
        [['ok', 'Subscribed to PostgreSQL']],
      );
    });

    journey('after sign-out the channel acts as anon: the user’s draft changes stop', async () => {
      const owner = await user();
      const id = await newPortfolio(owner.sb);
      const mine = await watchPortfolios(owner.sb);
      assert.equal((await owner.sb.from('portfolios').update({ title: 'Before' }).eq('id', id)).error, null);
      // (The insert may still arrive after the join: only the updates are looked at.)
      const updates = () => mine.changes.filter((c) => c.eventType === 'UPDATE');
      await waitFor('the update before', () => updates().length === 1);
      // The service role writes, so the row still changes after the user is gone.
      const service = t.serviceClient();
      await owner.sb.auth.signOut();
      await quiet(200);
      assert.equal((await service.from('portfolios').update({ title: 'After' }).eq('id', id)).error, null);
      await quiet();
      assert.deepEqual(
        updates().map((c) => c.new.title),
        ['Before'],
      );
    });

    journey('an expired token cannot join, and a channel ends when its token expires', async () => {
      const owner = await user();
      const expired = await t.ctx.signJwt({ role: 'authenticated', sub: owner.id, aud: 'authenticated' }, -5);
      const late = realtimeClient();
      await late.realtime.setAuth(expired);
      await assert.rejects(subscribe(late.channel('late')), /InvalidJWTToken: Token has expired \d+ seconds ago/);

      const shortLived = await t.ctx.signJwt({ role: 'authenticated', sub: owner.id, aud: 'authenticated' }, 2);
      const brief = realtimeClient();
      await brief.realtime.setAuth(shortLived);
      const system: { status: string; message: string }[] = [];
      let closed = false;
      const channel = brief.channel('brief').on('system', {}, (p: { status: string; message: string }) => system.push(p));
      channel.subscribe((status) => {
        if (status === 'CLOSED') closed = true;
      });
      await waitFor('the channel to close', () => closed, 5000);
      assert.match(system.at(-1)?.message ?? '', /^Token has expired \d+ seconds ago$/);
    });

    journey('a channel refreshes its token (access_token) and keeps receiving as the new claims allow', async () => {
      const owner = await user();
      const id = await newPortfolio(owner.sb);
      const anonClientOfOwner = realtimeClient();
      const watch = await watchPortfolios(anonClientOfOwner);
      assert.equal((await owner.sb.from('portfolios').update({ title: 'Unseen' }).eq('id', id)).error, null);
      await quiet();
      assert.equal(watch.changes.length, 0);
      await anonClientOfOwner.realtime.setAuth(owner.session.access_token);
      await quiet(200);
      assert.equal((await owner.sb.from('portfolios').update({ title: 'Seen' }).eq('id', id)).error, null);
      await waitFor('the change after the refresh', () => watch.changes.length === 1);
      assert.equal(watch.changes[0].new.title, 'Seen');
    });

    journey('broadcast between two clients: others get it, self only when asked, ack answers', async () => {
      const a = realtimeClient();
      const b = realtimeClient();
      const room = `room-${Math.random()}`;
      const gotA: unknown[] = [];
      const gotB: unknown[] = [];
      const channelA = a
        .channel(room, { config: { broadcast: { self: true, ack: true } } })
        .on('broadcast', { event: 'saved' }, (m) => gotA.push(m.payload));
      const channelB = b.channel(room).on('broadcast', { event: 'saved' }, (m) => gotB.push(m.payload));
      await subscribe(channelA);
      await subscribe(channelB);
      assert.equal(await channelA.send({ type: 'broadcast', event: 'saved', payload: { version: 2 } }), 'ok');
      await waitFor('both to get it', () => gotA.length === 1 && gotB.length === 1);
      assert.deepEqual(gotB, [{ version: 2 }]);
      assert.equal(await channelB.send({ type: 'broadcast', event: 'saved', payload: { version: 3 } }), 'ok');
      await waitFor('a to get b’s', () => gotA.length === 2);
      await quiet(200);
      assert.deepEqual(gotB, [{ version: 2 }], 'no echo without self');
    });

    journey('presence between two clients: state on join, joins and leaves after', async () => {
      const a = realtimeClient();
      const b = realtimeClient();
      const room = `presence-${Math.random()}`;
      const channelA = a.channel(room, { config: { presence: { key: 'tab-a' } } });
      const joins: string[] = [];
      const leaves: string[] = [];
      channelA
        .on('presence', { event: 'join' }, ({ key }) => joins.push(key))
        .on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
      await subscribe(channelA);
      assert.equal(await channelA.track({ device: 'laptop' }), 'ok');
      const channelB = b.channel(room, { config: { presence: { key: 'tab-b' } } }).on('presence', { event: 'sync' }, () => undefined);
      await subscribe(channelB);
      await waitFor('b to see a', () => 'tab-a' in channelB.presenceState());
      assert.equal((channelB.presenceState()['tab-a'][0] as { device?: string }).device, 'laptop');
      assert.equal(await channelB.track({ device: 'phone' }), 'ok');
      await waitFor('a to see b join', () => joins.includes('tab-b'));
      assert.equal((channelA.presenceState()['tab-b'][0] as { device?: string }).device, 'phone');
      await channelB.untrack();
      await waitFor('a to see b leave', () => leaves.includes('tab-b'));
      assert.ok(!('tab-b' in channelA.presenceState()));
    });

    test('private channels: a user’s own user:<id> topic is allowed; another’s, anon’s and an unknown topic are refused', async () => {
      const owner = await user();
      const other = await user();
      // (supabase-js hands back the channel it has for a topic: each channel here has a client of its own.)
      const first = owner.sb.channel(`user:${owner.id}`, { config: { private: true, broadcast: { ack: true } } });
      await subscribe(first);
      const refusal = new RegExp(`Unauthorized: You do not have permissions to read from this Channel topic: user:${owner.id}$`);
      await assert.rejects(subscribe(other.sb.channel(`user:${owner.id}`, { config: { private: true } })), refusal);
      await assert.rejects(subscribe(realtimeClient().channel(`user:${owner.id}`, { config: { private: true } })), refusal);
      await assert.rejects(subscribe(owner.sb.channel('admin', { config: { private: true } })), /Unauthorized: .*topic: admin$/);

      // Between the user's own tabs a broadcast goes through; the public channel of that
      // name is another channel, which hears nothing of it.
      const tab2 = realtimeClient();
      await tab2.realtime.setAuth(owner.session.access_token);
      const heard: unknown[] = [];
      const overheard: unknown[] = [];
      const second = tab2
        .channel(`user:${owner.id}`, { config: { private: true } })
        .on('broadcast', { event: 'saved' }, (m) => heard.push(m.payload));
      const otherTab = realtimeClient();
      await otherTab.realtime.setAuth(other.session.access_token);
      const outsider = otherTab.channel(`user:${owner.id}`).on('broadcast', { event: 'saved' }, (m) => overheard.push(m.payload));
      await subscribe(second);
      await subscribe(outsider);
      assert.equal(await first.send({ type: 'broadcast', event: 'saved', payload: { at: 1 } }), 'ok');
      await waitFor('the other tab', () => heard.length === 1);
      await quiet(200);
      assert.deepEqual(overheard, []);
    });

    journey('forged frames: topics outside realtime:, an empty topic, bad JSON, a bad apikey', async () => {
      const url = `${t.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${t.keys.anonKey}&vsn=2.0.0`;
      const ws = new WebSocket(url);
      const replies: unknown[][] = [];
      ws.on('message', (data) => replies.push(JSON.parse(String(data))));
      await new Promise((resolve) => ws.once('open', resolve));
      ws.send(JSON.stringify(['1', '1', 'admin:everything', 'phx_join', {}]));
      ws.send(JSON.stringify(['2', '2', 'realtime:', 'phx_join', {}]));
      ws.send(JSON.stringify([null, '3', 'realtime:never-joined', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }]));
      ws.send(JSON.stringify(['4', '4', 'realtime:x', 'phx_join', { access_token: 'not.a.jwt' }]));
      ws.send(JSON.stringify([null, '5', 'phoenix', 'heartbeat', {}]));
      await waitFor('five replies', () => replies.length === 5);
      const byRef = Object.fromEntries(replies.map((r) => [r[1], r[4]]));
      assert.deepEqual(byRef['1'], { status: 'error', response: { reason: 'unmatched topic' } });
      assert.deepEqual(byRef['2'], { status: 'error', response: { reason: 'TopicNameRequired: You must provide a topic name' } });
      assert.deepEqual(byRef['3'], { status: 'error', response: { reason: 'unmatched topic' } });
      assert.deepEqual(byRef['4'], { status: 'error', response: { reason: 'MalformedJWT: The token provided is not a valid JWT' } });
      assert.deepEqual(byRef['5'], { status: 'ok', response: {} });
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      ws.send('{not json');
      assert.equal(await closed, 1011);

      const refused = async (query: string) =>
        new Promise<number>((resolve) => {
          const bad = new WebSocket(`${t.url.replace('http', 'ws')}/realtime/v1/websocket?${query}`);
          bad.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
          bad.on('error', () => undefined);
        });
      assert.equal(await refused('vsn=2.0.0'), 401);
      assert.equal(await refused(`apikey=${t.keys.anonKey.slice(0, -4)}AAAA&vsn=2.0.0`), 401);
      const signedElsewhere = (await t.ctx.signJwt({ role: 'anon' }, 60)).split('.');
      assert.equal(await refused(`apikey=${signedElsewhere[0]}.${signedElsewhere[1]}.AAAA&vsn=2.0.0`), 401);
    });

    journey('a client that stops heartbeating is dropped; one that heartbeats stays', async (ctx) => {
      t.realtime.idleTimeoutMs = IDLE_MS;
      ctx.after(() => (t.realtime.idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS));
      const url = `${t.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${t.keys.anonKey}&vsn=2.0.0`;
      const silent = new WebSocket(url);
      const beating = new WebSocket(url);
      await Promise.all([silent, beating].map((ws) => new Promise((resolve) => ws.once('open', resolve))));
      const timer = setInterval(() => beating.send(JSON.stringify([null, String(Date.now()), 'phoenix', 'heartbeat', {}])), IDLE_MS / 6);
      const opened = Date.now();
      await new Promise((resolve) => silent.once('close', resolve));
      const droppedAfter = Date.now() - opened;
      assert.ok(droppedAfter >= IDLE_MS - 50 && droppedAfter < IDLE_MS + 1000, `dropped after ${droppedAfter} ms`);
      await quiet(IDLE_MS);
      assert.equal(beating.readyState, WebSocket.OPEN);
      clearInterval(timer);
      beating.close();
    });

    journey('a client the server dropped reconnects after the spec’s first 1 s, rejoins by itself and gets changes again', async (ctx) => {
      const owner = await user();
      t.realtime.idleTimeoutMs = IDLE_MS;
      ctx.after(() => (t.realtime.idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS));
      const connectedAt: number[] = [];
      class CountingWebSocket extends WebSocket {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          connectedAt.push(Date.now());
        }
      }
      // The spec's client options; its 30 s heartbeat is slower than the idle drop set here, so the
      // server drops the connection every IDLE_MS.
      const watcher = realtimeClient(t.keys.anonKey, { transport: CountingWebSocket });
      await watcher.realtime.setAuth(owner.session.access_token);
      const watch = await watchPortfolios(watcher);
      await waitFor('the reconnect', () => connectedAt.length >= 2, IDLE_MS + 3000);
      const gap = connectedAt[1] - connectedAt[0];
      // The idle drop, then the client's wait for its first try (each connection that opened resets the tries).
      assert.ok(Math.abs(gap - (IDLE_MS + 1000)) < 500, `reconnected after ${gap} ms`);
      await waitFor('the rejoin', () => watch.channel.state === 'joined', IDLE_MS);
      const id = await newPortfolio(owner.sb);
      await waitFor('the change after reconnecting', () => watch.changes.some((c) => c.new.id === id), IDLE_MS);
      void watcher.realtime.disconnect();
    });

    journey(
      'while local-cloud cannot be reached the client waits 1 s, 2 s, 5 s, then 10 s between tries (here a tenth), then resumes',
      async () => {
        const owner = await user();
        // A TCP proxy in front of local-cloud that can refuse every connection, as a server that is down.
        let up = true;
        const piped = new Set<net.Socket>();
        const proxy = net.createServer((socket) => {
          if (!up) return socket.destroy();
          const upstream = net.connect(t.port, '127.0.0.1');
          socket.pipe(upstream).pipe(socket);
          for (const side of [socket, upstream]) {
            piped.add(side);
            side.on('error', () => undefined);
            side.on('close', () => {
              piped.delete(side);
              socket.destroy();
              upstream.destroy();
            });
          }
        });
        await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
        const proxyUrl = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
        const triedAt: number[] = [];
        class CountingWebSocket extends WebSocket {
          constructor(...args: ConstructorParameters<typeof WebSocket>) {
            super(...args);
            triedAt.push(Date.now());
          }
        }
        const watcher = createClient(proxyUrl, t.keys.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
          realtime: {
            transport: CountingWebSocket as never,
            ...SPEC_CLIENT,
            reconnectAfterMs: (tries: number) => [100, 200, 500][tries - 1] ?? 1000,
          },
        });
        clients.push(watcher);
        await watcher.realtime.setAuth(owner.session.access_token);
        try {
          const watch = await watchPortfolios(watcher);
          up = false;
          for (const socket of piped) socket.destroy();
          await waitFor('five tries', () => triedAt.length >= 6, 5000);
          const gaps = triedAt.slice(1, 6).map((at, i) => at - triedAt[i]);
          // The first gap starts at the drop, not at a try; the others are the waits themselves. A timer
          // never fires early, and on a busy machine it fires late, but not as late as the next step.
          for (const [i, [wait, nextStep]] of [
            [200, 500],
            [500, 1000],
            [1000, 1500],
            [1000, 1500],
          ].entries()) {
            const gap = gaps[i + 1];
            assert.ok(gap >= wait - 5 && gap < nextStep, `try ${i + 2} after ${gap} ms, not ${wait}`);
          }
          up = true;
          await waitFor('the rejoin', () => watch.channel.state === 'joined', 3000);
          const id = await newPortfolio(owner.sb);
          await waitFor('the change after resuming', () => watch.changes.some((c) => c.new.id === id));
        } finally {
          void watcher.realtime.disconnect();
          await new Promise((resolve) => proxy.close(resolve));
          for (const socket of piped) socket.destroy();
        }
      },
    );
  });
