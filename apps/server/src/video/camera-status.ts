import type { Db } from '@vigil/db';
import { writeOutage, writeStatus } from './camera-writes.ts';
import type { CameraWriteChain } from './camera-write-chain.ts';
import type { SupervisedStatus } from './supervisor.ts';
import type { WriteFence } from './video.repo.ts';

export type CameraStatus = SupervisedStatus | 'disabled';

/**
 * How long a camera may stay unreachable before it is a `camera.offline` event (10 s): a
 * reconnect or a restart of the recorder is not an outage.
 */
export const OFFLINE_GRACE_MS = 10_000;
/** A status write refused while the lease is still ours is tried again after a lease round. */
export const REFUSED_STATUS_RETRY_MS = 2000;

/**
 * A recorded camera's status as written to its row, and its outages: leaving "online" starts the
 * grace; still unreachable when it ends, the camera gets a `camera.offline` event from the moment
 * it went; coming back (or being disabled) ends it.
 */
export class CameraStatusWriter {
  private written: { status: string; lastError: string | null };
  /** Runs while the camera is unreachable and not yet an outage. */
  private graceTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Writes of the current status that failed in a row: the next retry waits longer. */
  private failures = 0;
  private closed = false;

  constructor(
    private readonly cam: () => { id: string; workspaceId: string },
    private readonly deps: { db: Db; offlineGraceMs?: number; fence(): WriteFence },
    private readonly writes: CameraWriteChain,
    current: { status: string; lastError: string | null },
  ) {
    this.written = current;
  }

  get status(): string {
    return this.written.status;
  }

  get lastError(): string | null {
    return this.written.lastError;
  }

  /** Queues a status write when it differs from the one last written. */
  set(status: CameraStatus, lastError: string | null): void {
    const prev = this.written;
    if (prev.status === status && prev.lastError === lastError) return;
    this.written = { status, lastError };
    this.failures = 0;
    let outage: 'online' | 'disabled' | undefined;
    if (status === 'online' && prev.status !== 'online') {
      outage = 'online';
      this.clearGrace();
    } else if (status === 'disabled') {
      outage = 'disabled';
      this.clearGrace();
    } else if (status !== 'online') {
      // A second outage is never opened while one is (writeOutage), so a camera found dead at start counts too.
      this.startGrace(new Date());
    }
    this.write(status, lastError, outage);
  }

  /**
   * A write the fence refuses while the keeper still holds the lease is tried again: under load a
   * lease round can come after the lease's expiry, and the keeper renews it with the same epoch, but
   * the status written in between was dropped — the row said "offline" of a camera that recorded.
   * A write that failed (the pool, the database) is tried again too.
   */
  private write(status: CameraStatus, lastError: string | null, outage: 'online' | 'disabled' | undefined): void {
    const cam = this.cam();
    void this.writes.add(async () => {
      let written = false;
      try {
        written = await writeStatus(this.deps.db, cam, status, lastError, this.deps.fence(), outage);
      } catch (e) {
        // Not written (no pool connection in time, the database away): the row would keep the
        // status before it for good, since only changes are written. Tried again, and said.
        this.retryLater(status, lastError, outage, true);
        throw e;
      }
      if (written) this.failures = 0;
      if (written || !this.deps.fence() || this.closed) return;
      this.retryLater(status, lastError, outage, false);
    }, `camera ${cam.id}: status write`);
  }

  /**
   * Writes again: after a refusal in REFUSED_STATUS_RETRY_MS; after a failure too, each failure in
   * a row of the same status waiting twice as long (to 30 s), so a database away is not asked
   * every 2 s by every camera.
   */
  private retryLater(
    status: CameraStatus,
    lastError: string | null,
    outage: 'online' | 'disabled' | undefined,
    failed: boolean,
  ): void {
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    const delay = failed ? Math.min(REFUSED_STATUS_RETRY_MS * 2 ** this.failures, 30_000) : REFUSED_STATUS_RETRY_MS;
    if (failed) this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      // A newer status was queued meanwhile: that one is written, not this.
      const now = this.written;
      if (!this.closed && now.status === status && now.lastError === lastError) this.write(status, lastError, outage);
    }, delay);
  }

  private startGrace(since: Date): void {
    if (this.graceTimer) return;
    this.graceTimer = setTimeout(() => {
      this.graceTimer = undefined;
      if (this.written.status === 'online' || this.written.status === 'disabled') return;
      const cam = this.cam();
      void this.writes.add(
        () => writeOutage(this.deps.db, cam, since, this.written.lastError, this.deps.fence()),
        `camera ${cam.id}: outage write`,
      );
    }, this.deps.offlineGraceMs ?? OFFLINE_GRACE_MS);
  }

  /** Stopping the recorder or the camera is not the camera going offline. */
  clearGrace(): void {
    clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
  }

  /** The camera's run has ended: nothing more is written, refused writes are not tried again. */
  close(): void {
    this.closed = true;
    this.clearGrace();
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }
}
