import { rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@vigil/db';
import { effectiveLimits } from '@vigil/shared';
import {
  announcePruneEvent,
  announcePruned,
  type OwnerLimits,
  type PruneBatch,
  ownerPlan,
  pruneExpiredBatch,
  pruneRecordingsBatch,
  pruneStorageBatch,
  removedCount,
  retentionCameras,
} from './retention.repo.ts';
import { AppError } from '../lib/app-error.ts';
import type { S3Storage } from '../lib/storage.ts';

/**
 * Retention: (a) each camera's retentionDays, (b) the owner's limits.maxStorage (GB),
 * (c) limits.maxRecordings — oldest first, protected recordings never. Only indexed segments are
 * candidates, so the file ffmpeg is still writing (indexed once it is closed) is never touched.
 * Work goes in batches of one transaction each, so 16 cameras × 30 days of 10 s segments never
 * means one huge delete; (b) and (c) leave a notice the recordings page shows.
 */

const DAY_MS = 86_400_000;
/** Rows per transaction: short owner locks, so the indexer of the same workspace is never held up long. */
export const RETENTION_BATCH = 500;
/** Files unlinked (or objects deleted) at once after a batch commits. */
const UNLINK_CONCURRENCY = 16;

type RetentionCamera = Awaited<ReturnType<typeof retentionCameras>>[number];

export interface PruneOptions {
  mediaRoot: string;
  /** The bucket of 's3' segments (S3 configured); without it their objects cannot be deleted and are logged. */
  footage?: S3Storage;
  log(msg: string): void;
  now?: Date;
  batch?: number;
  /** Run (a) too; the prompt pass after a new recording only needs the limits. */
  days?: boolean;
  /** The workspace's cameras, when the caller has them already. */
  cameras?: RetentionCamera[];
  /** Checked between batches: a stopping recorder does not wait for a long backlog. */
  stopped?(): boolean;
}

export interface PruneResult {
  /** Segments removed by (a), (b), (c). */
  expired: number;
  storage: number;
  recordings: number;
  recordingsRemoved: number;
  bytes: number;
}

/** Deletes a pruned segment's file and its cached thumbnails; a file already gone is fine. */
export async function deleteSegmentFiles(mediaRoot: string, rels: string[], log: (m: string) => void): Promise<void> {
  const root = path.resolve(mediaRoot);
  let failed = 0;
  const one = async (rel: string) => {
    const abs = path.resolve(root, rel);
    if (!abs.startsWith(`${root}${path.sep}`)) return; // an index row never points outside; refuse anyway
    await unlink(abs).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') failed++;
    });
    await rm(`${abs}.thumbs`, { recursive: true, force: true }).catch(() => failed++);
  };
  for (let i = 0; i < rels.length; i += UNLINK_CONCURRENCY) {
    await Promise.all(rels.slice(i, i + UNLINK_CONCURRENCY).map(one));
  }
  if (failed) log(`retention: ${failed} file(s) under ${root} could not be deleted; they are no longer indexed`);
}

/** Deletes pruned segments' objects from the bucket (their rows are gone already); a missing one is fine. */
export async function deleteSegmentObjects(
  footage: S3Storage | undefined,
  keys: string[],
  log: (m: string) => void,
): Promise<void> {
  if (!footage) {
    log(`retention: ${keys.length} S3 object(s) are no longer indexed, but S3 is not configured here to delete them`);
    return;
  }
  let failed = 0;
  const one = (key: string) =>
    footage.delete(key).catch((e) => {
      if (!(e instanceof AppError && e.code === 'not-found')) failed++;
    });
  for (let i = 0; i < keys.length; i += UNLINK_CONCURRENCY) {
    await Promise.all(keys.slice(i, i + UNLINK_CONCURRENCY).map(one));
  }
  if (failed) log(`retention: ${failed} S3 object(s) could not be deleted; they are no longer indexed`);
}

export async function pruneWorkspace(db: Db, workspaceId: string, opts: PruneOptions): Promise<PruneResult> {
  const batch = opts.batch ?? RETENTION_BATCH;
  const stopped = opts.stopped ?? (() => false);
  const result: PruneResult = { expired: 0, storage: 0, recordings: 0, recordingsRemoved: 0, bytes: 0 };

  /** Runs batches until one says it is done; each batch's files go after its commit. */
  async function drain(step: () => Promise<PruneBatch>, key: 'expired' | 'storage' | 'recordings') {
    for (;;) {
      if (stopped()) return;
      const b = await step();
      await deleteSegmentFiles(opts.mediaRoot, b.paths, opts.log);
      if (b.objects.length) await deleteSegmentObjects(opts.footage, b.objects, opts.log);
      result[key] += removedCount(b);
      result.recordingsRemoved += b.recordingsRemoved;
      result.bytes += b.bytes;
      if (!b.more) return;
    }
  }

  if (opts.days !== false) {
    const now = (opts.now ?? new Date()).getTime();
    const cams = opts.cameras ?? (await retentionCameras(db, workspaceId));
    for (const cam of cams) {
      const cutoff = new Date(now - cam.retentionDays * DAY_MS);
      await drain(() => pruneExpiredBatch(db, cam, cutoff, batch), 'expired');
    }
  }
  const beforeLimits = { ...result };
  // The limits are read inside each batch, under the owner lock: a plan change mid-pass counts at once.
  const storageLimit = (l: OwnerLimits) => {
    const e = effectiveLimits(l);
    return { gb: e.maxStorageGb, bytes: e.maxStorageBytes };
  };
  await drain(() => pruneStorageBatch(db, workspaceId, storageLimit, batch), 'storage');
  const countLimit = (l: OwnerLimits) => effectiveLimits(l).maxRecordings;
  await drain(() => pruneRecordingsBatch(db, workspaceId, countLimit, batch), 'recordings');

  if (result.storage || result.recordings) {
    await announcePruned(db, workspaceId);
    await announcePruneEvent(db, workspaceId);
    const whole = result.recordingsRemoved - beforeLimits.recordingsRemoved;
    const bytes = result.bytes - beforeLimits.bytes;
    opts.log(
      `retention: workspace ${workspaceId}: plan limits removed ${result.storage + result.recordings} segments` +
        ` (${whole} whole recordings, ${bytes} bytes)`,
    );
  }
  return result;
}

