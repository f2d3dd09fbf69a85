import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * `count` distinct ports nothing listens on right now, so tests never collide with a running
 * `npm start` or with each other. All are held open until every one is chosen (closing one before
 * asking for the next could hand the same port out twice), and they are probed on every interface,
 * as the servers listen.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const server = net.createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, resolve);
      });
    }
    return servers.map((server) => (server.address() as AddressInfo).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}
