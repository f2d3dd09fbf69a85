// Free ports for the test servers of the browser tests and of local-cloud's suites (its Postgres clusters).
import net from 'node:net';

/**
 * The ports the kernel never hands out by itself (below Linux's ephemeral range, 32768–60999): a port
 * chosen here and closed again cannot be taken meanwhile by a server that asked for port 0 (local-cloud's
 * function workers, another worker's stack) or by an outgoing connection, before its server listens.
 */
const CHOSEN_PORTS = { from: 20_000, to: 32_767 };

/**
 * Listens on `port` on every interface, as the servers do; undefined when something already does.
 * @param {number} port
 * @returns {Promise<net.Server | undefined>}
 */
function holdPort(port) {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(port, () => resolve(server));
  });
}

/**
 * `count` distinct ports nothing listens on right now, so tests never collide with a running
 * `npm start` or with each other. All are held open until every one is chosen (closing one before
 * asking for the next could hand the same port out twice).
 * @param {number} count
 * @returns {Promise<number[]>}
 */
export async function freePorts(count) {
  /** @type {net.Server[]} */
  const held = [];
  try {
    while (held.length < count) {
      const port = CHOSEN_PORTS.from + Math.floor(Math.random() * (CHOSEN_PORTS.to - CHOSEN_PORTS.from + 1));
      const server = await holdPort(port);
      if (server) held.push(server);
    }
    return held.map((server) => /** @type {net.AddressInfo} */ (server.address()).port);
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** @returns {Promise<number>} */
export async function freePort() {
  const [port] = await freePorts(1);
  return /** @type {number} */ (port);
}
