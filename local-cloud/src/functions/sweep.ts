// The sweep of published pages (the publish function's `sweep` action: removes pages, files and
// domain maps no published row owns, renders again the pages of lapsed plans, clears what expired),
// run by local-cloud as pg_cron runs it on hosted Supabase (docs/DEPLOY.md): once at start (taking
// every leftover: nothing is half-published when the process starts), then on a timer (leaving what
// changed in the last minutes to the next). It calls the function as pg_cron's job does: a POST with
// the service role's key.
import type { LocalCloudContext } from '../context.ts';

export interface Sweeps {
  /** Runs one sweep now (after any running one); resolves with the function's report, or undefined if it failed. */
  run(): Promise<unknown>;
  /** Stops the timer and waits for a running sweep. */
  stop(): Promise<void>;
}

/** How long after start the first sweep runs. */
const START_DELAY_MS = 3000;

export function startSweeps(ctx: LocalCloudContext, intervalMs: number): Sweeps {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let first = true;
  const once = async (): Promise<unknown> => {
    // Nothing can be half-published at start (the process before is gone): no grace for the first.
    const graceSeconds = first ? 0 : undefined;
    first = false;
    try {
      const res = await ctx.functions.fetch(
        'publish',
        new Request(`${ctx.config.publicUrl}/functions/v1/publish`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.keys.serviceRoleKey}` },
          body: JSON.stringify({ action: 'sweep', graceSeconds }),
        }),
        '',
        { forwardedFor: '127.0.0.1' },
      );
      const report: unknown = await res.json();
      if (!res.ok) throw new Error(`the sweep answered ${res.status}: ${JSON.stringify(report)}`);
      ctx.log.info('published pages swept', report as Record<string, unknown>);
      return report;
    } catch (error) {
      ctx.log.warn('the sweep of published pages failed', { error: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  };
  const run = () => (running = running.then(once));
  const timer = intervalMs > 0 ? setInterval(() => void (stopped || run()), intervalMs) : undefined;
  timer?.unref();
  // Soon after start rather than during it: the first requests are not kept waiting for a function to boot.
  const atStart = intervalMs > 0 ? setTimeout(() => void (stopped || run()), START_DELAY_MS) : undefined;
  atStart?.unref();
  return {
    run,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (atStart) clearTimeout(atStart);
      await running;
    },
  };
}
