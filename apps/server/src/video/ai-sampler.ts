import type { Db } from '@vigil/db';
import type { AiDetectionDetail, CameraAiSettings, Detection, MotionSettings } from '@vigil/shared';
import { AppError } from '../lib/app-error.ts';
import { publish } from '../lib/realtime.ts';
import type { Storage } from '../lib/storage.ts';
import type { Analyser } from '../modules/ai/ai.module.ts';
import { isAlert } from '../modules/ai/ai.module.ts';
import { drawBoxes } from '../modules/ai/ai.module.ts';
import { currentGop, snapshotJpeg } from '../modules/live/live.module.ts';
import { insertEvent, setAiDescription, updateAiDetection } from '../modules/events/events.module.ts';
import { gopKeyframe } from './gop-keyframe.ts';
import type { KeyframeJpegs } from './keyframe-jpeg.ts';
import type { LiveFeed } from './live-feed.ts';
import { type WriteFence, holdsCamera } from './video.repo.ts';

/**
 * The motion-gated AI pipeline of one camera. It runs only while a motion event is
 * open on a camera with AI on, so an idle camera costs nothing: about once a second it takes the
 * live feed's newest keyframe (no new keyframe, no new analysis), decodes it to a JPEG, has the
 * camera's provider analyse it (each analysis counts against the quota) and keeps what the
 * camera's rules keep. The first kept detection writes one `ai.detection` event attached to the
 * motion event (through insertEvent: armed, severity, the notification rules' job); better frames
 * later update it (labels joined, the best frame's detections and thumbnail with boxes drawn).
 * Each analysed frame that found something is published on the `ai` realtime topic. Like every
 * recorder write, it is fenced by the camera's lease: a recorder that lost the camera neither
 * spends the quota nor writes.
 */
export const SAMPLE_MS = 1000;
/** A workspace past its quota is not asked again for this long (the page shows the notice). */
const EXHAUSTED_PAUSE_MS = 60_000;
const exhaustedUntil = new Map<string, number>();

export interface AiPipelineDeps {
  db: Db;
  analyser: Analyser;
  /** Where thumbnails go (the events' thumbnail_key); none: events without a picture. */
  storage?: Storage;
  ffmpegPath: string;
  /**
   * The recorder's JPEG encoders at SNAPSHOT_WIDTH (keyframe-jpeg.ts): a frame in milliseconds,
   * where an ffmpeg started for it costs ~0.25 CPU-s. Without them, or for a codec they do not
   * take, each frame starts its own ffmpeg (snapshotJpeg).
   */
  jpegs?: KeyframeJpegs;
  log(msg: string): void;
}

export interface SampledCamera {
  id: string;
  workspaceId: string;
  ai: CameraAiSettings;
  motionSettings: MotionSettings;
}

interface Best {
  eventId: string;
  score: number;
  labels: Set<string>;
  zones: Set<string>;
  alert: boolean;
  described: boolean;
}

