import type { Db } from '@vigil/db';
import { motionSettingsOf } from '@vigil/shared';
import type { WriteFence } from './video.repo.ts';
import { holdsCamera } from './video.repo.ts';
import { endEvent, insertEvent, insertMotionEvent } from '../modules/events/events.module.ts';
import {
  type CameraEventWatch,
  type CameraSignal,
  type OnvifService,
  type PullPointTiming,
  watchCameraEvents,
} from '../modules/onvif/onvif.module.ts';
import type { CameraRow } from './video.repo.ts';

/**
 * The camera's own events beside its recording: for each ONVIF camera with an event service that
 * this recorder holds, one PullPoint watch (modules/onvif) whose motion and tamper signals become
 * Vigil events through the same writes as Vigil's own motion (severity, arming, the notify job),
 * fenced by the camera's lease like every other write. Motion counts only when the camera's
 * "motion from" setting takes the camera's (camera or both) and motion events are on; tamper
 * always counts. Nothing here decodes a picture: the cost is the camera's long poll.
 */
export interface CameraEventsDeps {
  db: Db;
  onvif: OnvifService;
  fence(cameraId: string): WriteFence;
  log(msg: string): void;
  timing?: Partial<PullPointTiming>;
}

type Row = Pick<
  CameraRow,
  'id' | 'workspaceId' | 'onvif' | 'sourceUsername' | 'sourcePasswordEnc' | 'motion' | 'enabled'
>;

/** An open event: its id once written (a promise: the end may come before the start is written). */
type Open = Promise<string | undefined>;

class CameraEventsRunner {
  private readonly open = new Map<string, Open>();
  private writes: Promise<unknown> = Promise.resolve();
  private readonly watch: CameraEventWatch;

  constructor(
    public row: Row,
    readonly key: string,
    private readonly deps: CameraEventsDeps,
  ) {
    this.watch = watchCameraEvents({
      onvif: deps.onvif,
      camera: () => this.row,
      onSignals: (signals) => {
        for (const s of signals) this.apply(s, new Date());
      },
      // After a reboot the camera starts again from nothing: what was open ends where we lost it.
      onLost: () => this.endAll(new Date()),
      log: (m) => deps.log(`camera ${row.id}: ${m}`),
      timing: deps.timing,
    });
  }

  get stats() {
    return { created: this.watch.created, renewed: this.watch.renewed };
  }

  private wanted(s: CameraSignal): boolean {
    if (s.kind === 'tamper') return true;
    const motion = motionSettingsOf(this.row.motion);
    return motion.enabled && motion.source !== 'vigil';
  }

  private apply(s: CameraSignal, at: Date): void {
    if (s.state === false) {
      this.end(s.key, at);
      return;
    }
    if (!this.wanted(s)) return;
    if (s.state === true && this.open.has(s.key)) return;
    const { id: cameraId, workspaceId } = this.row;
    const detail = { source: 'camera', topic: s.topic.slice(0, 200), ...(s.label ? { label: s.label } : {}) };
    const event = {
      cameraId,
      workspaceId,
      startAt: at,
      detail,
      // A line crossed is over as it happens.
      ...(s.state === 'pulse' ? { endAt: at } : {}),
    };
    const written: Open = this.writes
      .then(() =>
        this.deps.db.transaction(async (tx) => {
          if (!(await holdsCamera(tx, cameraId, this.deps.fence(cameraId)))) return undefined;
          return s.kind === 'motion'
            ? insertMotionEvent(tx, { ...event, kind: 'motion' })
            : insertEvent(tx, { ...event, kind: 'camera.tamper' });
        }),
      )
      .catch((e) => {
        this.deps.log(`camera ${cameraId}: camera event write failed: ${e}`);
        return undefined;
      });
    this.writes = written;
    if (s.state === true) this.open.set(s.key, written);
  }

  private end(key: string, at: Date): void {
    const open = this.open.get(key);
    if (!open) return;
    this.open.delete(key);
    const { id: cameraId, workspaceId } = this.row;
    this.writes = this.writes
      .then(async () => {
        const id = await open;
        if (id) await this.deps.db.transaction((tx) => endEvent(tx, { id, workspaceId, cameraId }, at));
      })
      .catch((e) => this.deps.log(`camera ${cameraId}: camera event end failed: ${e}`));
  }

  private endAll(at: Date): void {
    for (const key of [...this.open.keys()]) this.end(key, at);
  }

  async stop(): Promise<void> {
    await this.watch.stop();
    this.endAll(new Date());
    await this.writes;
  }
}

/** What makes a new subscription necessary: another device, service or credentials. */
function keyOf(row: Row): string | null {
  const o = row.onvif;
  if (!row.enabled || !o?.events || !o.services.events) return null;
  return JSON.stringify([o.deviceUrl, o.services.events, row.sourceUsername, row.sourcePasswordEnc]);
}

/** The watches of the cameras this recorder holds; `sync` after each change of a camera or its lease. */
export class CameraEvents {
  private readonly runners = new Map<string, CameraEventsRunner>();

  constructor(private readonly deps: CameraEventsDeps) {}

  /**
   * `row`: the camera as it is now, undefined when it is gone or no longer this recorder's. A
   * watch that must go is stopped in the background (its goodbye to the camera may take seconds).
   */
  sync(id: string, row: Row | undefined): void {
    const key = row ? keyOf(row) : null;
    const running = this.runners.get(id);
    if (running && key && running.key === key) {
      // The motion setting and the like apply to the next signal.
      running.row = row!;
      return;
    }
    if (running) {
      this.runners.delete(id);
      void running.stop();
    }
    if (row && key) this.runners.set(id, new CameraEventsRunner(row, key, this.deps));
  }

  stats(id: string) {
    return this.runners.get(id)?.stats;
  }

  async stop(): Promise<void> {
    const all = [...this.runners.values()];
    this.runners.clear();
    await Promise.all(all.map((r) => r.stop()));
  }
}
