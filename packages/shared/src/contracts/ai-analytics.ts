import { z } from 'zod';
import { isoDate } from './common.ts';

/**
 * AI analytics (`/ai/analytics`). The `ai.detection` events of a period: per label per local day, per
 * camera, by local weekday × hour, and the AI analyses used this billing period. A detection event
 * counts once for each label it found (detail.labels), and once in the per-camera and heat-map
 * figures. Days and hours are the workspace's time zone. The same query has a CSV twin.
 */
const bound = z.union([z.string().datetime({ offset: true }), z.iso.date()]);

const aiAnalyticsFields = {
  from: bound.describe('start of the period, inclusive: an ISO 8601 instant, or a date (local midnight)'),
  to: bound.describe('end of the period, exclusive: an ISO 8601 instant, or a date (local midnight)'),
  cameraId: z.string().uuid().optional(),
};

/** GET /api/v1/ai/analytics. */
export const aiAnalyticsQuerySchema = z.object(aiAnalyticsFields).strict();
export type AiAnalyticsQuery = z.infer<typeof aiAnalyticsQuerySchema>;

/** The figures with a CSV: per label per day, per camera, the heat map. */
export const AI_ANALYTICS_CSV_FIGURES = ['labels', 'cameras', 'heatmap'] as const;
export type AiAnalyticsCsvFigure = (typeof AI_ANALYTICS_CSV_FIGURES)[number];

/** GET /api/v1/ai/analytics.csv: which figure (default: per label per day). */
export const aiAnalyticsCsvQuerySchema = z
  .object({ ...aiAnalyticsFields, figure: z.enum(AI_ANALYTICS_CSV_FIGURES).default('labels') })
  .strict();
export type AiAnalyticsCsvQuery = z.infer<typeof aiAnalyticsCsvQuerySchema>;

export const aiAnalyticsSchema = z.object({
  from: isoDate,
  to: isoDate,
  /** The IANA zone days and hours are counted in. */
  timeZone: z.string(),
  /** Detection events of the period. */
  total: z.number(),
  /** Each label found in the period with its count, most first. */
  labels: z.array(z.object({ label: z.string(), count: z.number() })),
  /** Every local day of the period (zeros included): detections per label that day. */
  days: z.array(z.object({ day: z.string(), total: z.number(), counts: z.record(z.string(), z.number()) })),
  /** Every camera covered (the quiet ones too), most detections first. */
  cameras: z.array(z.object({ cameraId: z.string(), name: z.string(), count: z.number() })),
  /** All 168 cells, Monday (1) to Sunday (7) × hour 0–23, local time. */
  heatmap: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), count: z.number() })),
  /** The workspace's AI analyses this billing period and its plan's quota. */
  quota: z.object({ used: z.number(), quota: z.number() }),
});
export type AiAnalytics = z.infer<typeof aiAnalyticsSchema>;