export class AiSampler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private active = false;
  private lastKeyframe: Buffer | undefined;
  private best: Best | undefined;
  private motionEventId: Promise<string | undefined> = Promise.resolve(undefined);
  /** Which motion this sampling belongs to: a late tick of an earlier motion stops there. */
  private generation = 0;
  /** Descriptions still being written (stop() waits for them). */
  private describing = new Set<Promise<void>>();
  /** Analyses done in this motion event (tests and the bench read it). */
  analysed = 0;

  constructor(
    private readonly camera: () => SampledCamera,
    private readonly feed: LiveFeed,
    private readonly deps: AiPipelineDeps,
    /** The camera's lease fence now (undefined: no lease system; null: the camera is lost). */
    private readonly fence: () => WriteFence = () => undefined,
  ) {}

  /** Motion started: sample until it stops. */
  start(motionEventId: Promise<string | undefined>): void {
    if (!this.camera().ai.enabled) return;
    this.stopTimer();
    this.active = true;
    this.best = undefined;
    this.lastKeyframe = undefined;
    this.analysed = 0;
    this.motionEventId = motionEventId;
    const generation = ++this.generation;
    const live = () => this.active && generation === this.generation;
    const tick = () => {
      if (!live()) return;
      this.running = this.running
        .then(() => (live() ? this.sample() : undefined))
        .catch((e) => this.deps.log(`ai: ${e}`));
      void this.running.then(() => {
        if (live()) this.timer = setTimeout(tick, SAMPLE_MS);
      });
    };
    tick();
  }

  /** Motion ended (or the camera stops): no more frames; the one being analysed finishes. */
  async stop(): Promise<void> {
    this.active = false;
    this.generation += 1;
    this.stopTimer();
    await this.running;
    await Promise.all(this.describing);
  }

  private stopTimer() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async sample(): Promise<void> {
    const cam = this.camera();
    if (!this.active || !cam.ai.enabled) return;
    if ((exhaustedUntil.get(cam.workspaceId) ?? 0) > Date.now()) return;
    // The camera's lease lost: another recorder has it now.
    if (this.fence() === null) return;
    const mp4 = await currentGop(this.feed, 0);
    if (!mp4) return;
    // The GOP's keyframe (right after the init) is what is decoded: the same one again is nothing new.
    const from = this.feed.initSegment?.length ?? 0;
    const key = mp4.subarray(from, from + 4096);
    if (this.lastKeyframe?.equals(key)) return;
    this.lastKeyframe = Buffer.from(key);
    const jpeg = await this.frameJpeg(mp4);
    if (!jpeg || !this.active) return;
    let detections: Detection[];
    try {
      const a = await this.deps.analyser.analyse(cam.workspaceId, { ai: cam.ai, motion: cam.motionSettings }, jpeg);
      detections = a.detections;
      this.analysed += 1;
    } catch (e) {
      if (e instanceof AppError && e.code === 'resource-exhausted') {
        exhaustedUntil.set(cam.workspaceId, Date.now() + EXHAUSTED_PAUSE_MS);
        this.deps.log(`camera ${cam.id}: AI analysis quota reached; analyses paused`);
        return;
      }
      // A provider that is not set up (or a plan without AI any more) will not change by the next
      // frame: said once, this motion is left alone.
      if (e instanceof AppError && (e.code === 'failed-precondition' || e.code === 'permission-denied')) {
        this.active = false;
        this.deps.log(`camera ${cam.id}: ${e.message}`);
        return;
      }
      throw e;
    }
    if (detections.length === 0) return;
    await this.record(cam, jpeg, detections);
  }

  /** The GOP's keyframe as a JPEG SNAPSHOT_WIDTH wide. */
  private async frameJpeg(mp4: Buffer): Promise<Buffer | null> {
    const keyframe = this.deps.jpegs && gopKeyframe(mp4);
    const encoded = keyframe && (await this.deps.jpegs!.encode(keyframe.codec, keyframe.size, keyframe.annexB));
    return encoded || snapshotJpeg(this.deps.ffmpegPath, mp4);
  }

  private async record(cam: SampledCamera, jpeg: Buffer, detections: Detection[]): Promise<void> {
    const at = new Date();
    const score = detections[0]!.score;
    const best = this.best;
    const better = !best || score > best.score;
    const labels = new Set([...(best?.labels ?? []), ...detections.map((d) => d.label)]);
    const zones = new Set([...(best?.zones ?? []), ...detections.flatMap((d) => d.zones ?? [])]);
    const alert = (best?.alert ?? false) || isAlert(detections, cam.ai);
    const grew = !best || labels.size > best.labels.size;
    let eventId = best?.eventId;
    if (better || grew) {
      // The motion event was not written (its write fenced out, or failed): nothing to attach to.
      const motionEventId = await this.motionEventId;
      if (!motionEventId) return;
      const key = better ? await this.thumbnail(cam, jpeg, detections) : undefined;
      const detail: Partial<AiDetectionDetail> = {
        labels: [...labels],
        ...(better || !best ? { detections } : {}),
        provider: cam.ai.provider,
        motionEventId,
      };
      eventId = await this.deps.db.transaction(async (tx) => {
        if (!(await holdsCamera(tx, cam.id, this.fence()))) return undefined;
        if (!best) {
          return insertEvent(tx, {
            cameraId: cam.id,
            workspaceId: cam.workspaceId,
            kind: 'ai.detection',
            startAt: at,
            // It lasts from the first detection to the last (extended by each update), never left open.
            endAt: at,
            zones: [...zones],
            detail: { ...detail, description: null },
            // An alert label makes it an alert (while armed, like motion); anything else is info.
            severity: (weighed) => (alert ? weighed : 'info'),
            thumbnailKey: key ?? null,
          });
        }
        await updateAiDetection(
          tx,
          { id: best.eventId, workspaceId: cam.workspaceId, cameraId: cam.id },
          { detail, zones: [...zones], endAt: at, thumbnailKey: key, becameAlert: alert && !best.alert },
        );
        return best.eventId;
      });
      if (!eventId) return;
      this.best = {
        eventId,
        score: Math.max(score, best?.score ?? 0),
        labels,
        zones,
        alert,
        described: best?.described ?? false,
      };
      if (alert && cam.ai.describe && !this.best.described) {
        this.best.described = true;
        const done = this.describe(cam, eventId, jpeg, [...labels]);
        this.describing.add(done);
        void done.finally(() => this.describing.delete(done));
      }
    }
    await publish(this.deps.db, {
      topic: 'ai',
      workspaceId: cam.workspaceId,
      cameraId: cam.id,
      id: eventId,
      data: { cameraId: cam.id, eventId, at: at.toISOString(), detections: detections.slice(0, 20) },
    });
  }

  /** The frame with its boxes, kept where events' thumbnails are. */
  private async thumbnail(cam: SampledCamera, jpeg: Buffer, detections: Detection[]): Promise<string | undefined> {
    if (!this.deps.storage) return undefined;
    const drawn = await drawBoxes(this.deps.ffmpegPath, jpeg, detections);
    const key = `workspaces/${cam.workspaceId}/events/ai-${cam.id}-${Date.now()}.jpg`;
    await this.deps.storage.put(key, drawn, 'image/jpeg');
    return key;
  }

  /** One sentence from the vision API, added to the event when it answers. */
  private async describe(cam: SampledCamera, eventId: string, jpeg: Buffer, labels: string[]): Promise<void> {
    try {
      const description = await this.deps.analyser.describe(cam.workspaceId, jpeg, labels);
      if (!description) return;
      await this.deps.db.transaction(async (tx) => {
        if (!(await holdsCamera(tx, cam.id, this.fence()))) return;
        await setAiDescription(tx, { id: eventId, workspaceId: cam.workspaceId, cameraId: cam.id }, description);
      });
    } catch (e) {
      this.deps.log(`camera ${cam.id}: AI description failed: ${e}`);
    }
  }
}
