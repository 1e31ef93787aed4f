import { type Db, type DbOrTx, lockOwner, refreshUsage, schema, storedBytes } from '@vigil/db';
import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import { publish } from '../lib/realtime.ts';

/**
 * Retention's SQL (retention.ts). Each batch runs in the caller's transaction under the owner
 * lock, so it serialises with insertSegment and reconcile of the same workspace, and recounts usage
 * before it commits. The caller deletes the returned files (and S3 objects) only after the commit: a crash
 * leaves an orphan file or object, never a row pointing at nothing. Segments of protected recordings
 * are never candidates.
 */
const { cameras, pruneNotices, recordings, segments, users, workspaces } = schema;

export type OwnerLimits = Partial<Record<'maxStorage' | 'maxRecordings', unknown>>;

export interface PruneBatch {
  /** Keys of the deleted segments whose bytes are in the media folder, for the caller to unlink after the commit. */
  paths: string[];
  /** Keys of the deleted segments stored in S3 ('s3' rows), for the caller to delete after the commit. */
  objects: string[];
  bytes: number;
  /** Recordings that are gone entirely. */
  recordingsRemoved: number;
  /** Whether another batch may find more to do. */
  more: boolean;
}

const NOTHING: PruneBatch = { paths: [], objects: [], bytes: 0, recordingsRemoved: 0, more: false };

/** Segments a batch deleted, by where their bytes are. */
function byStore(gone: { path: string; bytes: number; store: string }[]) {
  return {
    paths: gone.filter((g) => g.store !== 's3').map((g) => g.path),
    objects: gone.filter((g) => g.store === 's3').map((g) => g.path),
    bytes: gone.reduce((n, g) => n + g.bytes, 0),
  };
}

/** How many segments a batch deleted, wherever they were stored. */
export type PruneNotice = typeof pruneNotices.$inferSelect;
/** A batch as the repository returns it, inside the caller's transaction: and the notice it grew, if any. */
export type PrunedIn = PruneBatch & { notice?: PruneNotice };

export type PruneNoticeReason = 'maxStorage' | 'maxRecordings' | 'diskSpace';

export const removedCount = (b: Pick<PruneBatch, 'paths' | 'objects'>) => b.paths.length + b.objects.length;
/** Prunes of one reason within this window add up in one notice, not one per pass. */
const NOTICE_MERGE_MS = 24 * 3600 * 1000;

/** Every camera's retention setting, grouped by workspace (disabled cameras' footage expires too). */
export async function retentionCameras(db: DbOrTx, workspaceId?: string) {
  return db
    .select({ id: cameras.id, workspaceId: cameras.workspaceId, retentionDays: cameras.retentionDays })
    .from(cameras)
    .where(workspaceId ? eq(cameras.workspaceId, workspaceId) : undefined)
    .orderBy(asc(cameras.workspaceId), asc(cameras.id));
}

/** The owner's limits and usage counters (no lock): the cheap "is a prune due?" check. */
export async function ownerPlan(db: DbOrTx, workspaceId: string) {
  const [row] = await db
    .select({ limits: users.limits, usage: users.usage })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.ownerId, users.id))
    .where(eq(workspaces.id, workspaceId));
  return row;
}

async function lockOwnerLimits(tx: DbOrTx, workspaceId: string): Promise<OwnerLimits | undefined> {
  const [row] = await tx
    .select({ limits: users.limits })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.ownerId, users.id))
    .where(eq(workspaces.id, workspaceId))
    .for('update', { of: users });
  return row?.limits as OwnerLimits | undefined;
}

/**
 * Deletes the given segments except those whose recording is (now) protected: the recordings
 * are locked first, so a protect that raced the candidate query either wins before us or waits.
 * Touched recordings are re-derived; emptied ones are deleted.
 */
