// The Phoenix channel messages of Realtime's protocol version 2.0.0, as supabase-js's realtime client
// sends and reads them: a text frame is the JSON array [join_ref, ref, topic, event, payload]; a user
// broadcast may come as a binary frame (kind 3, "user broadcast push") and goes out as one (kind 4).

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A client's broadcast: what `channel.send({ type: 'broadcast', event, payload })` carries. */
export interface UserBroadcast {
  event: string;
  /** Parsed JSON, or the bytes of a binary payload. */
  payload: unknown;
  binary: boolean;
}

/** A frame the server cannot read: Phoenix's serializer fails, and the connection closes. */
export class BadFrameError extends Error {}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const BINARY_ENCODING = 0;
const JSON_ENCODING = 1;

const optionalRef = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  throw new BadFrameError('a ref is neither a string nor null');
};

export function decodeFrame(data: Buffer, isBinary: boolean): PhoenixMessage {
  if (isBinary) return decodeBinaryBroadcastPush(data);
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    throw new BadFrameError('the frame is not JSON');
  }
  if (!Array.isArray(parsed) || parsed.length !== 5) throw new BadFrameError('the frame is not [join_ref, ref, topic, event, payload]');
  const [joinRef, ref, topic, event, payload] = parsed as unknown[];
  if (typeof topic !== 'string' || typeof event !== 'string') throw new BadFrameError('topic and event must be strings');
  return { joinRef: optionalRef(joinRef), ref: optionalRef(ref), topic, event, payload };
}

function decodeBinaryBroadcastPush(data: Buffer): PhoenixMessage {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) throw new BadFrameError('unknown binary frame');
  const [joinRefSize, refSize, topicSize, eventSize, metaSize, encoding] = data.subarray(1, 7);
  let offset = 7;
  const take = (size: number) => {
    if (offset + size > data.length) throw new BadFrameError('binary frame shorter than its header says');
    const part = data.subarray(offset, offset + size);
    offset += size;
    return part;
  };
  const joinRef = take(joinRefSize).toString('latin1');
  const ref = take(refSize).toString('latin1');
  const topic = take(topicSize).toString('latin1');
  const event = take(eventSize).toString('latin1');
  take(metaSize);
  const body = data.subarray(offset);
  let payload: unknown = new Uint8Array(body);
  if (encoding === JSON_ENCODING) {
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new BadFrameError('the broadcast payload is not JSON');
    }
  } else if (encoding !== BINARY_ENCODING) {
    throw new BadFrameError('unknown payload encoding');
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event, payload, binary: encoding === BINARY_ENCODING },
  };
}

export function encodeMessage(message: PhoenixMessage): string {
  return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload]);
}

/** A broadcast to subscribers: binary kind 4, which the client decodes to { type, event, payload }. */
export function encodeUserBroadcast(topic: string, broadcast: UserBroadcast): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(broadcast.event, 'utf8');
  const body = broadcast.binary
    ? Buffer.from(broadcast.payload as Uint8Array)
    : Buffer.from(JSON.stringify(broadcast.payload ?? {}), 'utf8');
  const header = Buffer.from([USER_BROADCAST, topicBytes.length, eventBytes.length, 0, broadcast.binary ? BINARY_ENCODING : JSON_ENCODING]);
  return Buffer.concat([header, topicBytes, eventBytes, body]);
}
