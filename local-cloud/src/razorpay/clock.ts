// The sandbox's clock: this machine's time plus an offset that tests move forward, so a month of
// subscription billing passes in a test. Every timestamp the sandbox writes (created_at, charge_at,
// current_end, webhook created_at) and every charge it makes due reads this clock, never Date.now().
import type { Database } from '../context.ts';

export class SandboxClock {
  private offsetSeconds = 0;

  constructor(private readonly db: Database) {}

  /** Reads the stored offset (the tables exist by then); the sandbox's time survives a restart. */
  async load(): Promise<void> {
    const { rows } = await this.db.asOwner((tx) =>
      tx.query<{ offset_seconds: string | number }>('select offset_seconds from local_cloud.razorpay_clock where id = 1'),
    );
    this.offsetSeconds = Number(rows[0]?.offset_seconds ?? 0);
  }

  /** Unix seconds on the sandbox's clock. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.offsetSeconds;
  }

  /** Moves the clock forward (never back: Razorpay's time does not run backwards). */
  async advance(seconds: number): Promise<number> {
    const next = this.offsetSeconds + Math.max(0, Math.floor(seconds));
    await this.db.asOwner((tx) => tx.query('update local_cloud.razorpay_clock set offset_seconds = $1 where id = 1', [next]));
    this.offsetSeconds = next;
    return this.now();
  }
}

/** One billing period later, in UTC calendar terms: 31 Jan + 1 month is 28 (or 29) Feb. */
export function addPeriod(unixSeconds: number, period: string, interval: number, times = 1): number {
  const date = new Date(unixSeconds * 1000);
  const count = interval * times;
  switch (period) {
    case 'daily':
      return unixSeconds + count * 86_400;
    case 'weekly':
      return unixSeconds + count * 7 * 86_400;
    case 'yearly':
      return addMonths(date, 12 * count);
    default:
      return addMonths(date, count);
  }
}

function addMonths(date: Date, months: number): number {
  const day = date.getUTCDate();
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}
