import { mkdir } from 'node:fs/promises';
import type { Db } from '@vigil/db';
import { type CameraSpec, withAudio } from './camera-source.ts';
import { probeCameraAudio } from './audio-probe.ts';
import { audioHandling, buildFfmpegArgs, DEFAULT_SEGMENT_SECONDS, motionSourceMode } from './ffmpeg-args.ts';
import type { LiveFeed } from './live-feed.ts';
import { segmentDir, writerTag } from './paths.ts';
import { MOTION_FRAME, type MotionEvent } from './motion-detector.ts';
import { MOTION_ROLL_MS, MotionGate } from './motion-gate.ts';
import { detectorOptions } from './motion-mask.ts';
import { endDanglingMotion, endEvent, insertMotionEvent } from '../modules/events/events.module.ts';
import { reconcileCamera } from './reconcile.ts';
import { SegmentIndexer, type SegmentSink } from './segment-indexer.ts';
import { StreamInfoProbe } from './stream-info.ts';
import { FfmpegSupervisor, type SupervisedStatus } from './supervisor.ts';
import { writeOutage, writeStatus } from './camera-writes.ts';
import { holdsCamera, type WriteFence, writeAudioInfo, writeVideoInfo } from './video.repo.ts';
import type { Fence } from '../cluster/cluster.repo.ts';
import { ffmpegTools } from './ffmpeg-binaries.ts';
import { type AiPipelineDeps, AiSampler } from './ai-sampler.ts';

/**
 * Everything one recorded camera needs: reconcile, then ffmpeg under its supervisor, the
 * segment indexer and the status writer. Status writes go through one chain per camera so they
 * land in the order they happened.
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
    /** Claimed from a recorder that may still write its files (cut off): reconcile leaves them growing. */
    formerMayStillWrite?(cameraId: string): boolean;
  };
  /** AI detection while motion lasts: the analyser and where thumbnails go. */
  ai?: AiPipelineDeps;
  /** With S3: the uploader that takes closed segments (the folder is only its buffer). */
  sink?: SegmentSink;
  /**
   * How long a camera may stay unreachable before it is a `camera.offline` event (10 s): a
   * reconnect or a restart of the recorder is not an outage.
   */
  offlineGraceMs?: number;
}

export const OFFLINE_GRACE_MS = 10_000;

export type CameraStatus = SupervisedStatus | 'disabled';

export class CameraRunner {
  private supervisor: FfmpegSupervisor | undefined;
  private indexer: SegmentIndexer | undefined;
  /** Unsubscribes the stream-info listener from the live feed. */
  private stopInfo: (() => void) | undefined;
  private writes: Promise<void> = Promise.resolve();
  private written: { status: string; lastError: string | null };
  private motion: MotionGate | undefined;
  /** The motion event in progress: its id once written (a promise, since the stop may come first). */
  private openMotion: Promise<string | undefined> | undefined;
  /** Analyses frames while motion lasts on a camera with AI on. */
  private ai: AiSampler | undefined;
  /** Runs while the camera is unreachable and not yet an outage. */
  private graceTimer: NodeJS.Timeout | undefined;

