import { mkdir } from 'node:fs/promises';
import type { Db } from '@vigil/db';
import { type CameraSpec, withAudio } from './camera-source.ts';
import { probeCameraAudio } from './audio-probe.ts';
import { audioHandling, buildFfmpegArgs, DEFAULT_SEGMENT_SECONDS, motionSourceMode } from './ffmpeg-args.ts';
import type { LiveFeed } from './live-feed.ts';
import { segmentDir, writerTag } from './paths.ts';
import { MOTION_FRAME } from './motion-detector.ts';
import { MOTION_ROLL_MS, MotionGate } from './motion-gate.ts';
import { detectorOptions } from './motion-mask.ts';
import { endDanglingMotion } from '../modules/events/events.module.ts';
import { reconcileCamera } from './reconcile.ts';
import { SegmentIndexer, type SegmentSink } from './segment-indexer.ts';
import type { SegmentIndexBatch } from './segment-index-batch.ts';
import { StreamInfoProbe } from './stream-info.ts';
import { FfmpegSupervisor } from './supervisor.ts';
import { type CameraStatus, CameraStatusWriter } from './camera-status.ts';
import { CameraWriteChain } from './camera-write-chain.ts';
import { CameraMotionEvents, type EventPictures } from './camera-motion-events.ts';
import { type WriteFence, writeAudioInfo, writeVideoInfo } from './video.repo.ts';
import type { Fence } from '../cluster/cluster.repo.ts';
import { ffmpegTools } from './ffmpeg-binaries.ts';
import { type AiPipelineDeps, AiSampler } from './ai-sampler.ts';
import { KeyframeDecoders } from './keyframe-decoder.ts';
import { KeyframeMotion } from './keyframe-motion.ts';

export { type CameraStatus, OFFLINE_GRACE_MS } from './camera-status.ts';

/**
 * Everything one recorded camera needs: reconcile, then ffmpeg under its supervisor, the
 * segment indexer, the status writer (camera-status.ts) and its motion events
 * (camera-motion-events.ts). Its writes go through one chain so they land in the order they happened.
 */
export interface RunnerDeps {
  db: Db;
  mediaRoot: string;
  segmentSeconds?: number;
  ffmpegPath?: string;
  log(msg: string): void;
  /** A segment of this workspace was indexed (retention checks the plan limits). */
  onIndexed?(workspaceId: string): void;
  /**
   * The recorder's lease on each camera: every index and status write names it, its epoch tags
   * the file names, and ffmpeg stops once the lease is known lost. Absent in tests that drive a
   * runner alone.
   */
  lease?: {
    fence(cameraId: string): Fence | undefined;
    /** Whether the lease is still ours: asked on every chunk of ffmpeg's output, so it makes nothing. */
    holds(cameraId: string): boolean;
    /** Claimed from a recorder that may still write its files (cut off): reconcile leaves them growing. */
    formerMayStillWrite?(cameraId: string): boolean;
  };
  /** AI detection while motion lasts: the analyser and where thumbnails go. */
  ai?: AiPipelineDeps;
  /** With S3: the uploader that takes closed segments (the folder is only its buffer). */
  sink?: SegmentSink;
  /** The index writes of all the recorder's cameras, in rounds (segment-index-batch.ts). */
  indexBatch?: SegmentIndexBatch;
  /**
   * How long a camera may stay unreachable before it is a `camera.offline` event (10 s): a
   * reconnect or a restart of the recorder is not an outage.
   */
  offlineGraceMs?: number;
  /** The recorder's shared keyframe decoders (keyframe-decoder.ts); a runner alone makes its own. */
  keyframeDecoders?: KeyframeDecoders;
  /** Where motion events' pictures are made and kept; without it the thumbnail job makes them all. */
  eventPictures?: EventPictures;
}

export class CameraRunner {
  private supervisor: FfmpegSupervisor | undefined;
  private indexer: SegmentIndexer | undefined;
  /** Unsubscribes the stream-info listener from the live feed. */
  private stopInfo: (() => void) | undefined;
  private readonly writes: CameraWriteChain;
  private readonly status: CameraStatusWriter;
  private readonly motionEvents: CameraMotionEvents;
  private motion: MotionGate | undefined;
  /** Keyframes of the live feed to the motion gate, for a copied main stream. */
  private keyframes: KeyframeMotion | undefined;
  /** Keyframe decoders of this runner's own, when the recorder gave none. */
  private ownDecoders: KeyframeDecoders | undefined;
  /** Analyses frames while motion lasts on a camera with AI on. */
  private ai: AiSampler | undefined;

