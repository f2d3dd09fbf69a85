// What local-cloud does when its disk or database fails: answer 503 with the reason (never hang,
// never crash), say why on /health, and come back by itself once the cause is gone.
import type { Database, Logger } from './context.ts';

/** Node's errno codes and Postgres SQLSTATEs that mean "the disk or database is not there", with a reason. */
const ERRNO_REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the data directory is read-only',
  EACCES: 'the data directory is not writable',
  EPERM: 'the data directory is not writable',
  EIO: 'the disk reports an input/output error',
  ECONNREFUSED: 'the database refuses connections',
  ECONNRESET: 'the database connection was reset',
  ETIMEDOUT: 'the database does not answer',
  EPIPE: 'the database connection was closed',
};

function sqlstateReason(code: string): string | undefined {
  if (code === '53100') return 'the database disk is full';
  if (code === '58030') return 'the database reports an I/O error';
  if (code === '57P01' || code === '57P02') return 'the database is shutting down';
  if (code === '57P03') return 'the database is starting up or shutting down';
  if (code.startsWith('08')) return 'the database connection failed';
  if (code.startsWith('53')) return 'the database is out of resources';
  return undefined;
}

/** Why an error means local-cloud cannot serve right now, or undefined for an ordinary error. */
export function unavailableReason(err: unknown): string | undefined {
  if (err instanceof ServiceUnavailableError) return err.reason;
  if (!(err instanceof Error)) return undefined;
  const code = (err as { code?: unknown }).code;
  // A Postgres on a Unix socket that is gone (shut down): its socket file no longer exists.
  if (code === 'ENOENT' && /\.s\.PGSQL\./.test(err.message)) return 'the database is not running';
  if (typeof code === 'string') {
    const reason = ERRNO_REASONS[code] ?? (/^[0-9A-Z]{5}$/.test(code) ? sqlstateReason(code) : undefined);
    if (reason) return reason;
  }
  // node-postgres says so in words when a connection dies mid-query.
  if (/Connection terminated|connection timeout|Client has encountered a connection error/i.test(err.message)) {
    return 'the database connection was lost';
  }
  // PGlite's WebAssembly Postgres after a fatal error (e.g. a failed WAL write): it must be reopened.
  if (err.name === 'RuntimeError' || /Aborted\(|ErrnoError|No space left/i.test(err.message)) {
    return 'the embedded database stopped after a disk error';
  }
  const cause = (err as { cause?: unknown }).cause;
  return cause && cause !== err ? unavailableReason(cause) : undefined;
}

class ServiceUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`local-cloud is unavailable: ${reason}`);
  }
}

interface ServiceProblem {
  reason: string;
  since: string;
}

/**
 * Tracks whether the disk and database work. A fault a request meets is confirmed by a probe, which
 * then runs every second until it passes: /health says why meanwhile, and when it is over.
 */
export class ServiceHealth {
  private problem: ServiceProblem | null = null;
  private probing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private faults = 0;
  private lastFault: string | undefined;

  constructor(
    /** Checks the disk and database, repairing what it can (reopening the database); throws while broken. */
    private readonly probe: () => Promise<void>,
    private readonly log: Logger,
    private readonly retryMs = 1000,
  ) {}

  /** The confirmed problem, or null when everything answers. */
  get current(): ServiceProblem | null {
    return this.problem;
  }

  /**
   * Looks at an error a request met: when it means the disk or database is failing, checks and
   * returns the reason (the request answers 503); otherwise undefined.
   */
  report(err: unknown): string | undefined {
    const reason = unavailableReason(err);
    if (reason) {
      this.faults++;
      this.lastFault = reason;
      void this.check(reason);
    }
    return reason;
  }

  /** How many faults requests have met so far, and the last one's reason. */
  get faultsSeen(): { count: number; reason: string | undefined } {
    return { count: this.faults, reason: this.lastFault };
  }

  /** Runs the probe once (at most one at a time), recording or clearing the problem. */
  check(suspected?: string): Promise<void> {
    this.probing ??= this.probe()
      .then(
        () => {
          if (this.problem) this.log.info('service available again', { after: this.problem.reason });
          this.problem = null;
        },
        (err: unknown) => {
          const reason = unavailableReason(err) ?? suspected ?? (err instanceof Error ? err.message : String(err));
          if (!this.problem) this.log.error('service unavailable', { reason });
          this.problem ??= { reason, since: new Date().toISOString() };
          this.problem.reason = reason;
          this.scheduleRetry();
        },
      )
      .finally(() => {
        this.probing = null;
      });
    return this.probing;
  }

  private scheduleRetry() {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.check();
    }, this.retryMs);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}

/**
 * The database as requests see it: a disk or connection failure is reported (and rethrown as
 * ServiceUnavailableError) so the request answers 503. Requests are not refused up front while a
 * problem lasts: reads often still work on a full disk, and each try tells whether it is over.
 */
export function guardDatabase(db: Database, health: ServiceHealth): Database {
  const guarded = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      const reason = health.report(err);
      throw reason ? new ServiceUnavailableError(reason) : err;
    }
  };
  return {
    kind: db.kind,
    asOwner: (fn) => guarded(() => db.asOwner(fn)),
    withClaims: (claims, fn) => guarded(() => db.withClaims(claims, fn)),
    checkHealth: () => db.checkHealth(),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
  };
}