export async function removeSegments(
  tx: DbOrTx,
  picked: { id: string; rec: string | null }[],
): Promise<Omit<PruneBatch, 'more'>> {
  const recIds = [...new Set(picked.map((p) => p.rec).filter((r): r is string => r !== null))];
  const open = recIds.length
    ? await tx
        .select({ id: recordings.id })
        .from(recordings)
        .where(and(inArray(recordings.id, recIds), eq(recordings.protected, false)))
        .for('update')
    : [];
  const unprotected = new Set(open.map((r) => r.id));
  const ids = picked.filter((p) => p.rec === null || unprotected.has(p.rec)).map((p) => p.id);
  if (!ids.length) return { paths: [], objects: [], bytes: 0, recordingsRemoved: 0 };
  const gone = await tx
    .delete(segments)
    .where(inArray(segments.id, ids))
    .returning({ path: segments.path, bytes: segments.bytes, store: segments.store });
  const touched = [...unprotected];
  let recordingsRemoved = 0;
  if (touched.length) {
    await tx.execute(sql`
      update ${recordings} r set bytes = s.bytes, start_at = s.start_at, end_at = s.end_at
      from (select recording_id, sum(bytes)::bigint as bytes, min(start_at) as start_at, max(end_at) as end_at
            from ${segments} where recording_id in ${touched} group by recording_id) s
      where r.id = s.recording_id`);
    const emptied = await tx
      .delete(recordings)
      .where(
        and(
          inArray(recordings.id, touched),
          sql`not exists (select 1 from ${segments} where recording_id = ${recordings.id})`,
        ),
      )
      .returning({ id: recordings.id });
    recordingsRemoved = emptied.length;
  }
  return { ...byStore(gone), recordingsRemoved };
}

/** Adds a prune to the reason's notice of the last day, or starts a new notice. */
export async function addNotice(
  tx: DbOrTx,
  workspaceId: string,
  reason: PruneNoticeReason,
  limit: number,
  removed: { recordingsRemoved: number; bytes: number },
): Promise<PruneNotice> {
  const now = new Date();
  const [recent] = await tx
    .select({ id: pruneNotices.id })
    .from(pruneNotices)
    .where(
      and(
        eq(pruneNotices.workspaceId, workspaceId),
        eq(pruneNotices.reason, reason),
        gt(pruneNotices.firstAt, new Date(now.getTime() - NOTICE_MERGE_MS)),
      ),
    )
    .orderBy(desc(pruneNotices.firstAt))
    .limit(1);
  let notice: PruneNotice;
  if (recent) {
    [notice] = (await tx
      .update(pruneNotices)
      .set({
        recordingsRemoved: sql`${pruneNotices.recordingsRemoved} + ${removed.recordingsRemoved}`,
        bytesRemoved: sql`${pruneNotices.bytesRemoved} + ${removed.bytes}`,
        limitValue: limit,
        lastAt: now,
      })
      .where(eq(pruneNotices.id, recent.id))
      .returning()) as [typeof notice];
  } else {
    [notice] = (await tx
      .insert(pruneNotices)
      .values({
        workspaceId,
        reason,
        limitValue: limit,
        recordingsRemoved: removed.recordingsRemoved,
        bytesRemoved: removed.bytes,
        firstAt: now,
        lastAt: now,
      })
      .returning()) as [typeof notice];
  }
  return notice;
}

export async function expiredBatchIn(
  tx: DbOrTx,
  cam: { id: string; workspaceId: string },
  cutoff: Date,
  batch: number,
): Promise<PrunedIn> {
  await lockOwner(tx, cam.workspaceId);
  // start_at < cutoff bounds the range scan of segments_camera_start_idx; end_at decides.
  const picked = await tx
    .select({ id: segments.id, rec: segments.recordingId })
    .from(segments)
    .leftJoin(recordings, eq(recordings.id, segments.recordingId))
    .where(
      and(
        eq(segments.cameraId, cam.id),
        lt(segments.startAt, cutoff),
        lte(segments.endAt, cutoff),
        sql`${recordings.protected} is not true`,
      ),
    )
    .orderBy(asc(segments.startAt))
    .limit(batch);
  const removed = await removeSegments(tx, picked);
  if (removedCount(removed)) await refreshUsage(tx, cam.workspaceId);
  return { ...removed, more: picked.length === batch && removedCount(removed) > 0 };
}