  constructor(
    public spec: CameraSpec,
    private readonly feed: LiveFeed,
    private readonly deps: RunnerDeps,
    current: { status: string; lastError: string | null },
  ) {
    this.writes = new CameraWriteChain(deps.log);
    const fence = () => this.fence();
    this.status = new CameraStatusWriter(
      () => this.spec,
      { db: deps.db, offlineGraceMs: deps.offlineGraceMs, fence },
      this.writes,
      current,
    );
    this.motionEvents = new CameraMotionEvents(
      () => this.spec,
      { db: deps.db, fence, ai: () => this.ai, pictures: deps.eventPictures, log: deps.log },
      this.writes,
    );
  }

  get pid(): number | undefined {
    return this.supervisor?.pid;
  }

  /** The tag in the names of this run's files: its lease's epoch when it started (paths.ts writerTag). */
  get writer(): string {
    return writerTag(this.startedEpoch);
  }
  private startedEpoch: number | undefined;

  get dir(): string {
    return segmentDir(this.deps.mediaRoot, this.spec.workspaceId, this.spec.id);
  }

  async start(startDelayMs: number): Promise<void> {
    await this.learnAudio();
    const { spec, deps } = this;
    const dir = this.dir;
    this.startedEpoch = deps.lease?.fence(spec.id)?.epoch;
    const writer = writerTag(this.startedEpoch);
    await mkdir(dir, { recursive: true });
    const kind = spec.recordingMode === 'motion' ? 'motion' : 'continuous';
    const cam = { cameraId: spec.id, workspaceId: spec.workspaceId, kind, fence: () => this.fence() } as const;
    // Motion frames come whenever events or motion recording want them; only in motion mode does the
    // gate also decide which segments are kept.
    const sourceMode = motionSourceMode(spec);
    this.motion = sourceMode ? this.motionGate(sourceMode === 'keyframes') : undefined;
    if (this.motion && sourceMode === 'keyframes')
      this.keyframes = new KeyframeMotion(this.feed, this.motion, this.decoders());
    if (this.motion) await endDanglingMotion(deps.db, spec.id).catch(() => undefined);
    const motion = spec.recordingMode === 'motion' ? this.motion : undefined;
    if (this.motion && deps.ai)
      this.ai = new AiSampler(
        () => this.spec,
        this.feed,
        deps.ai,
        () => this.fence(),
      );
    if (spec.recordingMode !== 'off') {
      const segmentMs = (deps.segmentSeconds ?? DEFAULT_SEGMENT_SECONDS) * 1000;
      const { pre, margin } = MOTION_ROLL_MS;
      // A crash leaves undecided at most the files of the last pre-roll (+ margin), the one being
      // decided and the one being written; a few more to be safe.
      const stale = {
        staleBefore: Date.now() - pre - margin,
        maxStaleFiles: Math.ceil((pre + margin) / segmentMs) + 3,
      };
      // Files of a former run of this process, or of a recorder that handed the camera back, are
      // finished; those of a holder whose lease lapsed may still grow while it is cut off.
      const quietMs = deps.lease?.formerMayStillWrite?.(spec.id) ? undefined : 0;
      const rec = await reconcileCamera(deps.db, cam, dir, deps.log, motion && stale, {
        remote: Boolean(deps.sink),
        quietMs,
      });
      this.indexer = new SegmentIndexer({
        db: deps.db,
        ...cam,
        dir,
        log: deps.log,
        onIndexed: () => deps.onIndexed?.(spec.workspaceId),
        writer,
        formerQuietMs: quietMs,
        gate: motion,
        sink: deps.sink,
        batch: deps.indexBatch,
      });
      this.indexer.markIndexed(rec.files);
      this.indexer.keepUngated(rec.keep);
      this.indexer.start();
      // What reconcile left (files waiting for the bucket, a former writer's): taken now if settled.
      void this.indexer.formerFiles();
    }
    // Not connected yet: a status left "online" by a crashed process would be a lie.
    if (this.status.status !== 'offline') this.setStatus('offline', this.status.lastError);
    this.supervisor = new FfmpegSupervisor({
      args: buildFfmpegArgs({
        source: spec.source,
        recordingMode: spec.recordingMode,
        segmentDir: dir,
        writer,
        segmentSeconds: deps.segmentSeconds,
        motion: spec.motion,
        audio: spec.audio,
        // A custom binary (tests) speaks today's ffmpeg; otherwise ask the one found.
        rtspTimeoutOption: deps.ffmpegPath ? '-timeout' : ffmpegTools().ffmpeg.rtspTimeoutOption,
        httpMaxRedirects: deps.ffmpegPath ? true : ffmpegTools().ffmpeg.httpMaxRedirects,
      }),
      liveFeed: this.feed,
      ffmpegPath: deps.ffmpegPath,
      startDelayMs,
      log: (m) => deps.log(`camera ${spec.id}: ${m}`),
      onStatus: (status, lastError) => this.setStatus(status, lastError),
      onExit: () => {
        this.motion?.streamEnded();
        void this.indexer?.flush(true);
        this.watchStreamInfo();
      },
      // Keyframes reach the motion gate from the live feed (keyframe-motion.ts): no fd 3 then.
      onFd3: this.motion && !this.keyframes ? (d) => this.motion!.push(d) : undefined,
      // Cut off from the database, the camera stays ours and records on; it stops when a round
      // that reaches the database finds it lost.
      mayRun: deps.lease && (() => deps.lease!.holds(spec.id)),
    });
    this.watchStreamInfo();
    this.supervisor.start();
  }

