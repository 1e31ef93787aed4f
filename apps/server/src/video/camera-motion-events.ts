import type { Db } from '@vigil/db';
import type { Storage } from '../lib/storage.ts';
import { endEvent, eventPictureKey, insertMotionEvent, setEventPicture } from '../modules/events/events.module.ts';
import type { AiSampler } from './ai-sampler.ts';
import type { CameraSpec } from './camera-source.ts';
import type { CameraWriteChain } from './camera-write-chain.ts';
import type { KeyframeJpegs } from './keyframe-jpeg.ts';
import type { RawKeyframe } from './keyframe-pipe.ts';
import type { MotionEvent } from './motion-detector.ts';
import { holdsCamera, type WriteFence } from './video.repo.ts';

/** Where a motion event's picture is made and kept: the recorder's JPEG encoders, the app's storage. */
export interface EventPictures {
  jpegs: KeyframeJpegs;
  storage: Storage;
}

/**
 * A camera's motion becomes an event: written at its start (the alert goes out then), completed at
 * its stop, in the camera's write order. AI analysis runs while it lasts. When the keyframe that
 * started it is known, it becomes the event's picture at once (a few milliseconds in a long-lived
 * encoder); otherwise the thumbnail job grabs one from the footage seconds later.
 */
export class CameraMotionEvents {
  /** The motion event in progress: its id once written (a promise, since the stop may come first). */
  private open: Promise<string | undefined> | undefined;

  constructor(
    private readonly spec: () => CameraSpec,
    private readonly deps: {
      db: Db;
      fence(): WriteFence;
      ai(): AiSampler | undefined;
      pictures?: EventPictures;
      log(msg: string): void;
    },
    private readonly writes: CameraWriteChain,
  ) {}

  /** `keyframe`: the picture that shows a start (KeyframeMotion.judged), when the motion came from keyframes. */
  record(e: MotionEvent, keyframe?: RawKeyframe): void {
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
      if (keyframe && this.deps.pictures) void this.keepPicture(this.open, keyframe, this.deps.pictures);
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

  /** Beside the camera's write order: a picture never holds back the event's end or status. */
  private async keepPicture(open: Promise<string | undefined>, keyframe: RawKeyframe, pictures: EventPictures) {
    const { id: cameraId, workspaceId } = this.spec();
    try {
      const [id, jpeg] = await Promise.all([
        open,
        pictures.jpegs.encode(keyframe.codec, keyframe.size, keyframe.annexB),
      ]);
      if (!id || !jpeg) return;
      const key = eventPictureKey(workspaceId, id);
      await pictures.storage.put(key, jpeg, 'image/jpeg');
      await this.deps.db.transaction((tx) => setEventPicture(tx, { id, workspaceId, cameraId }, key));
    } catch (err) {
      // The thumbnail job grabs one from the footage instead.
      this.deps.log(`camera ${cameraId}: motion event picture not kept: ${(err as Error).message}`);
    }
  }
}
