import type { Db, DbOrTx } from '@vigil/db';
import { type EventKind, type EventSeverity, armingState, eventSeverityOf } from '@vigil/shared';
import { publish } from '../../lib/realtime.ts';
import { enqueue } from '../jobs/jobs.module.ts';
import { type ArmingInputs, eventWritesRepo as repo } from './event-writes.repo.ts';

/**
 * The events the recorder writes (motion, outages, gaps, AI detections), as the events module
 * offers them to video/. Each is weighed when it starts — the camera's severity for the kind and
 * whether it is armed then (its schedule in the workspace's zone, or an arming by hand) — and
 * announced on the `events` topic; who hears about it is decided by the work role, from a job
 * queued in the same transaction as the event.
 */

/** Seconds after an event's start the thumbnail is taken from (the object is in view by then). */
export const THUMBNAIL_OFFSET_MS = 1000;

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

/** Whether a camera is armed at `at` and until when (undefined: the camera is gone). */
export async function armingAt(db: DbOrTx, cameraId: string, at: Date) {
  const inputs = await repo.armingInputs(db, cameraId);
  return inputs && armedAt(inputs, at);
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

interface EventRef {
  id: string;
  workspaceId: string;
  cameraId: string;
}

const announce = (tx: DbOrTx, ev: EventRef) =>
  publish(tx, { topic: 'events', workspaceId: ev.workspaceId, id: ev.id, cameraId: ev.cameraId });

/** Inserts an event weighed for its camera and moment, and announces it. Returns its id (none if the camera is gone). */
export async function insertEvent(tx: DbOrTx, e: NewEvent): Promise<string | undefined> {
  const inputs = await repo.armingInputs(tx, e.cameraId);
  if (!inputs) return undefined;
  const { armed } = armedAt(inputs, e.startAt);
  const weighed = eventSeverityOf(e.kind, inputs.eventSeverity, armed);
  const id = await repo.insert(tx, {
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
  });
  await announce(tx, { id, workspaceId: e.workspaceId, cameraId: e.cameraId });
  await enqueue(tx, 'notify-event', { eventId: id }, { maxAttempts: 10 });
  return id;
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

/** Where an event's own picture is kept in the workspace's storage. */
export const eventPictureKey = (workspaceId: string, eventId: string) =>
  `workspaces/${workspaceId}/events/${eventId}.jpg`;

/**
 * The picture of an event (already in storage under `key`), announced, unless it has one: the
 * recorder's picture of the keyframe that started the motion and the thumbnail job's picture from
 * the footage may both come, and an AI detection's picture with its boxes is never replaced.
 */
export async function setEventPicture(tx: DbOrTx, ev: EventRef, key: string): Promise<boolean> {
  const set = await repo.setPictureIfNone(tx, ev.id, key);
  if (set) await announce(tx, ev);
  return set;
}

/** Motion ended: its end and every zone it touched. */
export async function endEvent(tx: DbOrTx, ev: EventRef, endAt: Date, zones?: string[]): Promise<void> {
  await repo.end(tx, ev.id, endAt, zones);
  await announce(tx, ev);
}

/** Ends the camera's open outage events; how many there were. */
export const endOutages = (tx: DbOrTx, cameraId: string, endAt: Date) => repo.endOutages(tx, cameraId, endAt);

/** Whether the camera has an outage open (one at a time). */
export const hasOpenOutage = (tx: DbOrTx, cameraId: string) => repo.hasOpenOutage(tx, cameraId);

/**
 * Motion events a crash left open: their real end is unknown, so they end where they began (the
 * clip still has its pre- and post-roll) rather than lasting until the recorder came back.
 */
export const endDanglingMotion = (db: Db, cameraId: string) => repo.endDanglingMotion(db, cameraId);

/**
 * A better frame for an AI detection: its detail merged in (a description written meanwhile
 * stays), its zones, end and picture. When it becomes an alert (an alert label seen after the
 * first detection), it is weighed again as an alert at its start and the notification rules hear
 * about it again, once.
 */
export async function updateAiDetection(
  tx: DbOrTx,
  ev: EventRef,
  patch: { detail: Record<string, unknown>; zones: string[]; endAt: Date; thumbnailKey?: string; becameAlert: boolean },
): Promise<void> {
  let severity: EventSeverity | undefined;
  if (patch.becameAlert) {
    const startAt = await repo.startOf(tx, ev.id);
    const inputs = startAt && (await repo.armingInputs(tx, ev.cameraId));
    if (startAt && inputs)
      severity = eventSeverityOf('ai.detection', inputs.eventSeverity, armedAt(inputs, startAt).armed);
  }
  const { becameAlert: _, ...rest } = patch;
  await repo.updateAiDetection(tx, ev, { ...rest, severity });
  await announce(tx, ev);
  if (severity === 'alert')
    await enqueue(tx, 'notify-event', { eventId: ev.id }, { jobKey: `notify-event:${ev.id}:alert`, maxAttempts: 10 });
}

/** The vision API's sentence about an AI alert, merged into its detail. */
export async function setAiDescription(tx: DbOrTx, ev: EventRef, description: string): Promise<void> {
  await repo.setAiDescription(tx, ev, description);
  await announce(tx, ev);
}

/** Retention removed footage for a plan limit: its notice's `storage.pruned` event grows (or starts). */
export const recordPruned = (tx: DbOrTx, notice: Parameters<typeof repo.upsertPruned>[1]) =>
  repo.upsertPruned(tx, notice);
