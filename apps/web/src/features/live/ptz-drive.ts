import type { PtzMove } from '@vigil/shared';

/**
 * What a held control or key asks of the camera. The server stops a camera 1 s after the last
 * move it heard, so a held control repeats its move well within that (a lost page stops on its own).
 */
export const REPEAT_MS = 300;
/** Pan and tilt at a speed that can still be aimed by eye; zoom at half its range. */
const SPEED = 0.6;
const ZOOM = 0.5;

export type PtzDirection = 'up' | 'down' | 'left' | 'right' | 'zoomIn' | 'zoomOut';

const AXES: Record<PtzDirection, Partial<PtzMove>> = {
  up: { tilt: SPEED },
  down: { tilt: -SPEED },
  left: { pan: -SPEED },
  right: { pan: SPEED },
  zoomIn: { zoom: ZOOM },
  zoomOut: { zoom: -ZOOM },
};

/** Several held at once add up (up and right: a diagonal); opposite ones cancel. */
export function moveOf(held: Iterable<PtzDirection>): PtzMove {
  const m = { pan: 0, tilt: 0, zoom: 0 };
  for (const d of held) {
    const a = AXES[d];
    m.pan += a.pan ?? 0;
    m.tilt += a.tilt ?? 0;
    m.zoom += a.zoom ?? 0;
  }
  return m;
}

const KEYS: Record<string, PtzDirection> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  '+': 'zoomIn',
  '=': 'zoomIn',
  '-': 'zoomOut',
  _: 'zoomOut',
};

/** The direction a key steers, or null for any other key. */
export const directionOfKey = (key: string): PtzDirection | null => KEYS[key] ?? null;

export const isStill = (m: PtzMove) => m.pan === 0 && m.tilt === 0 && m.zoom === 0;

/**
 * One camera's steering from the page: `press` and `release` directions (pointer or keys); while
 * any is held the move is sent now and every REPEAT_MS, and the last release sends a stop.
 */
export class PtzDrive {
  private readonly held = new Set<PtzDirection>();
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Requests go out one after another: a quick tap's stop must not overtake its move on the wire. */
  private chain: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly send: {
      move(m: PtzMove): Promise<void>;
      stop(): Promise<void>;
      failed(e: unknown): void;
    },
  ) {}

  get moving(): boolean {
    return this.held.size > 0;
  }

  press(d: PtzDirection): void {
    if (this.held.has(d)) return;
    this.held.add(d);
    this.changed();
  }

  release(d: PtzDirection): void {
    if (!this.held.delete(d)) return;
    this.changed();
  }

  /** Everything let go at once (the window lost focus, the tile went away). */
  releaseAll(): void {
    if (!this.held.size) return;
    this.held.clear();
    this.changed();
  }

  private queue(fn: () => Promise<void>): Promise<void> {
    this.pending += 1;
    const next = this.chain.then(fn).finally(() => {
      this.pending -= 1;
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  private changed(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    const m = moveOf(this.held);
    if (isStill(m)) {
      this.queue(() => this.send.stop()).catch(this.send.failed);
      return;
    }
    const move = () =>
      this.queue(() => this.send.move(m)).catch((e) => {
        // A refused move is said once, and not repeated until the next press.
        clearInterval(this.timer);
        this.timer = undefined;
        this.held.clear();
        this.send.failed(e);
      });
    void move();
    // A repeat only keeps the server's deadman fed: skipped while a request is still on its way.
    this.timer = setInterval(() => {
      if (this.pending === 0) void move();
    }, REPEAT_MS);
  }
}
