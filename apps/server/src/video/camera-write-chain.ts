/**
 * One camera's writes (status, outage, motion events, stream info) run one after the other, so
 * they land in the order they happened; a failed write is logged and does not stop the next.
 */
export class CameraWriteChain {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly log: (msg: string) => void) {}

  /** Runs `fn` after every write queued before it; a failure is logged as "`what` failed" and gives undefined. */
  add<T>(fn: () => Promise<T>, what: string): Promise<T | undefined> {
    const done = this.tail.then(fn).catch((e) => {
      this.log(`${what} failed: ${e}`);
      return undefined;
    });
    this.tail = done.then(() => undefined);
    return done;
  }

  /** Resolves once every write queued so far has ended. */
  settled(): Promise<void> {
    return this.tail;
  }
}
