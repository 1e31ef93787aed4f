import type { Db } from '@vigil/db';
import { endEvent, insertMotionEvent } from '../modules/events/events.module.ts';
import type { AiSampler } from './ai-sampler.ts';
import type { CameraSpec } from './camera-source.ts';
import type { CameraWriteChain } from './camera-write-chain.ts';
import type { MotionEvent } from './motion-detector.ts';
import { holdsCamera, type WriteFence } from './video.repo.ts';

/**
 * A camera's motion becomes an event: written at its start (the alert goes out then), completed at
 * its stop, in the camera's write order. AI analysis runs while it lasts.
 */
export class CameraMotionEvents {
  /** The motion event in progress: its id once written (a promise, since the stop may come first). */
  private open: Promise<string | undefined> | undefined;

  constructor(
    private readonly spec: () => CameraSpec,
    private readonly deps: { db: Db; fence(): WriteFence; ai(): AiSampler | undefined },
    private readonly writes: CameraWriteChain,
  ) {}

  record(e: MotionEvent): void {
    const { id: cameraId, workspaceId, motionSettings } = this.spec();
    // Motion recording needs detection even with events off (or taken from the camera); then it makes no events.
    if (!motionSettings.enabled || motionSettings.source === 'camera') return;
    const { db } = this.deps;
    if (e.type === 'start') {
      // Fenced like every other write: a recorder that lost the camera says nothing more about it.
      this.open = this.writes.add(
        () =>
          db.transaction(async (tx) => {
            if (!(await holdsCamera(tx, cameraId, this.deps.fence()))) return undefined;
            return insertMotionEvent(tx, {
              cameraId,
              workspaceId,
              kind: 'motion',
              startAt: new Date(e.at),
              zones: e.zones,
            });
          }),
        `camera ${cameraId}: motion event write`,
      );
      this.deps.ai()?.start(this.open);
      return;
    }
    void this.deps.ai()?.stop();
    const open = this.open;
    this.open = undefined;
    if (!open) return;
    void this.writes.add(async () => {
      const id = await open;
      if (id) await db.transaction((tx) => endEvent(tx, { id, workspaceId, cameraId }, new Date(e.at), e.zones));
    }, `camera ${cameraId}: motion event end`);
  }
}
