import { type DbOrTx, schema } from '@vigil/db';
import type { EventFilter } from '@vigil/shared';
import { type SQL, and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type CameraScope, cameraInScope, rowCameraInScope } from '../../lib/camera-scope.ts';
import { NEWEST_FIRST } from './events-order.ts';

const { events, cameras, alertReadMarks, alertReads } = schema;

export type EventRow = typeof events.$inferSelect;

/** Keyset position: the last row's start (full precision, as PostgreSQL prints it) and id. */
export interface EventCursor {
  startAt: string;
  id: string;
}

/** The caller's events: their workspace's, of cameras within their scope (or of no camera: workspace-wide). */
export interface EventsOf {
  workspaceId: string;
  cameraIds: CameraScope;
}

const own = (of: EventsOf) =>
  and(eq(events.workspaceId, of.workspaceId), rowCameraInScope(events.cameraId, of.cameraIds))!;

function filterSql(of: EventsOf, f: EventFilter): SQL {
  const parts: (SQL | undefined)[] = [own(of)];
  if (f.cameraId) parts.push(eq(events.cameraId, f.cameraId));
  if (f.siteId)
    parts.push(
      sql`${events.cameraId} in (select ${cameras.id} from ${cameras} where ${cameras.workspaceId} = ${of.workspaceId} and ${cameras.siteId} = ${f.siteId})`,
    );
  if (f.kind) parts.push(eq(events.kind, f.kind));
  if (f.severity) parts.push(eq(events.severity, f.severity));
  if (f.label) parts.push(sql`${events.kind} = 'ai.detection' and ${events.detail} -> 'labels' ? ${f.label}`);
  if (f.from) parts.push(sql`${events.startAt} >= ${f.from}::timestamptz`);
  if (f.to) parts.push(sql`${events.startAt} < ${f.to}::timestamptz`);
  if (f.acknowledged === true) parts.push(isNotNull(events.acknowledgedAt));
  if (f.acknowledged === false) parts.push(isNull(events.acknowledgedAt));
  return and(...parts)!;
}

export const eventsRepo = {
  /** Newest first by (start_at, id): an index range scan whatever the table's size. */
  async list(db: DbOrTx, of: EventsOf, f: EventFilter, limit: number, after?: EventCursor) {
    const where = after
      ? and(
          filterSql(of, f),
          sql`(${events.startAt}, ${events.id}) < (${after.startAt}::timestamptz, ${after.id}::uuid)`,
        )
      : filterSql(of, f);
    const rows = await db
      .select({ e: events, sortText: sql<string>`${events.startAt}::text` })
      .from(events)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      rows: page.map((r) => r.e),
      next: rows.length > limit && last ? { startAt: last.sortText, id: last.e.id } : null,
    };
  },

  async get(db: DbOrTx, of: EventsOf, id: string): Promise<EventRow | undefined> {
    const [row] = await db
      .select()
      .from(events)
      .where(and(eq(events.id, id), own(of)));
    return row;
  },

  async getById(db: DbOrTx, id: string): Promise<EventRow | undefined> {
    const [row] = await db.select().from(events).where(eq(events.id, id));
    return row;
  },

  /** Acknowledges the unacknowledged among these ids (the caller's events only). */
  async acknowledgeIds(db: DbOrTx, of: EventsOf, ids: string[], by: string): Promise<number> {
    const r = await db
      .update(events)
      .set({ acknowledgedAt: new Date(), acknowledgedBy: by })
      .where(and(own(of), inArray(events.id, ids), isNull(events.acknowledgedAt)))
      .returning({ id: events.id });
    return r.length;
  },

  /** Acknowledges every unacknowledged event matching the filter, in one statement. */
  async acknowledgeMatching(db: DbOrTx, of: EventsOf, f: EventFilter, by: string): Promise<number> {
    const r = await db.execute(
      sql`update ${events} set acknowledged_at = now(), acknowledged_by = ${by}, updated_at = now()
          where ${filterSql(of, { ...f, acknowledged: false })}`,
    );
    return r.rowCount ?? 0;
  },

  async setNote(db: DbOrTx, of: EventsOf, id: string, note: string | null): Promise<EventRow | undefined> {
    const [row] = await db
      .update(events)
      .set({ note })
      .where(and(eq(events.id, id), own(of)))
      .returning();
    return row;
  },

  async cameraExists(db: DbOrTx, of: EventsOf, cameraId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: cameras.id })
      .from(cameras)
      .where(
        and(eq(cameras.id, cameraId), eq(cameras.workspaceId, of.workspaceId), cameraInScope(cameras.id, of.cameraIds)),
      );
    return Boolean(row);
  },

  async markAllRead(db: DbOrTx, userId: string, workspaceId: string): Promise<void> {
    const now = new Date();
    await db
      .insert(alertReadMarks)
      .values({ userId, workspaceId, readThrough: now })
      .onConflictDoUpdate({ target: [alertReadMarks.userId, alertReadMarks.workspaceId], set: { readThrough: now } });
    // Individual reads before the mark say nothing more.
    await db.execute(sql`delete from ${alertReads} r using ${events} e
      where r.user_id = ${userId} and r.event_id = e.id and e.workspace_id = ${workspaceId}`);
  },

  async markRead(db: DbOrTx, userId: string, of: EventsOf, ids: string[]): Promise<void> {
    const found = await db
      .select({ id: events.id })
      .from(events)
      .where(and(own(of), inArray(events.id, ids)));
    if (!found.length) return;
    await db
      .insert(alertReads)
      .values(found.map((o) => ({ userId, eventId: o.id })))
      .onConflictDoNothing();
  },
};
