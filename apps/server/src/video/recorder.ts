import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createDb } from '@vigil/db';
import { DISK_GUARD_DEFAULTS } from '@vigil/shared';
import { LEASE_RELEASED_TOPIC, shareInputs } from '../cluster/cluster.repo.ts';
import { LeaseKeeper } from '../cluster/lease-keeper.ts';
import { createRealtimeHub, type RealtimeHub } from '../lib/realtime.ts';
import { createAnalyser } from '../modules/ai/ai.module.ts';
import { createLocalDetector } from '../ai/local-detector.ts';
import { ffmpegTools } from './ffmpeg-binaries.ts';
import { createSecretBox } from '../lib/secrets.ts';
import { CameraRunner } from './camera-runner.ts';
import { type CameraSpec, pinSourceAddresses, toCameraSpec } from './camera-source.ts';
import { LiveFeed } from './live-feed.ts';
import { SegmentIndexBatch } from './segment-index-batch.ts';
import { ScheduleRecording } from './schedule-recording.ts';
import { writerTag } from './paths.ts';
import { endLeftoverFfmpeg } from './tied-spawn.ts';
import { enqueue as enqueueJob } from '../modules/jobs/jobs.module.ts';
import { createRetention } from './retention.ts';
import { createDiskGuard } from './disk-guard.ts';
import { createSegmentUploader } from './segment-upload.ts';
import { keyAuditChain } from '../modules/audit/audit.module.ts';
import { writeStatus } from './camera-writes.ts';
import { type CameraRow, loadCameras } from './video.repo.ts';
import { CameraEvents } from './camera-events.ts';
import { createOnvifService } from '../modules/onvif/onvif.module.ts';

/**
 * The "record" role: one supervised ffmpeg per enabled camera this process holds the lease of
 * (cluster/lease-keeper.ts: cameras spread evenly over the live recorders, and move when one
 * stops or dies). It follows the cameras module through `cameras.changed` notifications (create,
 * update, delete, enable, disable), so it can run in the server process (npm start) or on its
 * own, beside other recorders, against the same PostgreSQL.
 */
import type { Recorder, RecorderOptions } from './recorder-options.ts';
import { CameraQueue } from './camera-queue.ts';
import { createRecorderPipes } from './recorder-pipes.ts';

export type { Recorder, RecorderOptions };

/** How long after a failed camera start it is tried again (sooner than the minute's resync). */
const START_RETRY_MS = 5000;

