import { createDb } from '@vigil/db';
import { createRealtimeHub, type RealtimeHub } from '../lib/realtime.ts';
import { AppError } from '../lib/app-error.ts';
import { checkTarget } from '../lib/outbound-policy.ts';
import { createSecretBox } from '../lib/secrets.ts';
import { CameraRunner } from './camera-runner.ts';
import { type CameraSpec, toCameraSpec } from './camera-source.ts';
import { LiveFeed } from './live-feed.ts';
import { endLeftoverFfmpeg } from './tied-spawn.ts';
import { createRetention } from './retention.ts';
import { type CameraRow, loadCameras, writeStatus } from './video.repo.ts';

/**
 * The "record" role: one supervised ffmpeg per enabled camera. It follows the cameras module
 * through `cameras.changed` notifications (create, update, delete, enable, disable), so it can
 * run in the server process (npm start) or on its own against the same PostgreSQL.
 */
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
  /** Retention pass over every workspace (60 s); 0 = none on a timer. */
  retentionMs?: number;
  /** After an indexed segment, how long to gather others before checking the plan limits (1 s). */
  retentionPokeMs?: number;
  /** The outbound address policy's loopback switch (ALLOW_LOOPBACK_TARGETS); off by default. */
  allowLoopbackTargets?: boolean;
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
}

export function createRecorder(opts: RecorderOptions): Recorder {
  const { db, pool } = createDb(opts.databaseUrl, 4);
  const secrets = createSecretBox(opts.authSecret);
  const liveFeeds = opts.liveFeeds ?? new Map<string, LiveFeed>();
  const runners = new Map<string, CameraRunner>();
  // One queue per camera: notifications for a camera are applied one after the other.
  const chains = new Map<string, Promise<void>>();
  let hub: RealtimeHub | undefined;
  let resync: NodeJS.Timeout | undefined;
  let stopping = false;
  let nextSlot = 0;
  const retention = createRetention({
    db,
    mediaRoot: opts.mediaRoot,
    log: opts.log,
    intervalMs: opts.retentionMs,
    pokeMs: opts.retentionPokeMs,
  });
  const deps = {
    db,
    mediaRoot: opts.mediaRoot,
    segmentSeconds: opts.segmentSeconds,
    ffmpegPath: opts.ffmpegPath,
    log: opts.log,
    // A new recording can put the workspace over maxRecordings: prune then, not a minute later.
    onIndexed: (workspaceId: string) => retention.poke(workspaceId),
  };

  function enqueue(id: string, fn: () => Promise<void>): Promise<void> {
    const next = (chains.get(id) ?? Promise.resolve())
      .then(fn)
      .catch((e) => opts.log(`camera ${id}: ${e instanceof Error ? e.message : e}`));
    chains.set(id, next);
    return next;
  }

  async function startCamera(row: CameraRow, delayMs: number): Promise<void> {
    let spec: CameraSpec;
    try {
      spec = toCameraSpec(row, secrets);
    } catch {
      const reason = 'Cannot decrypt the camera password (was AUTH_SECRET changed?)';
      if (row.lastError !== reason) await writeStatus(db, row, 'offline', reason);
      return;
    }
    if (spec.source.type !== 'test-pattern') {
      // Checked (and resolved) at every start: the name may point elsewhere than when it was saved.
      // ffmpeg then connects to the checked address, never to a second answer from DNS.
      try {
        const checked = await checkTarget(spec.source.url, { allowLoopback: opts.allowLoopbackTargets ?? false });
        spec = { ...spec, source: { ...spec.source, url: checked.pinnedUrl } };
      } catch (e) {
        const fields = e instanceof AppError ? Object.values(e.fields ?? {}) : [];
        const reason = fields[0] ?? (e instanceof Error ? e.message : String(e));
        if (row.lastError !== reason) await writeStatus(db, row, 'offline', reason);
        return;
      }
    }
    let feed = liveFeeds.get(row.id);
    if (!feed) {
      feed = new LiveFeed();
      liveFeeds.set(row.id, feed);
    }
    const runner = new CameraRunner(spec, feed, deps, { status: row.status, lastError: row.lastError });
    runners.set(row.id, runner);
    await runner.start(delayMs);
  }

  async function apply(id: string, row: CameraRow | undefined, delayMs: number): Promise<void> {
    if (stopping) return;
    const running = runners.get(id);
    if (!row?.enabled) {
      if (running) {
        runners.delete(id);
        await running.stop(row ? { status: 'disabled', lastError: null } : null);
      } else if (row && row.status !== 'disabled') {
        await writeStatus(db, row, 'disabled', null);
      }
      liveFeeds.delete(id);
      return;
    }
    let key: string | undefined;
    try {
      key = toCameraSpec(row, secrets).key;
    } catch {}
    if (running && running.spec.key === key) return;
    if (running) {
      runners.delete(id);
      await running.stop(null);
      // Segment names have 1 s resolution: keep the next run's first file from reusing the last one's name.
      delayMs = Math.max(delayMs, 1000);
    }
    const fresh = running ? (await loadCameras(db, id))[0] : row;
    if (fresh) await startCamera(fresh, delayMs);
  }

  async function resyncAll(): Promise<void> {
    const rows = await loadCameras(db).catch(() => undefined);
    if (!rows || stopping) return;
    const ids = new Set([...rows.map((r) => r.id), ...runners.keys()]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) void enqueue(id, () => apply(id, byId.get(id), 0));
  }

  return {
    liveFeeds,
    async start() {
      // An ffmpeg left by a process that died without stopping it would write the same segment
      // files as the one this start launches: end it first.
      const leftovers = await endLeftoverFfmpeg(opts.mediaRoot);
      if (leftovers.length) opts.log(`ended ${leftovers.length} ffmpeg left running by a previous process`);
      hub = createRealtimeHub(opts.databaseUrl, opts.log);
      hub.subscribe((e) => {
        if (e.topic === 'cameras.changed' && e.id) void this.sync(e.id);
      });
      await hub.start();
      const rows = await loadCameras(db);
      for (const row of rows) {
        const delay = row.enabled ? nextSlot++ * (opts.staggerMs ?? 150) : 0;
        void enqueue(row.id, () => apply(row.id, row, delay));
      }
      await Promise.all(chains.values());
      // A notification lost while the LISTEN connection was down must not leave a camera wrong for good.
      resync = setInterval(() => void resyncAll(), opts.resyncMs ?? 60_000);
      retention.start();
    },
    sync(cameraId) {
      return enqueue(cameraId, async () => apply(cameraId, (await loadCameras(db, cameraId))[0], 0));
    },
    async stop() {
      stopping = true;
      clearInterval(resync);
      await retention.stop();
      await hub?.stop();
      await Promise.all(chains.values());
      const all = [...runners.values()];
      runners.clear();
      await Promise.all(all.map((r) => r.stop({ status: 'offline', lastError: 'Recorder stopped' })));
      await pool.end();
    },
    pidOf: (id) => runners.get(id)?.pid,
    segmentDirOf: (id) => runners.get(id)?.dir,
  };
}