export interface RetentionOptions {
  db: Db;
  mediaRoot: string;
  footage?: S3Storage;
  log(msg: string): void;
  /** Full pass over every workspace (60 s); 0 = no timer (tests run passes themselves). */
  intervalMs?: number;
  /** After a segment is indexed, how long to gather others before checking the limits (1 s). */
  pokeMs?: number;
  batch?: number;
  /** A workspace over its limits is handed here (the job queue) instead of pruned in this process. */
  dispatch?(workspaceId: string): Promise<void>;
}

export interface Retention {
  /** Runs a first pass now, then one every intervalMs. */
  start(): void;
  stop(): Promise<void>;
  /** A segment of this workspace was indexed: prune at once if that put it over a plan limit. */
  poke(workspaceId: string): void;
  /** One full pass (queued behind any running one). */
  runAll(): Promise<void>;
}

/** Passes never overlap: one chain per process, a full pass queued at most once. */
export function createRetention(opts: RetentionOptions): Retention {
  const { db, log } = opts;
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pokeTimer: NodeJS.Timeout | undefined;
  let fullQueued: Promise<void> | undefined;
  const poked = new Set<string>();
  const queued = new Set<string>();
  const pruneOpts = {
    mediaRoot: opts.mediaRoot,
    footage: opts.footage,
    log,
    batch: opts.batch,
    stopped: () => stopped,
  };

  const run = (fn: () => Promise<void>) => {
    chain = chain.then(fn).catch((e) => log(`retention: ${e instanceof Error ? e.message : e}`));
    return chain;
  };

  function runAll(): Promise<void> {
    fullQueued ??= run(async () => {
      fullQueued = undefined;
      const cams = await retentionCameras(db);
      const byWorkspace = new Map<string, RetentionCamera[]>();
      for (const c of cams) byWorkspace.set(c.workspaceId, [...(byWorkspace.get(c.workspaceId) ?? []), c]);
      for (const [workspaceId, cameras] of byWorkspace) {
        if (stopped) return;
        // One workspace's failure (a full disk, a lock timeout) must not starve the others.
        await pruneWorkspace(db, workspaceId, { ...pruneOpts, cameras }).catch((e) =>
          log(`retention: workspace ${workspaceId}: ${e instanceof Error ? e.message : e}`),
        );
      }
    });
    return fullQueued;
  }

  // The usage counters are exact (insertSegment recounts them), so one row read per workspace
  // tells whether a prune is due; storageUsed is rounded to the MB, the timer catches the rest.
  async function checkPoked(): Promise<void> {
    const list = [...poked];
    poked.clear();
    for (const workspaceId of list) {
      const plan = await ownerPlan(db, workspaceId);
      if (!plan || stopped || queued.has(workspaceId)) continue;
      const max = effectiveLimits(plan.limits);
      const usage = plan.usage as Partial<Record<'recordingsCount' | 'storageUsed', number>>;
      if ((usage.recordingsCount ?? 0) <= max.maxRecordings && (usage.storageUsed ?? 0) <= max.maxStorageGb) continue;
      if (opts.dispatch) {
        await opts.dispatch(workspaceId);
        continue;
      }
      queued.add(workspaceId);
      void run(async () => {
        queued.delete(workspaceId);
        await pruneWorkspace(db, workspaceId, { ...pruneOpts, days: false });
      });
    }
  }

  return {
    start() {
      if (opts.intervalMs === 0) return;
      void runAll();
      timer = setInterval(() => void runAll(), opts.intervalMs ?? 60_000);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(pokeTimer);
      await chain;
    },
    poke(workspaceId) {
      if (stopped) return;
      poked.add(workspaceId);
      pokeTimer ??= setTimeout(() => {
        pokeTimer = undefined;
        void checkPoked().catch((e) => log(`retention: ${e instanceof Error ? e.message : e}`));
      }, opts.pokeMs ?? 1000);
    },
    runAll,
  };
}
