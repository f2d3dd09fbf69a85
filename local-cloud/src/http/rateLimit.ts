/** Fixed one-minute windows per key; enough to stop a loop hammering sign-in. */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one hit; false when the key is over its budget for the current window. */
  hit(key: string, now = Date.now()): boolean {
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      if (this.windows.size > 10_000) this.sweep(now);
      return true;
    }
    w.count++;
    return w.count <= this.perWindow;
  }

  /** Whether one more hit would be allowed now, without counting it. */
  allows(key: string, now = Date.now()): boolean {
    const w = this.windows.get(key);
    return !w || now - w.start >= this.windowMs || w.count < this.perWindow;
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
  }
}
