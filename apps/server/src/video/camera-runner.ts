import { mkdir } from 'node:fs/promises';
import type { Db } from '@vigil/db';
import type { CameraSpec } from './camera-source.ts';
import { buildFfmpegArgs } from './ffmpeg-args.ts';
import type { LiveFeed } from './live-feed.ts';
import { segmentDir } from './paths.ts';
import { reconcileCamera } from './reconcile.ts';
import { SegmentIndexer } from './segment-indexer.ts';
import { FfmpegSupervisor, type SupervisedStatus } from './supervisor.ts';
import { writeStatus } from './video.repo.ts';

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
}

export type CameraStatus = SupervisedStatus | 'disabled';

export class CameraRunner {
  private supervisor: FfmpegSupervisor | undefined;
  private indexer: SegmentIndexer | undefined;
  private writes: Promise<void> = Promise.resolve();
  private written: { status: string; lastError: string | null };

  constructor(
    readonly spec: CameraSpec,
    private readonly feed: LiveFeed,
    private readonly deps: RunnerDeps,
    current: { status: string; lastError: string | null },
  ) {
    this.written = current;
  }

  get pid(): number | undefined {
    return this.supervisor?.pid;
  }

  get dir(): string {
    return segmentDir(this.deps.mediaRoot, this.spec.workspaceId, this.spec.id);
  }

  async start(startDelayMs: number): Promise<void> {
    const { spec, deps } = this;
    const dir = this.dir;
    await mkdir(dir, { recursive: true });
    const kind = spec.recordingMode === 'motion' ? 'motion' : 'continuous';
    const cam = { cameraId: spec.id, workspaceId: spec.workspaceId, kind } as const;
    if (spec.recordingMode !== 'off') {
      const rec = await reconcileCamera(deps.db, cam, dir, deps.log);
      this.indexer = new SegmentIndexer({ db: deps.db, ...cam, dir, log: deps.log });
      this.indexer.markIndexed(rec.files);
      this.indexer.start();
    }
    // Not connected yet: a status left "online" by a crashed process would be a lie.
    if (this.written.status !== 'offline') this.setStatus('offline', this.written.lastError);
    this.supervisor = new FfmpegSupervisor({
      args: buildFfmpegArgs({
        source: spec.source,
        recordingMode: spec.recordingMode,
        segmentDir: dir,
        segmentSeconds: deps.segmentSeconds,
      }),
      liveFeed: this.feed,
      ffmpegPath: deps.ffmpegPath,
      startDelayMs,
      log: (m) => deps.log(`camera ${spec.id}: ${m}`),
      onStatus: (status, lastError) => this.setStatus(status, lastError),
      onExit: () => void this.indexer?.flush(true),
    });
    this.supervisor.start();
  }

  /** Queues a status write; online/offline transitions also get a camera_events row. */
  setStatus(status: CameraStatus, lastError: string | null): void {
    const prev = this.written;
    if (prev.status === status && prev.lastError === lastError) return;
    this.written = { status, lastError };
    let event: { type: 'online' | 'offline'; detail: string | null } | undefined;
    if (status === 'online' && prev.status !== 'online') event = { type: 'online', detail: null };
    else if (prev.status === 'online') event = { type: 'offline', detail: lastError };
    this.writes = this.writes
      .then(() =>
        writeStatus(this.deps.db, { id: this.spec.id, workspaceId: this.spec.workspaceId }, status, lastError, event),
      )
      .catch((e) => this.deps.log(`camera ${this.spec.id}: status write failed: ${e}`));
  }

  /**
   * Stops ffmpeg, indexes its last complete segment, then writes the final status (none when
   * the camera was deleted).
   */
  async stop(final: { status: CameraStatus; lastError: string | null } | null): Promise<void> {
    await this.supervisor?.stop();
    await this.indexer?.flush(true);
    await this.indexer?.stop();
    if (final) this.setStatus(final.status, final.lastError);
    await this.writes;
  }
}
