/** A FIFO lock: jobs run strictly one after another, in the order they were queued. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  run<T>(job: () => Promise<T>): Promise<T> {
    this.pending++;
    const result = this.tail.then(job);
    // the chain must survive a failed job, or every later job would fail too
    this.tail = result.then(
      () => {
        this.pending--;
      },
      () => {
        this.pending--;
      },
    );
    return result;
  }

  /** Resolves once every job queued so far has finished. */
  async drain(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }
}