  /**
   * Asks the camera once what sound it sends (AAC is copied, anything else converted) and keeps
   * the answer on its row; a camera that cannot be asked now records its sound converted.
   */
  private async learnAudio(): Promise<void> {
    const { spec, deps } = this;
    if (!spec.probeAudio || spec.source.type !== 'rtsp') return;
    const tools = ffmpegTools();
    const audio = await probeCameraAudio(tools.ffprobe.path, spec.source, tools.ffprobe.rtspTimeoutOption);
    if (!audio) return;
    this.spec = { ...withAudio(spec, audioHandling(audio.codec)), probeAudio: false };
    const cam = { id: spec.id, workspaceId: spec.workspaceId };
    await writeAudioInfo(deps.db, cam, audio).catch((e) =>
      deps.log(`camera ${spec.id}: audio info write failed: ${e}`),
    );
  }

  private decoders(): KeyframeDecoders {
    if (this.deps.keyframeDecoders) return this.deps.keyframeDecoders;
    this.ownDecoders ??= new KeyframeDecoders(() => this.deps.ffmpegPath ?? ffmpegTools().ffmpeg.path, this.deps.log);
    return this.ownDecoders;
  }

  /** The fence for this camera's writes now (undefined when no lease system drives the runner). */
  private fence(): WriteFence {
    if (!this.deps.lease) return undefined;
    return this.deps.lease.fence(this.spec.id) ?? null;
  }

  private motionGate(sparse: boolean): MotionGate {
    return new MotionGate({
      detector: detectorOptions(this.spec.motionSettings, MOTION_FRAME, sparse),
      onMotion: (e) => {
        const at = new Date(e.at).toISOString();
        this.deps.log(`camera ${this.spec.id}: motion ${e.type === 'start' ? `from ${at}` : `until ${at}`}`);
        // Index at once: the pre-roll segments are already complete and waiting.
        if (e.type === 'start' && this.spec.recordingMode === 'motion') void this.indexer?.flush(false);
        // A start said while the keyframe motion's gate judges a keyframe: that picture shows it.
        this.motionEvents.record(e, e.type === 'start' ? this.keyframes?.judged : undefined);
      },
    });
  }

  /** New zones, masks or sensitivity: the detector changes, ffmpeg and the recording go on. */
  updateMotion(spec: CameraSpec): void {
    this.spec = spec;
    const mode = motionSourceMode(spec);
    if (mode) this.motion?.reconfigure(detectorOptions(spec.motionSettings, MOTION_FRAME, mode === 'keyframes'));
  }

  /**
   * Reads codec, size and frame rate from the first seconds of each ffmpeg run's live output and
   * writes them to the camera row when they changed; the listener leaves once it has them.
   */
  private watchStreamInfo(): void {
    if (this.stopInfo) return;
    const probe = new StreamInfoProbe();
    let done = false;
    const unsubscribe = this.feed.subscribe((chunk) => {
      if (done) return;
      if (chunk.type === 'init') return probe.pushInit(chunk.data);
      const info = probe.pushFragment(chunk.data);
      if (!info) return;
      done = true;
      this.stopInfo?.();
      this.stopInfo = undefined;
      const { id, workspaceId } = this.spec;
      void this.writes.add(
        () => writeVideoInfo(this.deps.db, { id, workspaceId }, info),
        `camera ${id}: video info write`,
      );
    });
    if (done) unsubscribe();
    else this.stopInfo = unsubscribe;
  }

  /** Queues a status write (camera-status.ts: leaving "online" starts the outage grace). */
  setStatus(status: CameraStatus, lastError: string | null): void {
    this.status.set(status, lastError);
  }

  /**
   * Stops ffmpeg, indexes its last complete segment, then writes the final status (none when
   * the camera was deleted).
   */
  async stop(final: { status: CameraStatus; lastError: string | null } | null): Promise<void> {
    // Stopping the recorder or the camera is not the camera going offline.
    this.status.clearGrace();
    await this.supervisor?.stop();
    await this.keyframes?.stop();
    this.ownDecoders?.stop();
    await this.ai?.stop();
    this.stopInfo?.();
    this.stopInfo = undefined;
    // final: no motion will come to claim the segments still undecided; they are kept or deleted now.
    await this.indexer?.flush(true, true);
    await this.indexer?.stop();
    if (final) this.setStatus(final.status, final.lastError);
    this.status.clearGrace();
    await this.writes.settled();
    this.status.close();
  }
}
