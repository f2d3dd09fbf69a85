// The edge functions on Deno, as Supabase's edge runtime runs them: one worker process per function
// (its supabase/functions/<name>/index.ts, unchanged, with local-cloud/edge-runtime/worker.ts
// preloaded), booted by the function's first request (a cold start) and kept for the next ones (warm)
// until Supabase's wall-clock limit retires it, with the hosted limits on memory and on time to answer.
// Deno comes from the npm package (tooling/deno.mjs) and fetches nothing.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { denoArgs, denoBinary, denoEnv, FUNCTIONS_DIR, REPO_ROOT } from '../../../tooling/deno.mjs';
import type { Logger } from '../context.ts';

const WORKER_SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../edge-runtime/worker.ts');
const LISTENING = /^edge-worker listening on port (\d+)$/;

/** Supabase's documented limits (https://supabase.com/docs/guides/functions/limits). */
export interface EdgeLimits {
  /** A request with no answer after this long gets 504 (the request idle timeout: 150 s). */
  requestIdleTimeoutMs: number;
  /** A worker serves for this long, then the next request boots a new one (wall clock: 150 s on Free). */
  wallClockMs: number;
  /** The V8 heap a worker may use (256 MB). */
  memoryMb: number;
  /** How long a boot may take before the request answers 503. */
  bootTimeoutMs: number;
}

export const SUPABASE_EDGE_LIMITS: EdgeLimits = {
  requestIdleTimeoutMs: 150_000,
  wallClockMs: 150_000,
  memoryMb: 256,
  bootTimeoutMs: 30_000,
};

/** Headers that name the caller's address: set by a gateway on the real edge, so never taken from the caller. */
const CLIENT_ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip', 'cf-connecting-ip', 'true-client-ip', 'x-client-ip', 'forwarded'];

/** What a caller of `fetch` may be told went wrong, in the relay's words. */
export class EdgeWorkerError extends Error {
  constructor(
    readonly status: 503 | 504 | 500,
    readonly code: 'BOOT_ERROR' | 'TIMEOUT' | 'WORKER_ERROR',
    message: string,
  ) {
    super(message);
  }
}

/** The caller's body passed on as it comes, with a way to stop reading it from the caller. */
function relayedBody(source: ReadableStream<Uint8Array>) {
  const reader = source.getReader();
  let done = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        controller.close();
      } else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { stream, stopReading: () => (done ? undefined : void reader.cancel().catch(() => undefined)) };
}

interface Worker {
  port: number;
  child: ChildProcessByStdio<Writable, Readable, Readable>;
  bootedAt: number;
  inFlight: number;
  retired: boolean;
}

export interface EdgeWorkersOptions {
  /** The function's environment (SUPABASE_URL, keys, SITE_URL …), read at each boot. */
  env: () => Record<string, string>;
  log: Logger;
  limits?: Partial<EdgeLimits>;
}

/** Boot times of the workers started so far, for the bench. */
export interface BootRecord {
  name: string;
  ms: number;
}

export class EdgeWorkers {
  readonly limits: EdgeLimits;
  readonly boots: BootRecord[] = [];
  private readonly workers = new Map<string, Promise<Worker>>();
  /** Every process started, booting or serving: all of them end with local-cloud. */
  private readonly children = new Set<ChildProcessByStdio<Writable, Readable, Readable>>();
  private closed = false;

  constructor(private readonly options: EdgeWorkersOptions) {
    this.limits = { ...SUPABASE_EDGE_LIMITS, ...options.limits };
  }

