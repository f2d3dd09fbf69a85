// bcrypt (the hashes GoTrue stores, cost 10) on a small pool of worker threads, so sign-ins under
// load wait for a free core instead of stalling every other request on the event loop.
import os from 'node:os';
import { Worker } from 'node:worker_threads';

/** GoTrue's cost (bcrypt.DefaultCost), for every local-cloud not started for tests. */
export const BCRYPT_COST = 10;
/**
 * The cost tests hash at: bcrypt's least, as GoTrue's own tests (crypto.QuickHashCost). Still real bcrypt
 * hashes that verify; a stored hash of any cost verifies at its own cost.
 */
export const TEST_BCRYPT_COST = 4;

type Job = { id: number; op: 'hash' | 'compare'; password: string; hash?: string; cost?: number };
type Reply = { id: number; result?: string | boolean; error?: string };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
  close(): Promise<void>;
}

export function createPasswordHasher(cost = BCRYPT_COST, size = Math.max(1, Math.min(4, os.availableParallelism()))): PasswordHasher {
  // bcrypt's own bounds: a cost outside them would fail every sign-up, not the start.
  if (!Number.isInteger(cost) || cost < 4 || cost > 31) throw new Error(`bcrypt cost ${cost} is not an integer from 4 to 31`);
  const workers: { worker: Worker; busy: number }[] = [];
  const waiting = new Map<number, { resolve: (value: string | boolean) => void; reject: (err: Error) => void }>();
  let nextId = 0;
  let closed = false;

  const onReply = (reply: Reply) => {
    const job = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (!job) return;
    if (reply.error !== undefined) job.reject(new Error(reply.error));
    else job.resolve(reply.result!);
  };

  // Started on first use: a local-cloud that never hashes a password costs no threads.
  function leastBusy() {
    if (workers.length < size) {
      const worker = new Worker(new URL('./passwordWorker.mjs', import.meta.url));
      worker.unref();
      worker.on('message', onReply);
      worker.on('error', (err) => {
        for (const [id, job] of waiting) {
          waiting.delete(id);
          job.reject(err);
        }
      });
      workers.push({ worker, busy: 0 });
    }
    return workers.reduce((a, b) => (b.busy < a.busy ? b : a));
  }

  function run(job: Omit<Job, 'id'>): Promise<string | boolean> {
    if (closed) return Promise.reject(new Error('password hasher is closed'));
    const id = ++nextId;
    const slot = leastBusy();
    slot.busy++;
    return new Promise<string | boolean>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      slot.worker.postMessage({ ...job, id });
    }).finally(() => {
      slot.busy--;
    });
  }

  return {
    hash: async (password) => (await run({ op: 'hash', password, cost })) as string,
    compare: async (password, hash) => (await run({ op: 'compare', password, hash })) as boolean,
    async close() {
      closed = true;
      await Promise.all(workers.map(({ worker }) => worker.terminate()));
      workers.length = 0;
    },
  };
}
