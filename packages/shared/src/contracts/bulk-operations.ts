import { z } from 'zod';
import { CAMERA_STATUSES, RECORDING_MODES } from './cameras.ts';
import { isoDate } from './common.ts';
import { siteTagSchema } from './sites.ts';
export * from './bulk-operation-values.ts';
import { BULK_MAX_CAMERA_IDS, BULK_MAX_CAMERAS, BULK_STATUSES } from './bulk-operation-values.ts';

/**
 * Bulk operations (`/vms/bulk-operations`, the `vms` plan, owners and managers). One
 * change applied to many cameras, chosen by ids or by a filter across sites, as a job: each camera
 * through the cameras service, its result recorded as it goes, progress live on the
 * `bulk-operations` topic.
 */

/**
 * The "model" of a camera as Vigil knows it: what the recorder read from its stream, codec and
 * size ("h264 1920x1080"), or "unknown" before it ever connected. Cameras report no make or
 * model over RTSP; codec and resolution are what tells one kind of device from another here.
 */
export function cameraModelOf(c: { codec: string | null; width: number | null; height: number | null }): string {
  const codec = c.codec?.toLowerCase() ?? 'unknown';
  return c.width && c.height ? `${codec} ${c.width}x${c.height}` : codec;
}

export const bulkFilterSchema = z
  .object({
    /** Cameras of any of these sites. */
    siteIds: z.array(z.string().uuid()).max(200).optional(),
    /** With siteIds: also the cameras of no site; alone: only those. */
    withoutSite: z.boolean().optional(),
    /** Cameras whose site carries any of these tags. */
    tags: z.array(siteTagSchema).max(20).optional(),
    /** Any of these statuses. */
    status: z.array(z.enum(CAMERA_STATUSES)).max(CAMERA_STATUSES.length).optional(),
    /** A model (cameraModelOf) or its start: "h264" matches every H.264 camera, "h264 1920x1080" those of that size. */
    model: z.string().trim().min(1).max(40).toLowerCase().optional(),
    /** Part of the camera's name, any case. */
    q: z.string().trim().min(1).max(80).optional(),
  })
  .strict();
export type BulkFilter = z.infer<typeof bulkFilterSchema>;

/** A filter as stored and sent back: the same fields, already normalised (no transforms in answers). */
const bulkFilterViewSchema = z.object({
  siteIds: z.array(z.string()).optional(),
  withoutSite: z.boolean().optional(),
  tags: z.array(z.string()).optional(),
  status: z.array(z.enum(CAMERA_STATUSES)).optional(),
  model: z.string().optional(),
  q: z.string().optional(),
});

/** Motion settings a bulk change may set: masks and zones stay each camera's own (they are drawn on its picture). */
export const bulkMotionSchema = z
  .object({
    enabled: z.boolean().optional(),
    sensitivity: z.number().int().min(1).max(100).optional(),
    minArea: z.number().min(0.05).max(50).optional(),
    minSeconds: z.number().min(0).max(30).optional(),
  })
  .strict()
  .refine((m) => Object.values(m).some((v) => v !== undefined), 'set at least one motion setting');

export const bulkChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('enable') }).strict(),
  z.object({ kind: z.literal('disable') }).strict(),
  z.object({ kind: z.literal('recording-mode'), recordingMode: z.enum(RECORDING_MODES) }).strict(),
  z.object({ kind: z.literal('retention'), retentionDays: z.number().int().min(1).max(3650) }).strict(),
  /** null: no schedule (always armed). */
  z.object({ kind: z.literal('schedule'), scheduleId: z.string().uuid().nullable() }).strict(),
  z.object({ kind: z.literal('motion'), motion: bulkMotionSchema }).strict(),
  /** null: out of any site. */
  z.object({ kind: z.literal('move-to-site'), siteId: z.string().uuid().nullable() }).strict(),
  /** Probes each camera's saved source; changes nothing. */
  z.object({ kind: z.literal('test-connection') }).strict(),
  /**
   * Deleting is final: the caller says how many cameras they mean to delete, and the operation is
   * refused when the selection does not hold exactly that many (a filter that grew meanwhile).
   */
  z.object({ kind: z.literal('delete'), expectedCount: z.number().int().min(1).max(BULK_MAX_CAMERAS) }).strict(),
]);
export type BulkChange = z.infer<typeof bulkChangeSchema>;

