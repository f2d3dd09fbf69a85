// Runs bcrypt for the auth API off the main thread: one hash takes tens of milliseconds of CPU, which
// on the event loop would hold every other request back.
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

parentPort?.on(
  'message',
  async (/** @type {{ id: number, op: 'hash' | 'compare', password: string, hash?: string, cost?: number }} */ job) => {
    try {
      const result =
        job.op === 'hash' ? await bcrypt.hash(job.password, job.cost ?? 10) : await bcrypt.compare(job.password, job.hash ?? '');
      parentPort?.postMessage({ id: job.id, result });
    } catch (err) {
      parentPort?.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
    }
  },
);
