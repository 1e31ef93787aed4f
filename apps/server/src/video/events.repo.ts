import type { Db, DbOrTx } from '@vigil/db';
import { schema } from '@vigil/db';
import { armingState, type EventKind, type EventSeverity, eventSeverityOf } from '@vigil/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { publish } from '../lib/realtime.ts';
import { enqueue } from '../modules/jobs/jobs.service.ts';

/**
 * The events the recorder writes (issue 9): motion, outages, gaps. Each is weighed when it
 * starts — the camera's severity for the kind and whether it is armed then (its schedule in the
 * workspace's zone, or an arming by hand) — and announced on the `events` topic.
 */
const { events, cameras, schedules, workspaces } = schema;

/** Seconds after an event's start the thumbnail is taken from (the object is in view by then). */
export const THUMBNAIL_OFFSET_MS = 1000;

/** What a camera's arming depends on, in one query (the schedule may be none). */
export async function armingInputs(db: DbOrTx, cameraId: string) {
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

export function armedAt(inputs: ArmingInputs, at: Date): { armed: boolean; until: Date | null } {
  return armingState(
    {
      schedule: inputs.ranges ? { ranges: inputs.ranges, holidays: inputs.holidays ?? [] } : null,
      timeZone: inputs.timeZone,
      override:
        inputs.armOverride !== null && inputs.armOverrideUntil
          ? { armed: inputs.armOverride, until: inputs.armOverrideUntil }
          : null,
    },
    at,
  );
}

export interface NewEvent {
  cameraId: string;
  workspaceId: string;
  kind: EventKind;
  startAt: Date;
  endAt?: Date | null;
  zones?: string[];
  detail?: Record<string, unknown> | null;
  /** Overrides the camera's severity for the kind (an AI detection of no alert label is info). */
  severity?: (weighed: EventSeverity, armed: boolean) => EventSeverity;
  thumbnailKey?: string | null;
}

/** Inserts an event weighed for its camera and moment, and announces it. Returns its id (none if the camera is gone). */
export async function insertEvent(tx: DbOrTx, e: NewEvent): Promise<string | undefined> {
  const inputs = await armingInputs(tx, e.cameraId);
  if (!inputs) return undefined;
  const { armed } = armedAt(inputs, e.startAt);
  const weighed = eventSeverityOf(e.kind, inputs.eventSeverity, armed);
  const [row] = await tx
    .insert(events)
    .values({
      workspaceId: e.workspaceId,
      cameraId: e.cameraId,
      kind: e.kind,
      severity: e.severity ? e.severity(weighed, armed) : weighed,
      startAt: e.startAt,
      endAt: e.endAt ?? null,
      armed,
      zones: e.zones ?? [],
      detail: e.detail ?? null,
      thumbnailKey: e.thumbnailKey ?? null,
    })
    .returning({ id: events.id });
  await publish(tx, { topic: 'events', workspaceId: e.workspaceId, id: row!.id, cameraId: e.cameraId });
  // Who hears about it is decided by the work role, in the same commit as the event (issue 10).
  await enqueue(tx, 'notify-event', { eventId: row!.id }, { maxAttempts: 10 });
  return row!.id;
}

/** Motion started: the event, and its thumbnail job once the footage of that moment is indexed. */
export async function insertMotionEvent(tx: DbOrTx, e: NewEvent): Promise<string | undefined> {
  const id = await insertEvent(tx, { ...e, kind: 'motion' });
  if (id) await queueThumbnail(tx, id, e.startAt);
  return id;
}

export async function queueThumbnail(tx: DbOrTx, eventId: string, startAt: Date): Promise<void> {
  // A segment is indexed when ffmpeg opens the next one: try a few seconds after the moment, then
  // the job's own retries wait for it.
  const runAt = new Date(Math.max(Date.now(), startAt.getTime() + THUMBNAIL_OFFSET_MS) + 3000);
  await enqueue(tx, 'event-thumbnail', { eventId }, { jobKey: `event-thumbnail:${eventId}`, runAt, maxAttempts: 6 });
}

/** Motion ended: its end and every zone it touched. */
export async function endEvent(
  tx: DbOrTx,
  ev: { id: string; workspaceId: string; cameraId: string },
  endAt: Date,
  zones?: string[],
): Promise<void> {
  await tx
    .update(events)
    .set({ endAt, ...(zones ? { zones } : {}) })
    .where(and(eq(events.id, ev.id), isNull(events.endAt)));
  await publish(tx, { topic: 'events', workspaceId: ev.workspaceId, id: ev.id, cameraId: ev.cameraId });
}

/** Ends the camera's open outage events; how many there were. */
export async function endOutages(tx: DbOrTx, cameraId: string, endAt: Date): Promise<number> {
  const r = await tx
    .update(events)
    .set({ endAt })
    .where(and(eq(events.cameraId, cameraId), eq(events.kind, 'camera.offline'), isNull(events.endAt)))
    .returning({ id: events.id });
  return r.length;
}

/**
 * Motion events a crash left open: their real end is unknown, so they end where they began (the
 * clip still has its pre- and post-roll) rather than lasting until the recorder came back.
 */
export async function endDanglingMotion(db: Db, cameraId: string): Promise<void> {
  await db.execute(
    sql`update events set end_at = start_at where camera_id = ${cameraId} and kind = 'motion' and end_at is null`,
  );
}

/**
 * Enabled cameras nobody records: no recorder has held their lease for `graceMs` (every recorder
 * down, or none ever started), and no outage is open for them yet.
 */
export async function unrecordedCameras(db: DbOrTx, graceMs: number) {
  const r = await db.execute<{ id: string; workspace_id: string; since: string }>(sql`
    select c.id, c.workspace_id, coalesce(l.expires_at, c.created_at) as since
    from ${cameras} c left join camera_leases l on l.camera_id = c.id
    where c.enabled
      and coalesce(l.expires_at, c.created_at) < now() - make_interval(secs => ${graceMs / 1000})
      and not exists (select 1 from ${events} e where e.camera_id = c.id and e.kind = 'camera.offline' and e.end_at is null)`);
  return r.rows.map((x) => ({ id: x.id, workspaceId: x.workspace_id, since: new Date(x.since) }));
}

/**
 * Says so for one of them, unless a recorder took it meanwhile: the camera is offline ("no recorder")
 * and an outage event opens from when its lease lapsed; a recorder that takes it later ends both.
 */
export async function markUnrecorded(
  db: Db,
  cam: { id: string; workspaceId: string; since: Date },
  graceMs: number,
  error: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = (
      await tx.execute<{ held: boolean }>(sql`
        select exists (select 1 from camera_leases l where l.camera_id = c.id
                         and l.expires_at >= now() - make_interval(secs => ${graceMs / 1000})) as held
        from ${cameras} c where c.id = ${cam.id} and c.enabled for update of c`)
    ).rows;
    if (!row || row.held) return false;
    await tx
      .update(cameras)
      .set({ status: 'offline', lastError: error, statusChangedAt: new Date() })
      .where(eq(cameras.id, cam.id));
    await insertEvent(tx, {
      cameraId: cam.id,
      workspaceId: cam.workspaceId,
      kind: 'camera.offline',
      startAt: cam.since,
      detail: { error },
    });
    await publish(tx, { topic: 'cameras', workspaceId: cam.workspaceId, id: cam.id });
    return true;
  });
}

