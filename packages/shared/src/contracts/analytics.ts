import { z } from 'zod';
import { isoDate } from './common.ts';
import { EVENT_KINDS } from './events.ts';

/**
 * Analytics (`/manager/analytics` on every plan; per site in the VMS area with the `vms`
 * plan). Events counted by day, hour, camera or site; activity by hour of day × weekday; camera
 * uptime and outages; storage growth and days of footage kept. Days and hours are the workspace's
 * time zone (a site's own zone when one site is asked for and it has one). Each figure has a CSV twin.
 */
export const ANALYTICS_GROUP_BY = ['day', 'hour', 'camera', 'site'] as const;
export type AnalyticsGroupBy = (typeof ANALYTICS_GROUP_BY)[number];
/** The longest period one request may cover: a year, leap day included. */
export const ANALYTICS_MAX_DAYS = 366;
/** Outages listed per camera (the latest); the count and the downtime cover every one. */
export const ANALYTICS_OUTAGES_LISTED = 50;

/**
 * A period's bound: an instant (ISO 8601 with its offset), or a local date (`YYYY-MM-DD`) = that
 * day's midnight in the figures' time zone, so a page asks for whole local days without knowing
 * the zone. The service checks from < to and the longest period once both are instants.
 */
const bound = z.union([z.string().datetime({ offset: true }), z.iso.date()]);

const periodFields = {
  from: bound.describe('start of the period, inclusive: an ISO 8601 instant, or a date (local midnight)'),
  to: bound.describe('end of the period, exclusive: an ISO 8601 instant, or a date (local midnight)'),
  siteId: z.string().uuid().optional().describe('one site (the vms plan)'),
  cameraId: z.string().uuid().optional(),
};

/** The period and filters every figure takes. */
export const analyticsQuerySchema = z.object(periodFields).strict();
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** The heat map: also a kind. */
export const analyticsHeatmapQuerySchema = z.object({ ...periodFields, kind: z.enum(EVENT_KINDS).optional() }).strict();
export type AnalyticsHeatmapQuery = z.infer<typeof analyticsHeatmapQuerySchema>;

/** GET /api/v1/analytics/events: also a kind and a grouping. */
export const analyticsEventsQuerySchema = z
  .object({
    ...periodFields,
    kind: z.enum(EVENT_KINDS).optional(),
    groupBy: z.enum(ANALYTICS_GROUP_BY).default('day'),
  })
  .strict();
export type AnalyticsEventsQuery = z.infer<typeof analyticsEventsQuerySchema>;

const periodSchema = {
  from: isoDate,
  to: isoDate,
  /** The IANA zone days and hours are counted in. */
  timeZone: z.string(),
};

/**
 * One bar. `key`: day → `YYYY-MM-DD` (local date); hour → the hour's first instant (ISO, UTC) and
 * `label` its local wall time `YYYY-MM-DD HH:00`; camera → camera id and name; site → site id
 * (null: cameras in no site) and name.
 */
export const analyticsBucketSchema = z.object({ key: z.string().nullable(), label: z.string(), count: z.number() });
export type AnalyticsBucket = z.infer<typeof analyticsBucketSchema>;

export const analyticsEventsSchema = z.object({
  ...periodSchema,
  groupBy: z.enum(ANALYTICS_GROUP_BY),
  total: z.number(),
  buckets: z.array(analyticsBucketSchema),
});
export type AnalyticsEvents = z.infer<typeof analyticsEventsSchema>;

/** All 168 cells, Monday (1) to Sunday (7) × hour 0–23, local time. */
export const analyticsHeatmapSchema = z.object({
  ...periodSchema,
  total: z.number(),
  cells: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), count: z.number() })),
});
export type AnalyticsHeatmap = z.infer<typeof analyticsHeatmapSchema>;

export const analyticsOutageSchema = z.object({
  startAt: isoDate,
  /** Null while the camera is still offline. */
  endAt: isoDate.nullable(),
  /** Within the period. */
  seconds: z.number(),
});
export type AnalyticsOutage = z.infer<typeof analyticsOutageSchema>;

const uptimeFigures = {
  /** The part of the period the camera existed, up to now. */
  observedSeconds: z.number(),
  downSeconds: z.number(),
  /** 0–1; null when nothing of the period was observed (a camera added after it, a period in the future). */
  uptime: z.number().nullable(),
};

export const analyticsUptimeSchema = z.object({
  ...periodSchema,
  overall: z.object(uptimeFigures),
  cameras: z.array(
    z.object({
      cameraId: z.string(),
      name: z.string(),
      siteId: z.string().nullable(),
      ...uptimeFigures,
      outageCount: z.number(),
      /** The latest ANALYTICS_OUTAGES_LISTED, newest first. */
      outages: z.array(analyticsOutageSchema),
    }),
  ),
});
export type AnalyticsUptime = z.infer<typeof analyticsUptimeSchema>;

export const analyticsStorageSchema = z.object({
  ...periodSchema,
  /**
   * The workspace's stored bytes each day of the period (its highest reading; the period's local
   * dates). Null when
   * the figures are narrowed to a site or a camera, or the caller is limited to some cameras: the
   * daily readings are the whole workspace's.
   */
  history: z.array(z.object({ day: z.string(), bytes: z.number() })).nullable(),
  cameras: z.array(
    z.object({
      cameraId: z.string(),
      name: z.string(),
      siteId: z.string().nullable(),
      /** Footage stored now. */
      bytes: z.number(),
      /** The oldest footage kept; null without any. */
      oldestAt: isoDate.nullable(),
      /** Days from the oldest footage kept to now (one decimal); null without any. */
      daysKept: z.number().nullable(),
    }),
  ),
});
export type AnalyticsStorage = z.infer<typeof analyticsStorageSchema>;

/** The figures with a CSV download, by the last part of their route. */
export const ANALYTICS_CSV_FIGURES = ['events', 'heatmap', 'uptime', 'outages', 'storage', 'footage'] as const;
export type AnalyticsCsvFigure = (typeof ANALYTICS_CSV_FIGURES)[number];
