import { type Db, schema } from '@vigil/db';
import type { AiDetectionDetail, CameraAiSettings, Detection, MotionSettings } from '@vigil/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../lib/app-error.ts';
import { publish } from '../lib/realtime.ts';
import type { Storage } from '../lib/storage.ts';
import type { Analyser } from '../modules/ai/analyser.service.ts';
import { isAlert } from '../modules/ai/detections.ts';
import { drawBoxes } from '../modules/ai/frames.ts';
import { currentGop, snapshotJpeg } from '../modules/live/live-snapshot.ts';
import { insertEvent } from './events.repo.ts';
import type { LiveFeed } from './live-feed.ts';

/**
 * The motion-gated AI pipeline of one camera (issue 14). It runs only while a motion event is
 * open on a camera with AI on, so an idle camera costs nothing: about once a second it takes the
 * live feed's newest keyframe (no new keyframe, no new analysis), decodes it to a JPEG, has the
 * camera's provider analyse it (each analysis counts against the quota) and keeps what the
 * camera's rules keep. The first kept detection writes one `ai.detection` event attached to the
 * motion event (through insertEvent: armed, severity, the notification rules' job); better frames
 * later update it (labels joined, the best frame's detections and thumbnail with boxes drawn).
 * Each analysed frame that found something is published on the `ai` realtime topic.
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
  /** Analyses done in this motion event (tests and the bench read it). */
  analysed = 0;

  constructor(
    private readonly camera: () => SampledCamera,
    private readonly feed: LiveFeed,
    private readonly deps: AiPipelineDeps,
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
    const tick = () => {
      if (!this.active) return;
      this.running = this.running.then(() => this.sample()).catch((e) => this.deps.log(`ai: ${e}`));
      void this.running.then(() => {
        if (this.active) this.timer = setTimeout(tick, SAMPLE_MS);
      });
    };
    tick();
  }

  /** Motion ended (or the camera stops): no more frames; the one being analysed finishes. */
  async stop(): Promise<void> {
    this.active = false;
    this.stopTimer();
    await this.running;
  }

  private stopTimer() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async sample(): Promise<void> {
    const cam = this.camera();
    if (!this.active || !cam.ai.enabled) return;
    if ((exhaustedUntil.get(cam.workspaceId) ?? 0) > Date.now()) return;
    const mp4 = await currentGop(this.feed, 0);
    if (!mp4) return;
    // The GOP's keyframe (right after the init) is what is decoded: the same one again is nothing new.
    const from = this.feed.initSegment?.length ?? 0;
    const key = mp4.subarray(from, from + 4096);
    if (this.lastKeyframe?.equals(key)) return;
    this.lastKeyframe = Buffer.from(key);
    const jpeg = await snapshotJpeg(this.deps.ffmpegPath, mp4);
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
      throw e;
    }
    if (detections.length === 0) return;
    await this.record(cam, jpeg, detections);
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
      const motionEventId = (await this.motionEventId) ?? null;
      const key = better ? await this.thumbnail(cam, jpeg, detections) : undefined;
      const detail = (prev?: AiDetectionDetail): AiDetectionDetail => ({
        labels: [...labels],
        detections: better ? detections : (prev?.detections ?? detections),
        provider: cam.ai.provider,
        motionEventId,
        description: prev?.description ?? null,
      });
      eventId = await this.deps.db.transaction(async (tx) => {
        if (!best) {
          return insertEvent(tx, {
            cameraId: cam.id,
            workspaceId: cam.workspaceId,
            kind: 'ai.detection',
            startAt: at,
            // It lasts from the first detection to the last (extended by each update), never left open.
            endAt: at,
            zones: [...zones],
            detail: detail() as unknown as Record<string, unknown>,
            // An alert label makes it an alert (while armed, like motion); anything else is info.
            severity: (weighed) => (alert ? weighed : 'info'),
            thumbnailKey: key ?? null,
          });
        }
        const [row] = await tx
          .select({ detail: schema.events.detail })
          .from(schema.events)
          .where(eq(schema.events.id, best.eventId));
        await tx
          .update(schema.events)
          .set({
            detail: detail(row?.detail as AiDetectionDetail | undefined) as unknown as Record<string, unknown>,
            zones: [...zones],
            endAt: at,
            ...(key ? { thumbnailKey: key } : {}),
          })
          .where(eq(schema.events.id, best.eventId));
        await publish(tx, { topic: 'events', workspaceId: cam.workspaceId, id: best.eventId, cameraId: cam.id });
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
        void this.describe(cam, eventId, jpeg, [...labels]);
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
        const [row] = await tx
          .select({ detail: schema.events.detail })
          .from(schema.events)
          .where(eq(schema.events.id, eventId));
        await tx
          .update(schema.events)
          .set({ detail: { ...(row?.detail ?? {}), description } })
          .where(eq(schema.events.id, eventId));
        await publish(tx, { topic: 'events', workspaceId: cam.workspaceId, id: eventId, cameraId: cam.id });
      });
    } catch (e) {
      this.deps.log(`camera ${cam.id}: AI description failed: ${e}`);
    }
  }
}
