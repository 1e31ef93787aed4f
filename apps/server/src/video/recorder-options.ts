import type { DiskGuardSettings } from '@vigil/shared';
import type { S3Storage, Storage } from '../lib/storage.ts';
import type { LocalDetectorFront } from '../modules/ai/ai.module.ts';
import type { PullPointTiming } from '../modules/onvif/onvif.module.ts';
import type { LiveFeed } from './live-feed.ts';
import type { UploadBacklog } from './segment-upload.ts';

/** What the record role is given (main.ts, tests, benches) and what it offers (recorder.ts). */
export interface RecorderOptions {
  databaseUrl: string;
  /** path.join(config.dataDir, 'media') */
  mediaRoot: string;
  authSecret: string;
  /** Shared with the HTTP app (live view); the recorder adds and removes feeds. */
  liveFeeds?: Map<string, LiveFeed>;
  segmentSeconds?: number;
  /** Gap between camera starts, so a restart does not hit every camera at the same instant. */
  staggerMs?: number;
  ffmpegPath?: string;
  /** Full re-read of the cameras table, in case a notification was missed (60 s). */
  resyncMs?: number;
  /** After a camera's start failed (the database busy, the disk), when it is tried again (5 s). */
  startRetryMs?: number;
  /** Retention pass over every workspace (60 s); 0 = none on a timer. */
  retentionMs?: number;
  /** After an indexed segment, how long to gather others before checking the plan limits (1 s). */
  retentionPokeMs?: number;
  /**
   * Retention runs on the job queue (`work` processes): no sweep here, and a workspace a new
   * segment put over its limits is handed to the queue instead of pruned in this process.
   */
  retentionJobs?: boolean;
  /** The outbound address policy's loopback switch (ALLOW_LOOPBACK_TARGETS); off by default. */
  allowLoopbackTargets?: boolean;
  /** The camera's own events: the PullPoint's lifetimes and pauses (tests shorten them). */
  cameraEventsTiming?: Partial<PullPointTiming>;
  /** How other processes reach this one's live feeds (config.internalUrl). */
  internalUrl?: string;
  /** This recorder's node id (main.ts keeps it in the data folder); random otherwise. */
  nodeId?: string;
  /** The process's roles, as registered in vigil_nodes. */
  roles?: readonly string[];
  /** Lease timing (tests shorten them). */
  leaseTtlMs?: number;
  leaseRenewMs?: number;
  /**
   * With S3 configured: footage goes to this bucket and mediaRoot is only the upload buffer
   * (segment-upload.ts). The recorder closes it when it stops.
   */
  footage?: S3Storage;
  /**
   * The app's storage: motion events' pictures (the keyframe that started each, encoded here) and
   * AI detections' pictures are kept in it. The recorder closes it when it stops.
   */
  storage?: Storage;
  /** AI detection while motion lasts, with the built-in detector's front when this server has one. */
  ai?: { localDetector?: () => LocalDetectorFront };
  /** How long a camera may stay unreachable before it is an outage event (tests shorten it). */
  offlineGraceMs?: number;
  /**
   * The disk guard (video/disk-guard.ts): its threshold until an administrator saves one, how often
   * it checks (1 s), and `enabled: false` to run without it (a benchmark's baseline).
   */
  diskGuard?: { defaults?: DiskGuardSettings; intervalMs?: number; enabled?: boolean };
  log(msg: string): void;
}

export interface Recorder {
  liveFeeds: Map<string, LiveFeed>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Re-reads one camera and starts, restarts or stops its ffmpeg to match. */
  sync(cameraId: string): Promise<void>;
  /** The running ffmpeg of a camera (tests). */
  pidOf(cameraId: string): number | undefined;
  segmentDirOf(cameraId: string): string | undefined;
  /** This recorder's id in vigil_nodes (the holder named by its leases). */
  nodeId: string;
  /** Cameras this recorder holds now. */
  cameraCount(): number;
  /** Its leases were confirmed by the database within their lifetime (readiness). */
  healthy(): boolean;
  /** Closed segments still waiting for their upload to S3 (zero without S3): the coordinator's metric. */
  uploadBacklog(): UploadBacklog;
}
