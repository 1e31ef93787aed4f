/**
 * The recorder's work per camera: one change at a time, in the order asked (a start, a stop, new
 * settings), each camera's beside the others'; a failure is logged, and a start that failed is
 * tried again after `retryMs` (sooner than the minute's resync) unless one is already due.
 */
export class CameraQueue {
  private readonly chains = new Map<string, Promise<void>>();
  /** Cameras whose start failed, each with the timer that tries it again. */
  private readonly retries = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly log: (msg: string) => void,
    private readonly retryMs: number,
  ) {}

  /** Runs `fn` after what the camera already waits for. */
  enqueue(id: string, fn: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(id) ?? Promise.resolve())
      .then(fn)
      .catch((e) => this.log(`camera ${id}: ${e instanceof Error ? e.message : e}`));
    this.chains.set(id, next);
    return next;
  }

  /** Calls `again` in `retryMs`, once however often asked meanwhile; nothing once stopped. */
  retryLater(id: string, again: () => void): void {
    if (this.stopped || this.retries.has(id)) return;
    const timer = setTimeout(() => {
      this.retries.delete(id);
      if (!this.stopped) again();
    }, this.retryMs);
    this.retries.set(id, timer);
  }

  /** Until what every camera waits for now is done. */
  async settled(): Promise<void> {
    await Promise.all(this.chains.values());
  }

  /** No more retries (what is queued still runs: `settled` waits for it). */
  stop(): void {
    this.stopped = true;
    for (const timer of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
  }
}
