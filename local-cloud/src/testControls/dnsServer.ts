// A DNS server for tests, on 127.0.0.1: answers TXT questions from a map the test fills, NXDOMAIN
// otherwise. Enough of RFC 1035 for node:dns's resolveTxt, so domain proofs are checked for real.
import dgram from 'node:dgram';

export interface TestDnsServer {
  /** host:port, for DNS_SERVERS. */
  address: string;
  txt: Map<string, string[]>;
  close(): Promise<void>;
}

function questionName(packet: Buffer): { name: string; end: number } {
  const labels: string[] = [];
  let offset = 12;
  while (packet[offset]! > 0) {
    const length = packet[offset]!;
    labels.push(packet.subarray(offset + 1, offset + 1 + length).toString('latin1'));
    offset += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: offset + 5 }; // zero byte, QTYPE, QCLASS
}

function answer(query: Buffer, records: string[] | undefined): Buffer {
  const { end } = questionName(query);
  const qtype = query.readUInt16BE(end - 4);
  const found = qtype === 16 && records?.length ? records : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  header.writeUInt16BE(0x8180 | (records ? 0 : 3), 2); // response, recursion available; NXDOMAIN when unknown
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(found.length, 6);
  const answers = found.map((text) => {
    const data = Buffer.from(text, 'latin1');
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // the question's name
    rr.writeUInt16BE(16, 2); // TXT
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(data.length + 1, 10);
    return Buffer.concat([rr, Buffer.from([data.length]), data]);
  });
  return Buffer.concat([header, query.subarray(12, end), ...answers]);
}

export async function startTestDnsServer(): Promise<TestDnsServer> {
  const txt = new Map<string, string[]>();
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, peer) => {
    try {
      socket.send(answer(query, txt.get(questionName(query).name)), peer.port, peer.address);
    } catch {
      // A malformed question gets no answer, as from a real server.
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    txt,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