/**
 * A better frame for an AI detection (issue 14): its detail merged in (a description written
 * meanwhile stays), its zones, end and picture. When it becomes an alert (an alert label seen
 * after the first detection), it is weighed again as an alert at its start and the notification
 * rules hear about it again, once.
 */
export async function updateAiDetection(
  tx: DbOrTx,
  ev: { id: string; workspaceId: string; cameraId: string },
  patch: { detail: Record<string, unknown>; zones: string[]; endAt: Date; thumbnailKey?: string; becameAlert: boolean },
): Promise<void> {
  let severity: EventSeverity | undefined;
  if (patch.becameAlert) {
    const [row] = await tx.select({ startAt: events.startAt }).from(events).where(eq(events.id, ev.id));
    const inputs = row && (await armingInputs(tx, ev.cameraId));
    if (row && inputs)
      severity = eventSeverityOf('ai.detection', inputs.eventSeverity, armedAt(inputs, row.startAt).armed);
  }
  await tx
    .update(events)
    .set({
      detail: sql`coalesce(${events.detail}, '{}'::jsonb) || ${JSON.stringify(patch.detail)}::jsonb`,
      zones: patch.zones,
      endAt: patch.endAt,
      ...(patch.thumbnailKey ? { thumbnailKey: patch.thumbnailKey } : {}),
      ...(severity ? { severity } : {}),
    })
    .where(and(eq(events.id, ev.id), eq(events.workspaceId, ev.workspaceId)));
  await publish(tx, { topic: 'events', workspaceId: ev.workspaceId, id: ev.id, cameraId: ev.cameraId });
  if (severity === 'alert')
    await enqueue(tx, 'notify-event', { eventId: ev.id }, { jobKey: `notify-event:${ev.id}:alert`, maxAttempts: 10 });
}

/** The vision API's sentence about an AI alert, merged into its detail. */
export async function setAiDescription(
  tx: DbOrTx,
  ev: { id: string; workspaceId: string; cameraId: string },
  description: string,
): Promise<void> {
  await tx
    .update(events)
    .set({
      detail: sql`coalesce(${events.detail}, '{}'::jsonb) || jsonb_build_object('description', ${description}::text)`,
    })
    .where(and(eq(events.id, ev.id), eq(events.workspaceId, ev.workspaceId)));
  await publish(tx, { topic: 'events', workspaceId: ev.workspaceId, id: ev.id, cameraId: ev.cameraId });
}
