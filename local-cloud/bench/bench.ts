// local-cloud throughput on loopback: sign-in, portfolio reads and writes through /rest/v1 at 1 and
// 32 concurrent clients, and a 32-client optimistic-concurrency check on one portfolio.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalCloud, type StartOptions } from '../src/index.ts';
import { postgresUnavailableReason, startTempPostgres } from '../test/support/postgres.ts';
import { printMixedLoad, runMixedLoad } from './mixedLoad.ts';

interface Figure {
  name: string;
  clients: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}
interface OccResult {
  clients: number;
  successfulUpdates: number;
  conflictsRetried: number;
  finalVersion: number;
  finalCounter: number;
  ok: boolean;
}
interface BenchResult {
  database: string;
  figures: Figure[];
  occ: OccResult;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/** Runs `op` from `clients` loops for `seconds`; an op returning false counts as an error. */
async function measure(name: string, clients: number, seconds: number, op: (client: number) => Promise<boolean>): Promise<Figure> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      while (performance.now() < deadline) {
        const t = performance.now();
        const ok = await op(i).catch(() => false);
        latencies.push(performance.now() - t);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    name,
    clients,
    requests: latencies.length,
    perSecond: round(latencies.length / elapsed),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    errors,
  };
}

async function runLocalCloudBench(opts: { seconds?: number; databaseUrl?: string; print?: boolean } = {}): Promise<BenchResult> {
  const seconds = opts.seconds ?? 3;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lc-bench-'));
  const start: StartOptions = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: opts.databaseUrl,
    silent: true,
    autoconfirm: true,
    rateLimits: { emailSentPerHour: 1e6, signInsSignUpsPer5Min: 1e6, tokenRefreshesPer5Min: 1e6, tokenVerificationsPer5Min: 1e6 },
  };
  const cloud = await startLocalCloud(start);
  const base = cloud.url.replace('localhost', '127.0.0.1');
  const json = { 'content-type': 'application/json', apikey: cloud.keys.anonKey };
  try {
    const email = 'bench@example.com';
    const password = 'bench-password-1';
    const signup = await fetch(`${base}/auth/v1/signup`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
    const { access_token: token } = (await signup.json()) as { access_token: string };
    const authed = { ...json, authorization: `Bearer ${token}` };

    const rows = await fetch(`${base}/rest/v1/portfolios`, {
      method: 'POST',
      headers: { ...authed, prefer: 'return=representation' },
      body: JSON.stringify(Array.from({ length: 33 }, (_, i) => ({ template_id: '1', title: `bench ${i}`, data: { n: 0 } }))),
    });
    const ids = ((await rows.json()) as { id: string }[]).map((r) => r.id);
    const occId = ids[32];

    const signIn = async () =>
      (
        await fetch(`${base}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email, password }),
        })
      ).ok;
    const read = async (i: number) => {
      const res = await fetch(`${base}/rest/v1/portfolios?select=*&id=eq.${ids[i % 32]}`, { headers: authed });
      return res.ok && ((await res.json()) as unknown[]).length === 1;
    };
    const write = async (i: number) => {
      const res = await fetch(`${base}/rest/v1/portfolios?id=eq.${ids[i % 32]}`, {
        method: 'PATCH',
        headers: authed,
        body: JSON.stringify({ title: `bench ${i} ${Date.now()}` }),
      });
      await res.arrayBuffer();
      return res.status === 204;
    };

    const figures: Figure[] = [];
    for (const clients of [1, 32]) {
      figures.push(await measure('sign-in (POST /auth/v1/token)', clients, seconds, signIn));
      figures.push(await measure('portfolio read (GET /rest/v1)', clients, seconds, read));
      figures.push(await measure('portfolio write (PATCH /rest/v1)', clients, seconds, write));
    }

    // 32 clients each make 5 increments of one row, retrying when another client got there first
    let successes = 0;
    let conflicts = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        for (let done = 0; done < 5;) {
          const cur = (await (
            await fetch(`${base}/rest/v1/portfolios?select=version,data&id=eq.${occId}`, { headers: authed })
          ).json()) as { version: number; data: { n: number } }[];
          const { version, data } = cur[0];
          const res = await fetch(`${base}/rest/v1/portfolios?id=eq.${occId}&version=eq.${version}`, {
            method: 'PATCH',
            headers: { ...authed, prefer: 'return=representation' },
            body: JSON.stringify({ version: version + 1, data: { n: data.n + 1 } }),
          });
          const updated = (await res.json()) as unknown[];
          if (res.ok && updated.length === 1) {
            successes++;
            done++;
          } else conflicts++;
        }
      }),
    );
    const final = (
      (await (await fetch(`${base}/rest/v1/portfolios?select=version,data&id=eq.${occId}`, { headers: authed })).json()) as {
        version: number;
        data: { n: number };
      }[]
    )[0];
    const occ: OccResult = {
      clients: 32,
      successfulUpdates: successes,
      conflictsRetried: conflicts,
      finalVersion: final.version,
      finalCounter: final.data.n,
      ok: final.version === 1 + successes && final.data.n === successes && successes === 160,
    };
    const result: BenchResult = { database: cloud.ctx.db.kind, figures, occ };
    if (opts.print !== false) printResult(result);
    return result;
  } finally {
    await cloud.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printResult(r: BenchResult): void {
  console.log(`local-cloud bench (${r.database}, loopback)`);
  console.log(
    'figure'.padEnd(36) +
      'clients'.padStart(8) +
      'req/s'.padStart(10) +
      'p50 ms'.padStart(10) +
      'p99 ms'.padStart(10) +
      'errors'.padStart(8),
  );
  for (const f of r.figures) {
    console.log(
      f.name.padEnd(36) +
        String(f.clients).padStart(8) +
        String(f.perSecond).padStart(10) +
        String(f.p50).padStart(10) +
        String(f.p99).padStart(10) +
        String(f.errors).padStart(8),
    );
  }
  const o = r.occ;
  console.log(
    `optimistic concurrency: ${o.clients} clients, ${o.successfulUpdates} updates, ${o.conflictsRetried} retried conflicts, final version ${o.finalVersion} (expected ${1 + o.successfulUpdates}), counter ${o.finalCounter}: ${o.ok ? 'no lost or duplicated writes' : 'LOST OR DUPLICATED WRITES'}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const r = await runLocalCloudBench({ seconds, databaseUrl: process.env.DATABASE_URL || undefined });
  const errors = r.figures.filter((f) => f.clients === 32).reduce((n, f) => n + f.errors, 0);

  // The crowd, on both backends: PGlite, and a throwaway Postgres 15 when its binaries are here.
  const crowd = await runMixedLoad({ seconds, clientCounts: [8, 32, 64] });
  const pgReason = postgresUnavailableReason();
  if (pgReason) console.log(`(Postgres rows skipped: ${pgReason})`);
  else {
    const cluster = await startTempPostgres();
    try {
      crowd.push(...(await runMixedLoad({ seconds, clientCounts: [8, 32, 64], databaseUrl: await cluster.createDatabase('bench_crowd') })));
    } finally {
      await cluster.stop();
    }
  }
  const crowdMet = printMixedLoad(crowd);
  process.exitCode = r.occ.ok && errors === 0 && crowdMet ? 0 : 1;
}
