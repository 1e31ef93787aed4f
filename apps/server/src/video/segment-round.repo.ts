import { type DbOrTx, schema } from '@vigil/db';
import { sql } from 'drizzle-orm';
import {
  attachment,
  type NewSegment,
  type OpenRecording,
  overlapBounds,
  recordingOf,
  type SegmentGap,
  type WriteFence,
} from './video.repo.ts';

const { recordings, segments } = schema;

const param = (values: unknown[]) => sql.param(values);

/**
 * A round of segments (segment-index-batch.ts) indexed with a handful of statements, whatever its
 * size: the leases, the paths, the overlaps, the open recordings, their extension, the new
 * recordings and the segments, each asked once for the whole round. Per segment, indexSegment asks
 * six; on a 2-core machine each round trip cost the recorder ~0.3 CPU-ms of its own (the write
 * system call waking PostgreSQL, pg and drizzle), the largest part of its Node time (decision 0027).
 *
 * It takes the common case only: one segment per camera, each written by its lease's holder (or
 * outside the lease system), none indexed yet, none landing on footage already indexed. For any
 * other round it writes nothing and returns null, and the caller indexes the segments one by one in
 * the same transaction. `tx` is the round's transaction, the owner's row already locked.
 */
export async function indexRound(
  tx: DbOrTx,
  items: readonly { seg: NewSegment; fence?: WriteFence }[],
): Promise<{ gaps: (SegmentGap | undefined)[] } | null> {
  const segs = items.map((i) => i.seg);
  const cameraIds = segs.map((s) => s.cameraId);
  if (new Set(cameraIds).size !== segs.length || items.some((i) => i.fence === null)) return null;
  if (!(await holdsEvery(tx, items))) return null;
  const indexed = await tx.execute(
    sql`select 1 from ${segments} where path = any(${param(segs.map((s) => s.path))}::text[]) limit 1`,
  );
  if (indexed.rows.length) return null;
  if (await anyOverlapsPrimary(tx, segs)) return null;

  const open = await openRecordings(tx, cameraIds);
  const plans = segs.map((seg) => ({ seg, ...attachment(open.get(seg.cameraId), seg, 'holder') }));
  const extended = plans.filter((p) => p.extend);
  if (extended.length)
    await tx.execute(sql`
      update ${recordings} r set end_at = greatest(r.end_at, v.end_at), bytes = r.bytes + v.bytes, updated_at = now()
      from unnest(${param(extended.map((p) => open.get(p.seg.cameraId)!.id))}::uuid[],
                  ${param(extended.map((p) => p.seg.endAt.toISOString()))}::timestamptz[],
                  ${param(extended.map((p) => p.seg.bytes))}::bigint[]) as v(id, end_at, bytes)
      where r.id = v.id`);
  const started = plans.filter((p) => !p.extend);
  const startedIds = new Map<string, string>();
  if (started.length) {
    const rows = await tx
      .insert(recordings)
      .values(started.map(({ seg }) => recordingOf(seg)))
      .returning({ id: recordings.id, cameraId: recordings.cameraId });
    for (const r of rows) startedIds.set(r.cameraId, r.id);
  }
  await tx.insert(segments).values(
    plans.map(({ seg, extend }) => ({
      ...seg,
      recordingId: extend ? open.get(seg.cameraId)!.id : startedIds.get(seg.cameraId)!,
    })),
  );
  return { gaps: plans.map((p) => p.gap) };
}

/** Whether every fenced camera's lease is still held under its fence (each row kept FOR SHARE). */
async function holdsEvery(tx: DbOrTx, items: readonly { seg: NewSegment; fence?: WriteFence }[]): Promise<boolean> {
  const fenced = items.filter((i) => i.fence);
  if (!fenced.length) return true;
  const held = await tx.execute(sql`
    select l.camera_id from camera_leases l
    join unnest(${param(fenced.map((i) => i.seg.cameraId))}::uuid[],
                ${param(fenced.map((i) => i.fence!.holderId))}::uuid[],
                ${param(fenced.map((i) => i.fence!.epoch))}::bigint[]) as f(camera_id, holder_id, epoch)
      on l.camera_id = f.camera_id and l.holder_id = f.holder_id and l.epoch = f.epoch
    where l.expires_at > now()
    for share of l`);
  return held.rows.length === fenced.length;
}

/** Whether any segment lands on primary footage of its camera already indexed (overlapsPrimary's test). */
async function anyOverlapsPrimary(tx: DbOrTx, segs: readonly NewSegment[]): Promise<boolean> {
  const bounds = segs.map(overlapBounds);
  const r = await tx.execute(sql`
    select 1 from ${segments} s
    join unnest(${param(segs.map((s) => s.cameraId))}::uuid[],
                ${param(bounds.map((b) => b.startAfter))}::timestamptz[],
                ${param(bounds.map((b) => b.startBefore))}::timestamptz[],
                ${param(bounds.map((b) => b.endAfter))}::timestamptz[]) as v(camera_id, start_after, start_before, end_after)
      on s.camera_id = v.camera_id
    where not s.copy and s.start_at > v.start_after and s.start_at < v.start_before and s.end_at > v.end_after
    limit 1`);
  return r.rows.length > 0;
}

/** Each camera's latest recording, locked as indexSegment locks it (FOR UPDATE). */
async function openRecordings(tx: DbOrTx, cameraIds: readonly string[]): Promise<Map<string, OpenRecording>> {
  const r = await tx.execute<{ id: string; camera_id: string; kind: string; start_ms: number; end_ms: number }>(sql`
    select r.id, r.camera_id, r.kind,
      floor(extract(epoch from r.start_at) * 1000)::float8 as start_ms,
      floor(extract(epoch from r.end_at) * 1000)::float8 as end_ms
    from unnest(${param([...cameraIds])}::uuid[]) as c(id)
    cross join lateral (
      select * from ${recordings} where camera_id = c.id order by end_at desc limit 1 for update
    ) r`);
  return new Map(
    r.rows.map((row) => [
      row.camera_id,
      { id: row.id, kind: row.kind, startAt: new Date(row.start_ms), endAt: new Date(row.end_ms) },
    ]),
  );
}
