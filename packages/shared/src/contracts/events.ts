import { z } from 'zod';
import { aiLabelSchema } from './ai.ts';
import { isoDate } from './common.ts';

/**
 * Events. `ai.detection` is written by the motion-gated AI pipeline; `storage.pruned`
 * belongs to the workspace rather than one camera (cameraId null).
 */
export * from './event-values.ts';
import {
  ARMED_KINDS,
  DEFAULT_EVENT_SEVERITY,
  EVENT_KINDS,
  EVENT_SEVERITIES,
  EVENT_SOURCES,
  type EventKind,
  type EventSeverity,
} from './event-values.ts';

export const eventSeveritySettingsSchema = z.partialRecord(z.enum(EVENT_KINDS), z.enum(EVENT_SEVERITIES));
export type EventSeveritySettings = z.infer<typeof eventSeveritySettingsSchema>;

export const eventSchema = z.object({
  id: z.string(),
  cameraId: z.string().nullable(),
  kind: z.enum(EVENT_KINDS),
  severity: z.enum(EVENT_SEVERITIES),
  startAt: isoDate,
  /** Null while it lasts (motion in progress, a camera still offline). */
  endAt: isoDate.nullable(),
  armed: z.boolean(),
  /** Names of the camera's motion zones the event touched. */
  zones: z.array(z.string()),
  thumbnailUrl: z.string().nullable(),
  acknowledgedAt: isoDate.nullable(),
  acknowledgedBy: z.string().nullable(),
  note: z.string().nullable(),
  /** Kind-specific facts (a gap's length, what retention removed, an offline camera's error). */
  detail: z.record(z.string(), z.unknown()).nullable(),
  /** Motion and tamper: who saw it (the camera's own analytics, or Vigil's). */
  source: z.enum(EVENT_SOURCES).optional(),
});
export type VigilEvent = z.infer<typeof eventSchema>;

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /api/v1/events: newest first, keyset paged by `startAfter` (the previous page's nextCursor). */
export const eventsQuerySchema = z
  .object({
    cameraId: z.string().uuid().optional(),
    /** The events of a site's cameras. */
    siteId: z.string().uuid().optional(),
    kind: z.enum(EVENT_KINDS).optional(),
    /** AI detections that found this label (detail.labels). */
    label: aiLabelSchema.optional(),
    severity: z.enum(EVENT_SEVERITIES).optional(),
    from: z.string().datetime({ offset: true }).optional(),
    to: z.string().datetime({ offset: true }).optional(),
    acknowledged: boolParam.optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
    startAfter: z.string().max(200).optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: 'must be after from',
    path: ['to'],
  });
export type EventsQuery = z.infer<typeof eventsQuerySchema>;
/** The filter part of a query (what "acknowledge everything matching" takes). */
export const eventFilterSchema = z
  .object({
    cameraId: z.string().uuid().optional(),
    siteId: z.string().uuid().optional(),
    kind: z.enum(EVENT_KINDS).optional(),
    /** AI detections that found this label (detail.labels). */
    label: aiLabelSchema.optional(),
    severity: z.enum(EVENT_SEVERITIES).optional(),
    from: z.string().datetime({ offset: true }).optional(),
    to: z.string().datetime({ offset: true }).optional(),
    acknowledged: z.boolean().optional(),
  })
  .strict();
export type EventFilter = z.infer<typeof eventFilterSchema>;

export const eventPageSchema = z.object({ items: z.array(eventSchema), nextCursor: z.string().nullable() });

export const acknowledgeEventsSchema = z.union([
  z.object({ ids: z.array(z.string().uuid()).min(1).max(500) }).strict(),
  z.object({ filter: eventFilterSchema }).strict(),
]);
export type AcknowledgeEventsInput = z.infer<typeof acknowledgeEventsSchema>;
export const acknowledgeResultSchema = z.object({ acknowledged: z.number() });

export const updateEventSchema = z.object({ note: z.string().trim().max(2000).nullable().optional() }).strict();

/** The alert center: the latest alerts and how many of them this person has not read. */
export const alertCenterSchema = z.object({
  unread: z.number(),
  items: z.array(eventSchema.extend({ read: z.boolean(), cameraName: z.string().nullable() })),
});
export type AlertCenter = z.infer<typeof alertCenterSchema>;
export const markAlertsReadSchema = z.union([
  z.object({ ids: z.array(z.string().uuid()).min(1).max(200) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** The severity an event gets: the camera's setting for its kind, but info while disarmed for ARMED_KINDS. */
export function eventSeverityOf(kind: EventKind, settings: EventSeveritySettings, armed: boolean): EventSeverity {
  if (ARMED_KINDS.includes(kind) && !armed) return 'info';
  return settings[kind] ?? DEFAULT_EVENT_SEVERITY[kind];
}