export function createRecorder(opts: RecorderOptions): Recorder {
  const { db, pool } = createDb(opts.databaseUrl, 4);
  // The leases on a connection of their own: with hundreds of cameras writing motion events,
  // statuses and segments, the lease round waited for the shared pool past the leases' expiry
  // (256 cameras: leases lapsed, cameras dropped and were claimed again, statuses never written).
  const leases = createDb(opts.databaseUrl, 1);
  const secrets = createSecretBox(opts.authSecret);
  // Retention and the disk guard audit what they delete, in a process that may serve nothing.
  keyAuditChain(opts.authSecret);
  const analyser = createAnalyser({
    db,
    secrets,
    policy: { allowLoopback: opts.allowLoopbackTargets ?? false },
    ffmpegPath: () => opts.ffmpegPath ?? ffmpegTools().ffmpeg.path,
    // The built-in detector only where AI runs (main.ts gives `ai`); started on the first local analysis.
    localDetector: opts.ai && (opts.ai.localDetector ?? (() => createLocalDetector())),
  });
  const liveFeeds = opts.liveFeeds ?? new Map<string, LiveFeed>();
  const runners = new Map<string, CameraRunner>();
  /** Cameras that record on their schedule: re-applied when it next changes. */
  const schedules = new ScheduleRecording(db, (id) => void applyLatest(id, 0));
  // One queue per camera: notifications for a camera are applied one after the other.
  const queue = new CameraQueue(opts.log, opts.startRetryMs ?? START_RETRY_MS);
  const enqueue = (id: string, fn: () => Promise<void>) => queue.enqueue(id, fn);
  let hub: RealtimeHub | undefined;
  let resync: NodeJS.Timeout | undefined;
  let stopping = false;
  // The camera's own (ONVIF) events, for the cameras this recorder holds: beside their runners.
  const cameraEvents = new CameraEvents({
    db,
    onvif: createOnvifService({ policy: { allowLoopback: opts.allowLoopbackTargets ?? false }, secrets }),
    fence: (id) => keeper.fence(id) ?? null,
    log: opts.log,
    timing: opts.cameraEventsTiming,
  });
  let nextSlot = 0;
  const uploader = opts.footage && createSegmentUploader({ db, storage: opts.footage, log: opts.log });
  const retention = createRetention({
    db,
    mediaRoot: opts.mediaRoot,
    footage: opts.footage,
    log: opts.log,
    intervalMs: opts.retentionJobs ? 0 : opts.retentionMs,
    pokeMs: opts.retentionPokeMs,
    dispatch: opts.retentionJobs
      ? (workspaceId) =>
          enqueueJob(db, 'retention-workspace', { workspaceId }, { jobKey: `retention:${workspaceId}`, maxAttempts: 5 })
      : undefined,
  });
  const keeper: LeaseKeeper = new LeaseKeeper({
    db: leases.db,
    node: {
      id: opts.nodeId ?? randomUUID(),
      roles: opts.roles ?? ['record'],
      internalUrl: opts.internalUrl ?? 'http://127.0.0.1',
      hostname: hostname(),
      pid: process.pid,
    },
    ttlMs: opts.leaseTtlMs,
    renewMs: opts.leaseRenewMs,
    onAcquired: (lease) => {
      const delay = starting ? nextSlot++ * (opts.staggerMs ?? 150) : 0;
      void applyLatest(lease.cameraId, delay);
    },
    // Lost while we were cut off: stop without a word (the camera is another recorder's now).
    onLost: (cameraId) => void enqueue(cameraId, () => stopRunner(cameraId, null)),
    onSurplus: (cameraId) =>
      void enqueue(cameraId, async () => {
        await stopRunner(cameraId, null);
        await keeper.release(cameraId);
      }),
    log: opts.log,
  });
  // Keeps the media folder's disk from filling: cameras stop (with the reason as their status) while it must.
  const guard = createDiskGuard({
    db,
    mediaRoot: opts.mediaRoot,
    nodeId: keeper.nodeId,
    defaults: opts.diskGuard?.defaults ?? DISK_GUARD_DEFAULTS,
    intervalMs: opts.diskGuard?.intervalMs,
    onPause: (reason) => {
      // Running cameras stop at once, even with the database out of reach; the others get the status.
      if (reason)
        for (const id of runners.keys())
          void enqueue(id, () => stopRunner(id, { status: 'offline', lastError: reason }));
      void resyncAll();
    },
    log: opts.log,
  });
  const guarding = opts.diskGuard?.enabled !== false;
  const pipes = createRecorderPipes(() => opts.ffmpegPath ?? ffmpegTools().ffmpeg.path, opts.log);
  let starting = true;
  const deps = {
    db,
    mediaRoot: opts.mediaRoot,
    segmentSeconds: opts.segmentSeconds,
    ffmpegPath: opts.ffmpegPath,
    log: opts.log,
    // A new recording can put the workspace over maxRecordings: prune then, not a minute later.
    onIndexed: (workspaceId: string) => {
      retention.poke(workspaceId);
      if (guarding) guard.poke();
    },
    lease: {
      fence: (cameraId: string) => keeper.fence(cameraId),
      holds: (cameraId: string) => keeper.holds(cameraId),
      formerMayStillWrite: (cameraId: string) => keeper.formerMayStillWrite(cameraId),
    },
    sink: uploader,
    indexBatch: new SegmentIndexBatch(db),
    offlineGraceMs: opts.offlineGraceMs,
    keyframeDecoders: pipes.motion,
    eventPictures: opts.storage && { jpegs: pipes.eventPictures, storage: opts.storage },
    ai: opts.ai && {
      db,
      analyser,
      storage: opts.storage,
      ffmpegPath: opts.ffmpegPath ?? ffmpegTools().ffmpeg.path,
      jpegs: pipes.aiFrames,
      log: opts.log,
    },
  };

  async function stopRunner(
    id: string,
    final: { status: 'disabled' | 'offline'; lastError: string | null } | null,
  ): Promise<void> {
    const running = runners.get(id);
    if (!running) return;
    runners.delete(id);
    await running.stop(final);
    liveFeeds.delete(id);
  }

  async function startCamera(row: CameraRow, delayMs: number, allowed: boolean): Promise<void> {
    let spec: CameraSpec;
    try {
      spec = toCameraSpec(row, secrets, allowed);
    } catch {
      const reason = 'Cannot decrypt the camera password (was AUTH_SECRET changed?)';
      if (row.lastError !== reason) await writeStatus(db, row, 'offline', reason);
      return;
    }
    const pinned = await pinSourceAddresses(spec, opts.allowLoopbackTargets ?? false);
    if ('refused' in pinned) {
      if (row.lastError !== pinned.refused) await writeStatus(db, row, 'offline', pinned.refused);
      return;
    }
    spec = pinned.spec;
    let feed = liveFeeds.get(row.id);
    if (!feed) {
      feed = new LiveFeed();
      liveFeeds.set(row.id, feed);
    }
    const runner = new CameraRunner(spec, feed, deps, { status: row.status, lastError: row.lastError });
    runners.set(row.id, runner);
    try {
      await runner.start(delayMs);
    } catch (e) {
      // A start that failed half way (no pool connection in time while many cameras start at
      // once, the disk) must not stay in `runners`: apply would take it for a running ffmpeg
      // and the camera would stay leased and "offline" with no error. It is tried again.
      runners.delete(row.id);
      await runner.stop(null).catch(() => undefined);
      throw e;
    }
  }

  /**
   * Applies the camera's row as it is now. A failure (the database busy while many cameras start,
   * the disk) is logged by enqueue and tried again shortly while this recorder holds the camera.
   */
  function applyLatest(id: string, delayMs: number): Promise<void> {
    return enqueue(id, async () => {
      try {
        await apply(id, (await loadCameras(db, id))[0], delayMs);
      } catch (e) {
        queue.retryLater(id, () => {
          if (!stopping && keeper.holds(id)) void applyLatest(id, 0);
        });
        throw e;
      }
    });
  }

  async function apply(id: string, row: CameraRow | undefined, delayMs: number): Promise<void> {
    if (stopping) return;
    cameraEvents.sync(id, row?.enabled && keeper.holds(id) ? row : undefined);
    const running = runners.get(id);
    if (!row?.enabled) {
      if (running) {
        await stopRunner(id, row ? { status: 'disabled', lastError: null } : null);
      } else if (row && row.status !== 'disabled') {
        await writeStatus(db, row, 'disabled', null, undefined, 'disabled');
      }
      schedules.forget(id);
      liveFeeds.delete(id);
      // A disabled camera is nobody's: free its lease so the share counts only cameras that record.
      if (keeper.fence(id)) await keeper.release(id);
      return;
    }
    if (!keeper.holds(id)) {
      // Another recorder's camera (or one we are handing back): not ours to start.
      await stopRunner(id, null);
      return;
    }
    const paused = guard.pausedReason();
    if (paused) {
      if (running) await stopRunner(id, { status: 'offline', lastError: paused });
      else if (row.lastError !== paused) await writeStatus(db, row, 'offline', paused, keeper.fence(id));
      return;
    }
    const allowed = await schedules.allowed(row);
    let spec: CameraSpec | undefined;
    try {
      spec = toCameraSpec(row, secrets, allowed);
    } catch {}
    // A run tags its files with the epoch it started under: a lease taken anew needs a new run.
    const sameRun = running && running.writer === writerTag(keeper.fence(id)?.epoch);
    if (running && sameRun && spec && running.spec.key === spec.key) {
      // Same ffmpeg; zones, masks or sensitivity may have changed.
      running.updateMotion({ ...spec, source: running.spec.source, motion: running.spec.motion });
      return;
    }
    if (running) {
      runners.delete(id);
      await running.stop(null);
      // Segment names have 1 s resolution: keep the next run's first file from reusing the last one's name.
      delayMs = Math.max(delayMs, 1000);
    }
    const fresh = running ? (await loadCameras(db, id))[0] : row;
    if (fresh) await startCamera(fresh, delayMs, allowed);
  }

  async function resyncAll(): Promise<void> {
    const rows = await loadCameras(db).catch(() => undefined);
    if (!rows || stopping) return;
    // Only our own cameras: the others belong to their holders.
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of new Set([...runners.keys(), ...rows.filter((r) => keeper.fence(r.id)).map((r) => r.id)]))
      void enqueue(id, () => apply(id, byId.get(id), 0));
  }

  return {
    liveFeeds,
    async start() {
      // An ffmpeg left by a process that died without stopping it would write the same segment
      // files as the one this start launches: end it first.
      const leftovers = await endLeftoverFfmpeg(opts.mediaRoot);
      if (leftovers.length) opts.log(`ended ${leftovers.length} ffmpeg left running by a previous process`);
      // Before any camera starts: a disk already full of protected footage starts none.
      if (guarding) await guard.start();
      hub = createRealtimeHub(opts.databaseUrl, opts.log);
      hub.subscribe((e) => {
        if (e.topic === 'cameras.changed' && e.id) void this.sync(e.id);
        // Handed back by a recorder that stops or sheds its surplus: the next round claims it now.
        if (e.topic === LEASE_RELEASED_TOPIC) keeper.poke();
      });
      await hub.start();
      // Disabled cameras still say "disabled" (no lease is taken for them).
      for (const row of await loadCameras(db))
        if (!row.enabled && row.status !== 'disabled') void enqueue(row.id, () => apply(row.id, row, 0));
      await keeper.start();
      await queue.settled();
      starting = false;
      // A notification lost while the LISTEN connection was down must not leave a camera wrong for good.
      resync = setInterval(() => void resyncAll(), opts.resyncMs ?? 60_000);
      retention.start();
      // Leftovers of cameras no runner here holds (e.g. moved to another recorder meanwhile).
      void uploader?.sweep(opts.mediaRoot, (dir) => [...runners.values()].some((r) => r.dir === dir));
    },
    sync(cameraId) {
      // A new or re-enabled camera: claim it now rather than at the next round.
      if (!keeper.fence(cameraId)) keeper.poke();
      return applyLatest(cameraId, 0);
    },
    async stop() {
      stopping = true;
      clearInterval(resync);
      queue.stop();
      await cameraEvents.stop();
      schedules.stop();
      await guard.stop();
      await keeper.stop();
      await retention.stop();
      await hub?.stop();
      await queue.settled();
      // With other recorders alive the cameras move to them within a second: no "offline" for that.
      const others = await shareInputs(db)
        .then((s) => s.recorders - 1)
        .catch(() => 0);
      const final = others > 0 ? null : ({ status: 'offline', lastError: 'Recorder stopped' } as const);
      const all = [...runners.entries()];
      runners.clear();
      await Promise.all(
        all.map(async ([id, r]) => {
          await r.stop(final);
          await keeper.release(id);
        }),
      );
      await keeper.leave();
      pipes.stop();
      // The last segments the runners just closed get a few seconds to reach the bucket.
      await uploader?.stop();
      await opts.footage?.close();
      await analyser.close();
      await opts.storage?.close();
      await pool.end();
      await leases.pool.end();
    },
    pidOf: (id) => runners.get(id)?.pid,
    segmentDirOf: (id) => runners.get(id)?.dir,
    nodeId: keeper.nodeId,
    cameraCount: () => keeper.count,
    healthy: () => keeper.valid(),
    uploadBacklog: () => uploader?.backlog() ?? { segments: 0, bytes: 0 },
  };
}
