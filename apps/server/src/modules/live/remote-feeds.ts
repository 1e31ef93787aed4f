import { LiveFeed } from '../../video/live-feed.ts';

/**
 * Live feeds wherever the camera is recorded. A camera recorded by this process is its local feed;
 * any other is a RemoteFeed: one internal stream from the recorder that holds the camera's lease,
 * pushed into a local LiveFeed, so WebRTC, MSE and HLS work the same on every serve process and
 * one camera connection still serves every viewer. When the camera moves (its recorder stopped or
 * died) the stream ends; the feed asks again who holds it and carries on from the new recorder.
 */
export interface FeedDirectory {
  /** The camera's feed: recorded here, already streamed from its recorder, or — one lookup — no one's. */
  find(cameraId: string): Promise<LiveFeed | undefined>;
  stop(): void;
}

export interface FeedDirectoryOptions {
  local: Map<string, LiveFeed>;
  /** The internal URL of the process recording the camera now (camera_leases ⋈ vigil_nodes). */
  holder(cameraId: string): Promise<{ url: string } | undefined>;
  token: string;
  log(msg: string): void;
  /** A remote feed nobody has watched for this long closes its stream (30 s). */
  idleMs?: number;
}

const RETRY_MS = [100, 250, 500, 1000, 2000];

class RemoteFeed {
  readonly feed = new LiveFeed();
  lastWanted = Date.now();
  private closed = false;
  private abort: AbortController | undefined;

  constructor(
    private readonly cameraId: string,
    private readonly opts: FeedDirectoryOptions,
  ) {
    void this.run();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      const holder = await this.opts.holder(this.cameraId).catch(() => undefined);
      if (holder && !this.closed) {
        this.abort = new AbortController();
        try {
          const res = await fetch(`${holder.url}/api/internal/v1/cameras/${this.cameraId}/feed`, {
            headers: { authorization: `Bearer ${this.opts.token}` },
            signal: this.abort.signal,
          });
          if (res.ok && res.body) {
            for await (const chunk of res.body) {
              failures = 0;
              this.feed.push(Buffer.from(chunk));
            }
          } else {
            await res.body?.cancel();
          }
        } catch (e) {
          if (!this.closed)
            this.opts.log(`live feed of camera ${this.cameraId} from ${holder.url}: ${(e as Error).message}`);
        }
        // Whatever came next is a new stream (another recorder, or a restart): start from its init.
        this.feed.reset();
      }
      if (this.closed) return;
      await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]));
    }
  }

  close(): void {
    this.closed = true;
    this.abort?.abort();
  }
}

export function createFeedDirectory(opts: FeedDirectoryOptions): FeedDirectory {
  const remote = new Map<string, RemoteFeed>();
  const idleMs = opts.idleMs ?? 30_000;
  const sweep = setInterval(
    () => {
      for (const [id, r] of remote) {
        if (r.feed.viewers === 0 && Date.now() - r.lastWanted > idleMs) {
          r.close();
          remote.delete(id);
        }
      }
    },
    Math.min(5000, idleMs),
  );
  sweep.unref();
  return {
    async find(cameraId) {
      const local = opts.local.get(cameraId);
      if (local) return local;
      let r = remote.get(cameraId);
      if (!r) {
        // No recorder holds it (disabled, not yet claimed, or no recorder alive): offline.
        if (!(await opts.holder(cameraId).catch(() => undefined))) return undefined;
        r = remote.get(cameraId) ?? new RemoteFeed(cameraId, opts);
        remote.set(cameraId, r);
      }
      r.lastWanted = Date.now();
      return r.feed;
    },
    stop() {
      clearInterval(sweep);
      for (const r of remote.values()) r.close();
      remote.clear();
    },
  };
}
