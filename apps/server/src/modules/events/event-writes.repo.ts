import type { Db, DbOrTx } from '@vigil/db';
import { schema } from '@vigil/db';
import { DEFAULT_EVENT_SEVERITY, type EventKind, type EventSeverity } from '@vigil/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';

/**
 * The events the recorder writes (motion, outages, gaps, AI detections): the rest of the events
 * module's SQL, beside events.repo.ts (what the API reads and marks). Nothing outside this module
 * writes the table; the recorder goes through event-log.service.ts, which adds what follows a
 * write (the realtime notice, the notification job) in the same transaction.
 */
const { events, cameras, pruneNotices, schedules, workspaces } = schema;

/** What a camera's arming depends on, in one query (the schedule may be none). */
async function armingInputs(db: DbOrTx, cameraId: string) {
  const [row] = await db
    .select({
      eventSeverity: cameras.eventSeverity,
      armOverride: cameras.armOverride,
      armOverrideUntil: cameras.armOverrideUntil,
      scheduleRecording: cameras.scheduleRecording,
      timeZone: workspaces.timeZone,
      ranges: schedules.ranges,
      holidays: schedules.holidays,
    })
    .from(cameras)
    .innerJoin(workspaces, eq(workspaces.id, cameras.workspaceId))
    .leftJoin(schedules, eq(schedules.id, cameras.scheduleId))
    .where(eq(cameras.id, cameraId));
  return row;
}
export type ArmingInputs = NonNullable<Awaited<ReturnType<typeof armingInputs>>>;

export interface EventValues {
  cameraId: string;
  workspaceId: string;
  kind: EventKind;
  severity: EventSeverity;
  armed: boolean;
  startAt: Date;
  endAt: Date | null;
  zones: string[];
  detail: Record<string, unknown> | null;
  thumbnailKey: string | null;
}

export const eventWritesRepo = {
  armingInputs,

  async insert(tx: DbOrTx, v: EventValues): Promise<string> {
    const [row] = await tx.insert(events).values(v).returning({ id: events.id });
    return row!.id;
  },

  async startOf(tx: DbOrTx, id: string): Promise<Date | undefined> {
    const [row] = await tx.select({ startAt: events.startAt }).from(events).where(eq(events.id, id));
    return row?.startAt;
  },

  /** Whether the event got `key` as its picture (it has none yet). */
  async setPictureIfNone(tx: DbOrTx, id: string, key: string): Promise<boolean> {
    const rows = await tx
      .update(events)
      .set({ thumbnailKey: key })
      .where(and(eq(events.id, id), isNull(events.thumbnailKey)))
      .returning({ id: events.id });
    return rows.length > 0;
  },

  async end(tx: DbOrTx, id: string, endAt: Date, zones?: string[]): Promise<void> {
    await tx
      .update(events)
      .set({ endAt, ...(zones ? { zones } : {}) })
      .where(and(eq(events.id, id), isNull(events.endAt)));
  },

  /** Ends the camera's open outage events; how many there were. */
  async endOutages(tx: DbOrTx, cameraId: string, endAt: Date): Promise<number> {
    const r = await tx
      .update(events)
      .set({ endAt })
      .where(and(eq(events.cameraId, cameraId), eq(events.kind, 'camera.offline'), isNull(events.endAt)))
      .returning({ id: events.id });
    return r.length;
  },

  async hasOpenOutage(tx: DbOrTx, cameraId: string): Promise<boolean> {
    const [open] = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.cameraId, cameraId), eq(events.kind, 'camera.offline'), isNull(events.endAt)))
      .limit(1);
    return Boolean(open);
  },

  async endDanglingMotion(db: Db, cameraId: string): Promise<void> {
    await db.execute(
      sql`update events set end_at = start_at where camera_id = ${cameraId} and kind = 'motion' and end_at is null`,
    );
  },

  /** Merges into an AI detection's detail (a description written meanwhile stays). */
  async updateAiDetection(
    tx: DbOrTx,
    ev: { id: string; workspaceId: string },
    patch: {
      detail: Record<string, unknown>;
      zones: string[];
      endAt: Date;
      thumbnailKey?: string;
      severity?: EventSeverity;
    },
  ): Promise<void> {
    await tx
      .update(events)
      .set({
        detail: sql`coalesce(${events.detail}, '{}'::jsonb) || ${JSON.stringify(patch.detail)}::jsonb`,
        zones: patch.zones,
        endAt: patch.endAt,
        ...(patch.thumbnailKey ? { thumbnailKey: patch.thumbnailKey } : {}),
        ...(patch.severity ? { severity: patch.severity } : {}),
      })
      .where(and(eq(events.id, ev.id), eq(events.workspaceId, ev.workspaceId)));
  },

  async setAiDescription(tx: DbOrTx, ev: { id: string; workspaceId: string }, description: string): Promise<void> {
    await tx
      .update(events)
      .set({
        detail: sql`coalesce(${events.detail}, '{}'::jsonb) || jsonb_build_object('description', ${description}::text)`,
      })
      .where(and(eq(events.id, ev.id), eq(events.workspaceId, ev.workspaceId)));
  },
  /**
   * A retention notice as a workspace-wide `storage.pruned` event: one per notice (a day of prunes
   * for one limit is one event that grows, not one per pass).
   */
  async upsertPruned(tx: DbOrTx, n: typeof pruneNotices.$inferSelect): Promise<void> {
    const detail = {
      noticeId: n.id,
      reason: n.reason,
      limit: n.limitValue,
      recordingsRemoved: n.recordingsRemoved,
      bytesRemoved: n.bytesRemoved,
    };
    const updated = await tx
      .update(events)
      .set({ endAt: n.lastAt, detail })
      .where(
        and(
          eq(events.workspaceId, n.workspaceId),
          eq(events.kind, 'storage.pruned'),
          sql`${events.detail}->>'noticeId' = ${n.id}`,
        ),
      )
      .returning({ id: events.id });
    if (updated.length) return;
    await tx.insert(events).values({
      workspaceId: n.workspaceId,
      cameraId: null,
      kind: 'storage.pruned',
      severity: DEFAULT_EVENT_SEVERITY['storage.pruned'],
      startAt: n.firstAt,
      endAt: n.lastAt,
      detail,
    });
  },
};