export const createBulkOperationSchema = z
  .object({
    cameraIds: z.array(z.string().uuid()).min(1).max(BULK_MAX_CAMERA_IDS).optional(),
    filter: bulkFilterSchema.optional(),
    change: bulkChangeSchema,
  })
  .strict()
  .refine((b) => (b.cameraIds === undefined) !== (b.filter === undefined), {
    message: 'give either cameraIds or filter',
    path: ['cameraIds'],
  });
export type CreateBulkOperationInput = z.infer<typeof createBulkOperationSchema>;

export const bulkPreviewSchema = z.object({ filter: bulkFilterSchema }).strict();
export type BulkPreviewInput = z.infer<typeof bulkPreviewSchema>;

export const bulkCameraSchema = z.object({
  id: z.string(),
  name: z.string(),
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  status: z.enum(CAMERA_STATUSES),
  enabled: z.boolean(),
  recordingMode: z.enum(RECORDING_MODES),
  model: z.string(),
});
export type BulkCamera = z.infer<typeof bulkCameraSchema>;

export const bulkPreviewResultSchema = z.object({
  /** Every camera the filter matches within the caller's access. */
  count: z.number().int(),
  /** The first BULK_PREVIEW_MAX of them, by name. */
  items: z.array(bulkCameraSchema),
  /** The models of the caller's cameras with their counts: what the filter's model can be. */
  models: z.array(z.object({ model: z.string(), count: z.number().int() })),
  /**
   * Sites a filter can name and a camera can move to, by name, with how many of the caller's
   * cameras each holds: every site of the workspace, or for a member limited to some cameras,
   * the sites holding those.
   */
  sites: z.array(z.object({ id: z.string(), name: z.string(), tags: z.array(z.string()), cameras: z.number().int() })),
  /** Every tag of those sites. */
  tags: z.array(z.string()),
});
export type BulkPreviewResult = z.infer<typeof bulkPreviewResultSchema>;

export const createdBulkOperationSchema = z.object({ id: z.string() });

export const bulkProgressSchema = z.object({
  total: z.number().int(),
  /** Cameras with a result (succeeded + failed). */
  processed: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type BulkProgress = z.infer<typeof bulkProgressSchema>;

export const bulkOperationSummarySchema = z.object({
  id: z.string(),
  status: z.enum(BULK_STATUSES),
  change: bulkChangeSchema,
  /** How the cameras were chosen: named, or the filter as given. */
  selection: z.object({ filter: bulkFilterViewSchema.nullable() }),
  progress: bulkProgressSchema,
  /** Why it stopped as a whole (status failed). */
  error: z.string().nullable(),
  createdBy: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  createdAt: isoDate,
  startedAt: isoDate.nullable(),
  finishedAt: isoDate.nullable(),
});
export type BulkOperationSummary = z.infer<typeof bulkOperationSummarySchema>;

export const bulkResultSchema = z.object({
  cameraId: z.string(),
  /** As it was named when the operation was made (a deleted camera keeps its name here). */
  cameraName: z.string(),
  /** null: not reached yet. */
  ok: z.boolean().nullable(),
  /** Why it failed, in words a person can act on. */
  error: z.string().nullable(),
  finishedAt: isoDate.nullable(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const bulkOperationSchema = bulkOperationSummarySchema.extend({
  /** Every camera of the operation, in the order they are applied. */
  results: z.array(bulkResultSchema),
});
export type BulkOperation = z.infer<typeof bulkOperationSchema>;

export const bulkOperationListSchema = z.object({ items: z.array(bulkOperationSummarySchema) });
export type BulkOperationList = z.infer<typeof bulkOperationListSchema>;
