// Supabase Realtime's websocket (`/realtime/v1/websocket?apikey=…&vsn=2.0.0`) on local-cloud's HTTP
// server: Phoenix channels as supabase-js's realtime client speaks them, with Postgres Changes,
// Broadcast, Presence and private channels. Errors carry Realtime's codes and words.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { JwtClaims, LocalCloudContext } from '../context.ts';
import { originOf } from '../http/cors.ts';
import { maySend, readableExtensions, type Extension } from './authorization.ts';
import { PostgresChanges, SubscribeError, type ChangeData, type ChangesBinding, type ChangesSubscriber } from './postgresChanges.ts';
import { BadFrameError, decodeFrame, encodeMessage, encodeUserBroadcast, type PhoenixMessage, type UserBroadcast } from './protocol.ts';
import { checkToken, expiredMessage } from './tokens.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';
/** Phoenix's websocket default: a connection that sends nothing (not even a heartbeat) for this long is dropped. */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;
/** Realtime's max_channels_per_client default. */
const MAX_CHANNELS_PER_CLIENT = 100;
/** Realtime's max_frame_size. */
const MAX_FRAME_BYTES = 5_000_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

type Meta = Record<string, unknown> & { phx_ref: string };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function refuseUpgrade(socket: Duplex, status: number, error: string): void {
  const body = JSON.stringify({ error });
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

export class RealtimeServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly connections = new Set<Connection>();
  /** The channels joined to a topic; public and private topics of one name are apart, as in Realtime. */
  private readonly topics = new Map<string, Set<Channel>>();
  /** Per topic: presence key → the metas tracked under it, one per channel. */
  private readonly presence = new Map<string, Map<string, Map<Channel, Meta>>>();
  readonly changes: PostgresChanges;

  constructor(
    readonly ctx: LocalCloudContext,
    readonly idleTimeoutMs: number = DEFAULT_IDLE_TIMEOUT_MS,
  ) {
    this.changes = new PostgresChanges(ctx.db, ctx.log);
  }

  start(): Promise<void> {
    return this.changes.start();
  }

  /** How many websocket connections are open (the bench reads it). */
  get connectionCount(): number {
    return this.connections.size;
  }

  /** The HTTP server's 'upgrade' handler. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    void this.upgrade(req, socket, head).catch(() => socket.destroy());
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH && url.pathname !== `${REALTIME_PATH}/`) return refuseUpgrade(socket, 404, 'Not Found');
    // Pages of the app's own origins only, as every other local-cloud API (a script-less client sends none).
    const origin = req.headers.origin;
    if (origin !== undefined && !this.ctx.config.allowedOrigins.has(originOf(origin) ?? '')) {
      return refuseUpgrade(socket, 403, 'Origin not allowed');
    }
    if ((url.searchParams.get('vsn') ?? '1.0.0') !== '2.0.0') return refuseUpgrade(socket, 400, 'local-cloud speaks vsn 2.0.0 only');
    const header = req.headers['x-api-key'];
    const apiKey = typeof header === 'string' ? header : url.searchParams.get('apikey');
    if (!apiKey) return refuseUpgrade(socket, 401, 'API key is missing');
    const checked = await checkToken(this.ctx, apiKey);
    if ('code' in checked) {
      const words =
        checked.code === 'JwtSignatureError' || checked.code === 'MalformedJWT' || checked.message.startsWith('Fields')
          ? checked.message
          : checked.message.startsWith('Token has expired')
            ? 'Token has expired'
            : 'The token provided is not a valid JWT';
      return refuseUpgrade(socket, 401, words);
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new Connection(this, ws, apiKey);
      this.connections.add(connection);
      ws.once('close', () => {
        this.connections.delete(connection);
        connection.closed();
      });
    });
  }

  async close(): Promise<void> {
    for (const connection of this.connections) connection.ws.terminate();
    this.connections.clear();
    await this.changes.close();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  topicKey(channel: Channel): string {
    return `${channel.isPrivate ? 'private' : 'public'}:${channel.subTopic}`;
  }

  addToTopic(channel: Channel): void {
    const key = this.topicKey(channel);
    const set = this.topics.get(key) ?? new Set();
    set.add(channel);
    this.topics.set(key, set);
  }

  removeFromTopic(channel: Channel): void {
    this.untrack(channel);
    const key = this.topicKey(channel);
    this.topics.get(key)?.delete(channel);
    if (this.topics.get(key)?.size === 0) this.topics.delete(key);
  }

  broadcast(from: Channel, broadcast: UserBroadcast): void {
    for (const channel of this.topics.get(this.topicKey(from)) ?? []) {
      if (channel === from && !channel.selfBroadcast) continue;
      if (channel.isPrivate && !channel.readable.has('broadcast')) continue;
      channel.sendBroadcast(broadcast);
    }
  }

  presenceState(channel: Channel): Record<string, { metas: Meta[] }> {
    const state: Record<string, { metas: Meta[] }> = {};
    for (const [key, metas] of this.presence.get(this.topicKey(channel)) ?? []) state[key] = { metas: [...metas.values()] };
    return state;
  }

  track(channel: Channel, payload: Record<string, unknown>): void {
    const topic = this.topicKey(channel);
    const keys = this.presence.get(topic) ?? new Map<string, Map<Channel, Meta>>();
    this.presence.set(topic, keys);
    const metas = keys.get(channel.presenceKey) ?? new Map<Channel, Meta>();
    keys.set(channel.presenceKey, metas);
    const previous = metas.get(channel);
    const meta: Meta = { ...payload, phx_ref: randomUUID() };
    if (previous) meta.phx_ref_prev = previous.phx_ref;
    metas.set(channel, meta);
    this.presenceDiff(
      channel,
      { [channel.presenceKey]: { metas: [meta] } },
      previous ? { [channel.presenceKey]: { metas: [previous] } } : {},
    );
  }

  untrack(channel: Channel): void {
    const topic = this.topicKey(channel);
    const metas = this.presence.get(topic)?.get(channel.presenceKey);
    const meta = metas?.get(channel);
    if (!metas || !meta) return;
    metas.delete(channel);
    if (metas.size === 0) this.presence.get(topic)?.delete(channel.presenceKey);
    if (this.presence.get(topic)?.size === 0) this.presence.delete(topic);
    this.presenceDiff(channel, {}, { [channel.presenceKey]: { metas: [meta] } });
  }

  private presenceDiff(from: Channel, joins: Record<string, { metas: Meta[] }>, leaves: Record<string, { metas: Meta[] }>): void {
    for (const channel of this.topics.get(this.topicKey(from)) ?? []) {
      if (!channel.presenceEnabled || (channel.isPrivate && !channel.readable.has('presence'))) continue;
      channel.push('presence_diff', { joins, leaves }, null);
    }
  }
}

/** One websocket: its channels by topic, and the idle timer heartbeats keep from firing. */
class Connection {
  readonly channels = new Map<string, Channel>();
  private readonly idle: NodeJS.Timeout;
  /** Messages for channels are handled one at a time, in order; heartbeats are answered at once. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly server: RealtimeServer,
    readonly ws: WebSocket,
    readonly apiKey: string,
  ) {
    this.idle = setTimeout(() => ws.terminate(), server.idleTimeoutMs);
    ws.on('message', (data: RawData, isBinary: boolean) => this.received(data, isBinary));
    ws.on('error', () => ws.terminate());
  }

  send(message: PhoenixMessage): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encodeMessage(message));
  }

  sendBinary(frame: Buffer): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame, { binary: true });
  }

  reply(message: PhoenixMessage, status: 'ok' | 'error', response: Record<string, unknown> = {}): void {
    this.send({ joinRef: message.joinRef, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status, response } });
  }

  closed(): void {
    clearTimeout(this.idle);
    for (const channel of this.channels.values()) channel.stop();
    this.channels.clear();
  }

  private received(data: RawData, isBinary: boolean): void {
    this.idle.refresh();
    let message: PhoenixMessage;
    try {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      message = decodeFrame(bytes, isBinary);
    } catch (err) {
      // Phoenix's serializer raises on a frame it cannot read, which ends the connection.
      if (err instanceof BadFrameError) this.ws.close(1011, err.message.slice(0, 120));
      else this.ws.terminate();
      return;
    }
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') this.reply(message, 'ok');
      return;
    }
    this.queue = this.queue
      .then(() => this.route(message))
      .catch((err: unknown) => {
        // A channel that fails is gone, as a crashed Phoenix channel: the client rejoins it.
        this.server.ctx.log.error('realtime: channel failed', {
          topic: message.topic,
          error: err instanceof Error ? err.message : String(err),
        });
        const channel = this.channels.get(message.topic);
        if (channel) {
          channel.push('phx_error', {}, channel.joinRef);
          this.drop(channel);
        }
      });
  }

  drop(channel: Channel): void {
    channel.stop();
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  private async route(message: PhoenixMessage): Promise<void> {
    if (message.event === 'phx_join') return this.join(message);
    const channel = this.channels.get(message.topic);
    if (!channel) {
      if (message.event === 'phx_leave') return this.reply(message, 'ok');
      return this.reply(message, 'error', { reason: 'unmatched topic' });
    }
    return channel.handle(message);
  }

  private async join(message: PhoenixMessage): Promise<void> {
    if (!message.topic.startsWith('realtime:')) return this.reply(message, 'error', { reason: 'unmatched topic' });
    if (message.topic === 'realtime:') return this.reply(message, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
    const existing = this.channels.get(message.topic);
    if (existing) this.drop(existing);
    if (this.channels.size >= MAX_CHANNELS_PER_CLIENT)
      return this.reply(message, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
    const channel = new Channel(this, message);
    if (await channel.join(message)) this.channels.set(message.topic, channel);
  }
}

/** One joined channel of a connection. */
class Channel implements ChangesSubscriber {
  readonly topic: string;
  readonly subTopic: string;
  readonly joinRef: string | null;
  readonly isPrivate: boolean;
  readonly selfBroadcast: boolean;
  readonly ackBroadcast: boolean;
  readonly presenceKey: string;
  presenceEnabled: boolean;
  readable = new Set<Extension>();
  private readonly writable = new Map<Extension, boolean>();
  private currentClaims: JwtClaims & { exp: number } = { role: 'anon', exp: 0 };
  private accessToken = '';
  private bindings: ChangesBinding[] = [];
  private expiry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly connection: Connection,
    join: PhoenixMessage,
  ) {
    const payload = isObject(join.payload) ? join.payload : {};
    const config = isObject(payload.config) ? payload.config : {};
    const broadcast = isObject(config.broadcast) ? config.broadcast : {};
    const presence = isObject(config.presence) ? config.presence : {};
    this.topic = join.topic;
    this.subTopic = join.topic.slice('realtime:'.length);
    this.joinRef = join.joinRef;
    this.isPrivate = config.private === true;
    this.selfBroadcast = broadcast.self === true;
    this.ackBroadcast = broadcast.ack === true;
    this.presenceKey = typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID();
    this.presenceEnabled = presence.enabled === true;
  }

  private get server(): RealtimeServer {
    return this.connection.server;
  }

  claims(): JwtClaims {
    return this.currentClaims;
  }

  push(event: string, payload: unknown, joinRef: string | null = this.joinRef): void {
    this.connection.send({ joinRef, ref: null, topic: this.topic, event, payload });
  }

  deliverChange(ids: number[], data: ChangeData): void {
    this.push('postgres_changes', { ids, data }, null);
  }

  sendBroadcast(broadcast: UserBroadcast): void {
    if (Buffer.byteLength(this.topic) > 255 || Buffer.byteLength(broadcast.event) > 255) {
      this.push('broadcast', { type: 'broadcast', event: broadcast.event, payload: broadcast.payload }, null);
    } else {
      this.connection.sendBinary(encodeUserBroadcast(this.topic, broadcast));
    }
  }

  private system(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic });
  }

  /** Realtime's shutdown_response: a system error saying why, then the channel closes. */
  private shutdown(message: string): void {
    this.system('system', 'error', message);
    this.push('phx_close', {});
    this.connection.drop(this);
  }

  /** The token a join or refresh names, else the connection's API key, as Realtime takes it. */
  private tokenFrom(payload: Record<string, unknown>): string {
    const token = payload.access_token ?? payload.user_token;
    return typeof token === 'string' && !token.startsWith('sb_') ? token : this.connection.apiKey;
  }

  async join(message: PhoenixMessage): Promise<boolean> {
    const payload = isObject(message.payload) ? message.payload : {};
    const token = this.tokenFrom(payload);
    const checked = await checkToken(this.server.ctx, token);
    if ('code' in checked) {
      this.connection.reply(message, 'error', { reason: `${checked.code}: ${checked.message}` });
      return false;
    }
    this.currentClaims = checked.claims;
    this.accessToken = token;
    if (this.isPrivate) {
      this.readable = await readableExtensions(this.server.ctx.db, this.currentClaims, this.subTopic);
      if (this.readable.size === 0) {
        this.connection.reply(message, 'error', {
          reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${this.subTopic}`,
        });
        return false;
      }
    }
    const config = isObject(payload.config) ? payload.config : {};
    const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes.filter(isObject) : [];
    this.bindings = requested.map((binding, index) => ({ ...binding, id: index + 1 }));
    let subscribeError: string | null = null;
    try {
      await this.server.changes.subscribe(this, this.bindings);
    } catch (err) {
      if (!(err instanceof SubscribeError)) throw err;
      subscribeError = err.message;
    }
    this.server.addToTopic(this);
    this.connection.reply(message, 'ok', { postgres_changes: this.bindings });
    if (this.bindings.length > 0) {
      if (subscribeError) this.system('postgres_changes', 'error', subscribeError);
      else this.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    }
    if (this.presenceEnabled) this.push('presence_state', this.server.presenceState(this));
    this.watchExpiry();
    return true;
  }

  /** The channel ends when its token expires, as Realtime's token confirmation ends it. */
  private watchExpiry(): void {
    clearTimeout(this.expiry);
    const left = this.currentClaims.exp * 1000 - Date.now();
    this.expiry = setTimeout(
      () => {
        if (this.currentClaims.exp * 1000 <= Date.now()) this.shutdown(expiredMessage(this.currentClaims.exp));
        else this.watchExpiry();
      },
      Math.min(Math.max(left, 0), MAX_TIMER_MS),
    );
    this.expiry.unref();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.expiry);
    this.server.changes.unsubscribe(this);
    this.server.removeFromTopic(this);
  }

  async handle(message: PhoenixMessage): Promise<void> {
    const payload = isObject(message.payload) ? message.payload : {};
    switch (message.event) {
      case 'phx_leave':
        this.connection.reply(message, 'ok');
        this.connection.drop(this);
        return;
      case 'access_token':
        return this.refreshToken(payload);
      case 'broadcast':
        return this.handleBroadcast(message, payload);
      case 'presence':
        return this.handlePresence(message, payload);
      default:
        // Realtime ignores (and logs) any other event.
        return;
    }
  }

  private async refreshToken(payload: Record<string, unknown>): Promise<void> {
    const token = payload.access_token;
    if (typeof token !== 'string' || token.startsWith('sb_') || token === this.accessToken) return;
    const checked = await checkToken(this.server.ctx, token);
    if ('code' in checked) return this.shutdown(checked.message);
    const couldRead = this.readable.size > 0;
    this.currentClaims = checked.claims;
    this.accessToken = token;
    this.writable.clear();
    if (this.isPrivate) {
      this.readable = await readableExtensions(this.server.ctx.db, this.currentClaims, this.subTopic);
      if (couldRead && this.readable.size === 0) {
        return this.shutdown(`You no longer have permission to read from this Channel topic: ${this.subTopic}`);
      }
    }
    this.watchExpiry();
    if (this.bindings.length > 0) this.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
  }

  private async allowedToSend(extension: Extension): Promise<boolean> {
    if (!this.isPrivate) return true;
    const known = this.writable.get(extension);
    if (known !== undefined) return known;
    const allowed = await maySend(this.server.ctx.db, this.currentClaims, this.subTopic, extension);
    this.writable.set(extension, allowed);
    return allowed;
  }

  private async handleBroadcast(message: PhoenixMessage, payload: Record<string, unknown>): Promise<void> {
    if (typeof payload.event !== 'string') return;
    // Refused on a private channel: dropped without a reply, as Realtime does.
    if (!(await this.allowedToSend('broadcast'))) return;
    this.server.broadcast(this, { event: payload.event, payload: payload.payload ?? {}, binary: payload.binary === true });
    if (this.ackBroadcast) this.connection.reply(message, 'ok');
  }

  private async handlePresence(message: PhoenixMessage, payload: Record<string, unknown>): Promise<void> {
    const event = typeof payload.event === 'string' ? payload.event.toLowerCase() : '';
    if (event === 'track') {
      if (!isObject(payload.payload)) return this.connection.reply(message, 'error', { reason: 'Presence track payload must be a map' });
      if (!(await this.allowedToSend('presence'))) return this.connection.reply(message, 'error');
      if (!this.presenceEnabled) {
        // A track turns presence on for the channel, as in Realtime.
        this.presenceEnabled = true;
        this.push('presence_state', this.server.presenceState(this));
      }
      this.server.track(this, payload.payload);
      return this.connection.reply(message, 'ok');
    }
    if (event === 'untrack') {
      this.server.untrack(this);
      return this.connection.reply(message, 'ok');
    }
    return this.connection.reply(message, 'error');
  }
}
