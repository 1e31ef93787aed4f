import type { Db } from '@vigil/db';
import { armingAt } from '../modules/events/events.module.ts';
import type { CameraRow } from './video.repo.ts';

/**
 * Cameras that record on their schedule: whether one records now, and a timer that re-applies it
 * when its arming next changes (at most an hour away, in case an edit was missed).
 */
export class ScheduleRecording {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    /** Re-applies a camera (the recorder's own queue for it). */
    private readonly reapply: (cameraId: string) => void,
  ) {}

  /** Always, unless the camera records on its schedule and is disarmed now. */
  async allowed(row: CameraRow): Promise<boolean> {
    this.forget(row.id);
    if (!row.scheduleRecording) return true;
    const state = await armingAt(this.db, row.id, new Date());
    if (!state) return true;
    const wait = Math.min(3_600_000, state.until ? state.until.getTime() - Date.now() + 200 : 3_600_000);
    const timer = setTimeout(() => this.reapply(row.id), Math.max(1000, wait));
    timer.unref();
    this.timers.set(row.id, timer);
    return state.armed;
  }

  forget(cameraId: string): void {
    clearTimeout(this.timers.get(cameraId));
    this.timers.delete(cameraId);
  }

  stop(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
