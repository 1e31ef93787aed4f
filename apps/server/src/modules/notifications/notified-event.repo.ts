import { type DbOrTx, schema } from '@vigil/db';
import type { EventKind, EventSeverity } from '@vigil/shared';
import { eq } from 'drizzle-orm';
import type { NotifiedEvent } from '../../lib/delivery-channel.ts';

const { events, cameras, workspaces } = schema;

/** An event as the channels describe it, with its camera's snooze (null: not snoozed). */
export async function loadNotifiedEvent(
  db: DbOrTx,
  eventId: string,
): Promise<(NotifiedEvent & { snoozedUntil: Date | null }) | undefined> {
  const [row] = await db
    .select({
      event: events,
      cameraName: cameras.name,
      snoozedUntil: cameras.notifySnoozedUntil,
      workspaceName: workspaces.name,
    })
    .from(events)
    .innerJoin(workspaces, eq(workspaces.id, events.workspaceId))
    .leftJoin(cameras, eq(cameras.id, events.cameraId))
    .where(eq(events.id, eventId));
  if (!row) return undefined;
  const e = row.event;
  return {
    id: e.id,
    workspaceId: e.workspaceId,
    workspaceName: row.workspaceName,
    cameraId: e.cameraId,
    cameraName: row.cameraName,
    kind: e.kind as EventKind,
    severity: e.severity as EventSeverity,
    startAt: e.startAt,
    endAt: e.endAt,
    armed: e.armed,
    zones: e.zones,
    thumbnailKey: e.thumbnailKey,
    detail: e.detail ?? null,
    snoozedUntil: row.snoozedUntil,
  };
}