/**
 * maxStorage: deletes the workspace's oldest unprotected segments until what it stores (footage,
 * exports and files: what usage.storageUsed shows) fits in `limitOf(limits).bytes`, at most `batch` a time.
 */
export async function storageBatchIn(
  tx: DbOrTx,
  workspaceId: string,
  limitOf: (limits: OwnerLimits) => { gb: number; bytes: number },
  batch: number,
): Promise<PrunedIn> {
  const limits = await lockOwnerLimits(tx, workspaceId);
  if (!limits) return NOTHING;
  const max = limitOf(limits);
  // Exports and uploaded files count against the limit too, but only footage is ever pruned.
  let excess = (await storedBytes(tx, workspaceId)) - max.bytes;
  if (excess <= 0) return NOTHING;
  const candidates = await tx
    .select({ id: segments.id, rec: segments.recordingId, bytes: segments.bytes })
    .from(segments)
    .leftJoin(recordings, eq(recordings.id, segments.recordingId))
    .where(and(eq(segments.workspaceId, workspaceId), sql`${recordings.protected} is not true`))
    .orderBy(asc(segments.startAt))
    .limit(batch);
  const picked: typeof candidates = [];
  for (const c of candidates) {
    if (excess <= 0) break;
    picked.push(c);
    // A segment outside any recording is not in the total: deleting it frees nothing counted.
    if (c.rec) excess -= c.bytes;
  }
  const removed = await removeSegments(tx, picked);
  if (!removedCount(removed)) return NOTHING;
  const notice = await addNotice(tx, workspaceId, 'maxStorage', max.gb, removed);
  await refreshUsage(tx, workspaceId);
  return { ...removed, more: excess > 0 && candidates.length === batch, notice };
}

/**
 * maxRecordings: deletes the workspace's oldest unprotected recordings, whole, while there are
 * more than `limitOf(limits)`; a batch holds as many as fit in about `batch` segments (at least one).
 */
export async function recordingsBatchIn(
  tx: DbOrTx,
  workspaceId: string,
  limitOf: (limits: OwnerLimits) => number,
  batch: number,
): Promise<PrunedIn> {
  const limits = await lockOwnerLimits(tx, workspaceId);
  if (!limits) return NOTHING;
  const max = limitOf(limits);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(recordings)
    .where(eq(recordings.workspaceId, workspaceId));
  const excess = (count?.n ?? 0) - max;
  if (excess <= 0) return NOTHING;
  const victims = await tx
    .select({
      id: recordings.id,
      segs: sql<number>`(select count(*)::int from ${segments} where recording_id = ${recordings.id})`,
    })
    .from(recordings)
    .where(and(eq(recordings.workspaceId, workspaceId), eq(recordings.protected, false)))
    .orderBy(asc(recordings.startAt))
    .limit(Math.min(excess, 100))
    .for('update');
  const ids: string[] = [];
  let segs = 0;
  for (const v of victims) {
    if (ids.length && segs + v.segs > batch) break;
    ids.push(v.id);
    segs += v.segs;
  }
  if (!ids.length) return NOTHING;
  const gone = await tx
    .delete(segments)
    .where(inArray(segments.recordingId, ids))
    .returning({ path: segments.path, bytes: segments.bytes, store: segments.store });
  await tx.delete(recordings).where(inArray(recordings.id, ids));
  const removed = { ...byStore(gone), recordingsRemoved: ids.length };
  const notice = await addNotice(tx, workspaceId, 'maxRecordings', max, removed);
  await refreshUsage(tx, workspaceId);
  return { ...removed, more: excess > ids.length, notice };
}

/** Tells the workspace's recordings pages, once per pass, that a plan limit removed footage. */
export async function announcePruned(db: Db, workspaceId: string): Promise<void> {
  await publish(db, { topic: 'recordings', workspaceId });
}

/** A pass that pruned for the plan also grew its storage.pruned event: the events pages hear it once. */
export async function announcePruneEvent(db: Db, workspaceId: string): Promise<void> {
  await publish(db, { topic: 'events', workspaceId });
}