  /** `req` served by function `name`, which sees the path from `/<name>` on, as on Supabase. */
  async fetch(name: string, req: Request, subPath: string, { forwardedFor }: { forwardedFor?: string } = {}): Promise<Response> {
    const worker = await this.acquire(name);
    worker.inFlight++;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.limits.requestIdleTimeoutMs);
    try {
      const url = new URL(req.url);
      const headers = new Headers(req.headers);
      for (const hopByHop of ['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']) headers.delete(hopByHop);
      // No address the caller wrote is passed on (X-Forwarded-For, Cloudflare's CF-Connecting-IP…):
      // as on Supabase's edge, only the gateway's own X-Forwarded-For says who is calling.
      for (const forwarding of CLIENT_ADDRESS_HEADERS) headers.delete(forwarding);
      // Deno.serve compresses for clients that ask; the relay passes bodies through as they are.
      headers.set('accept-encoding', 'identity');
      if (forwardedFor) headers.set('x-forwarded-for', forwardedFor);
      const body = req.method !== 'GET' && req.method !== 'HEAD' && req.body ? relayedBody(req.body) : undefined;
      const res = await fetch(`http://127.0.0.1:${worker.port}/${name}${subPath}${url.search}`, {
        method: req.method,
        headers,
        body: body?.stream,
        redirect: 'manual',
        signal: timeout.signal,
        ...(body ? { duplex: 'half' } : {}),
      } as RequestInit);
      // The function answered before reading all of the body (a 413 while reading, say): the rest is
      // not read from the caller either, as when the function itself stops reading on the edge.
      body?.stopReading();
      const answer = new Headers(res.headers);
      answer.delete('content-length');
      answer.delete('connection');
      answer.delete('keep-alive');
      answer.delete('transfer-encoding');
      return new Response(res.body, { status: res.status, statusText: res.statusText, headers: answer });
    } catch (error) {
      if (timeout.signal.aborted)
        throw new EdgeWorkerError(504, 'TIMEOUT', `Function did not answer within ${this.limits.requestIdleTimeoutMs / 1000} s`);
      throw new EdgeWorkerError(500, 'WORKER_ERROR', `Function exited due to an error: ${error instanceof Error ? error.message : error}`);
    } finally {
      clearTimeout(timer);
      worker.inFlight--;
      if (worker.retired && worker.inFlight === 0) this.stop(worker);
    }
  }

  /** A live worker for `name`: the current one, or a new one when there is none or it has served its time. */
  private async acquire(name: string): Promise<Worker> {
    if (this.closed) throw new EdgeWorkerError(503, 'BOOT_ERROR', 'local-cloud is shutting down');
    let pending = this.workers.get(name);
    if (pending) {
      const worker = await pending.catch(() => undefined);
      if (worker && !worker.retired && worker.child.exitCode === null && Date.now() - worker.bootedAt < this.limits.wallClockMs)
        return worker;
      if (worker && !worker.retired) {
        worker.retired = true;
        if (worker.inFlight === 0) this.stop(worker);
      }
      if (this.workers.get(name) === pending) this.workers.delete(name);
    }
    pending = this.workers.get(name);
    if (!pending) {
      pending = this.boot(name);
      this.workers.set(name, pending);
      pending.catch(() => {
        if (this.workers.get(name) === pending) this.workers.delete(name);
      });
    }
    return pending;
  }

  private boot(name: string): Promise<Worker> {
    const started = performance.now();
    const entry = path.join(FUNCTIONS_DIR, name, 'index.ts');
    const args = denoArgs(
      'run',
      '--allow-net',
      '--allow-env',
      // node:dns's Resolver.setServers asks for the interfaces (only with DNS_SERVERS, a local setting).
      '--allow-sys=networkInterfaces',
      `--v8-flags=--max-old-space-size=${this.limits.memoryMb}`,
      '--preload',
      WORKER_SCRIPT,
      entry,
    );
    const child = spawn(denoBinary(), args, {
      cwd: REPO_ROOT,
      env: denoEnv(this.options.env()),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.children.add(child);
    const log = this.options.log;
    const stderrTail: string[] = [];
    createInterface({ input: child.stderr }).on('line', (line) => {
      stderrTail.push(line);
      if (stderrTail.length > 20) stderrTail.shift();
      log.warn('function log', { function: name, line });
    });
    child.once('exit', () => this.children.delete(child));
    return new Promise<Worker>((resolve, reject) => {
      const fail = (why: string) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new EdgeWorkerError(503, 'BOOT_ERROR', `Function failed to start: ${why}`));
      };
      const timer = setTimeout(() => fail(`no answer within ${this.limits.bootTimeoutMs / 1000} s`), this.limits.bootTimeoutMs);
      child.once('error', (error) => fail(error.message));
      child.once('exit', (code, signal) => fail(`exited (${signal ?? code}) ${stderrTail.slice(-5).join(' | ')}`.trim()));
      createInterface({ input: child.stdout }).on('line', (line) => {
        const listening = LISTENING.exec(line);
        if (!listening) {
          log.info('function log', { function: name, line });
          return;
        }
        clearTimeout(timer);
        const worker: Worker = { port: Number(listening[1]), child, bootedAt: Date.now(), inFlight: 0, retired: false };
        child.once('exit', (code, signal) => {
          if (!worker.retired) log.warn('function worker exited', { function: name, code, signal });
        });
        const ms = Math.round(performance.now() - started);
        this.boots.push({ name, ms });
        log.info('function booted', { function: name, ms });
        resolve(worker);
      });
    });
  }

  private stop(worker: Worker): void {
    worker.retired = true;
    EdgeWorkers.end(worker.child);
  }

  private static end(child: ChildProcessByStdio<Writable, Readable, Readable>): void {
    child.stdin.end(); // the worker's signal to leave
    setTimeout(() => child.kill('SIGKILL'), 2000).unref();
  }

  /** Stops every worker, booting ones included, and waits until they are gone. */
  async close(): Promise<void> {
    this.closed = true;
    const children = [...this.children];
    const gone = children.map((child) =>
      child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined,
    );
    for (const child of children) EdgeWorkers.end(child);
    await Promise.all(gone);
  }
}