  constructor(
    public spec: CameraSpec,
    private readonly feed: LiveFeed,
    private readonly deps: RunnerDeps,
    current: { status: string; lastError: string | null },
  ) {
    this.written = current;
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
      });
      this.indexer.markIndexed(rec.files);
      this.indexer.keepUngated(rec.keep);
      this.indexer.start();
      // What reconcile left (files waiting for the bucket, a former writer's): taken now if settled.
      void this.indexer.formerFiles();
    }
    // Not connected yet: a status left "online" by a crashed process would be a lie.
    if (this.written.status !== 'offline') this.setStatus('offline', this.written.lastError);
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
      onFd3: this.motion && ((d) => this.motion!.push(d)),
      // Cut off from the database, the camera stays ours and records on; it stops when a round
      // that reaches the database finds it lost.
      mayRun: deps.lease && (() => Boolean(deps.lease!.fence(spec.id))),
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
        this.recordMotion(e);
      },
    });
  }

  /** New zones, masks or sensitivity: the detector changes, ffmpeg and the recording go on. */
  updateMotion(spec: CameraSpec): void {
    this.spec = spec;
    const mode = motionSourceMode(spec);
    if (mode) this.motion?.reconfigure(detectorOptions(spec.motionSettings, MOTION_FRAME, mode === 'keyframes'));
  }

  /** Motion becomes an event: written at its start (the alert goes out then), completed at its stop. */
  private recordMotion(e: MotionEvent): void {
    const { id: cameraId, workspaceId } = this.spec;
    // Motion recording needs detection even with events off (or taken from the camera); then it makes no events.
    if (!this.spec.motionSettings.enabled || this.spec.motionSettings.source === 'camera') return;
    if (e.type === 'start') {
      // Fenced like every other write: a recorder that lost the camera says nothing more about it.
      const written = this.writes.then(() =>
        this.deps.db.transaction(async (tx) => {
          if (!(await holdsCamera(tx, cameraId, this.fence()))) return undefined;
          return insertMotionEvent(tx, {
            cameraId,
            workspaceId,
            kind: 'motion',
            startAt: new Date(e.at),
            zones: e.zones,
          });
        }),
      );
      this.openMotion = written.catch((err) => {
        this.deps.log(`camera ${cameraId}: motion event write failed: ${err}`);
        return undefined;
      });
      this.writes = this.openMotion.then(() => undefined);
      this.ai?.start(this.openMotion);
      return;
    }
    void this.ai?.stop();
    const open = this.openMotion;
    this.openMotion = undefined;
    if (!open) return;
    this.writes = this.writes
      .then(async () => {
        const id = await open;
        if (id)
          await this.deps.db.transaction((tx) => endEvent(tx, { id, workspaceId, cameraId }, new Date(e.at), e.zones));
      })
      .catch((err) => this.deps.log(`camera ${cameraId}: motion event end failed: ${err}`));
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
      this.writes = this.writes
        .then(async () => void (await writeVideoInfo(this.deps.db, { id, workspaceId }, info)))
        .catch((e) => this.deps.log(`camera ${id}: video info write failed: ${e}`));
    });
    if (done) unsubscribe();
    else this.stopInfo = unsubscribe;
  }

  /**
   * Queues a status write. Leaving "online" starts the outage grace: still unreachable when it ends,
   * the camera gets a `camera.offline` event from the moment it went; coming back ends it.
   */
  setStatus(status: CameraStatus, lastError: string | null): void {
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
    this.writes = this.writes
      .then(() =>
        writeStatus(
          this.deps.db,
          { id: this.spec.id, workspaceId: this.spec.workspaceId },
          status,
          lastError,
          this.fence(),
          outage,
        ),
      )
      .catch((e) => this.deps.log(`camera ${this.spec.id}: status write failed: ${e}`));
  }

  private startGrace(since: Date): void {
    if (this.graceTimer) return;
    this.graceTimer = setTimeout(() => {
      this.graceTimer = undefined;
      if (this.written.status === 'online' || this.written.status === 'disabled') return;
      const cam = { id: this.spec.id, workspaceId: this.spec.workspaceId };
      this.writes = this.writes
        .then(() => writeOutage(this.deps.db, cam, since, this.written.lastError, this.fence()))
        .catch((e) => this.deps.log(`camera ${this.spec.id}: outage write failed: ${e}`));
    }, this.deps.offlineGraceMs ?? OFFLINE_GRACE_MS);
  }

  private clearGrace(): void {
    clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
  }

  /**
   * Stops ffmpeg, indexes its last complete segment, then writes the final status (none when
   * the camera was deleted).
   */
  async stop(final: { status: CameraStatus; lastError: string | null } | null): Promise<void> {
    // Stopping the recorder or the camera is not the camera going offline.
    this.clearGrace();
    await this.supervisor?.stop();
    await this.ai?.stop();
    this.stopInfo?.();
    this.stopInfo = undefined;
    // final: no motion will come to claim the segments still undecided; they are kept or deleted now.
    await this.indexer?.flush(true, true);
    await this.indexer?.stop();
    if (final) this.setStatus(final.status, final.lastError);
    this.clearGrace();
    await this.writes;
  }
}
