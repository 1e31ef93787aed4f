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

/**
 * A recorded camera's status as written to its row, and its outages: leaving "online" starts the
 * grace; still unreachable when it ends, the camera gets a `camera.offline` event from the moment
 * it went; coming back (or being disabled) ends it.
 */
export class CameraStatusWriter {
  private written: { status: string; lastError: string | null };
  /** Runs while the camera is unreachable and not yet an outage. */
  private graceTimer: NodeJS.Timeout | undefined;

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
    const cam = this.cam();
    void this.writes.add(
      () => writeStatus(this.deps.db, cam, status, lastError, this.deps.fence(), outage),
      `camera ${cam.id}: status write`,
    );
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
}
