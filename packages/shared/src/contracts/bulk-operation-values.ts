/**
 * Bulk change kinds, statuses and limits as plain values, without zod: pages import these, and
 * importing them from the contract module would load all of its schemas and zod with them.
 */
/** Named ids travel in the body (64 KB): 1,000 of them is 39 KB. */
export const BULK_MAX_CAMERA_IDS = 1000;
/** A filter may select at most this many cameras in one operation. */
export const BULK_MAX_CAMERAS = 5000;
/** The preview's first page. */
export const BULK_PREVIEW_MAX = 500;
/** GET /api/v1/bulk-operations: the most recent ones. */
export const BULK_RECENT_MAX = 50;
export const BULK_CHANGE_KINDS = [
  'enable',
  'disable',
  'recording-mode',
  'retention',
  'schedule',
  'motion',
  'move-to-site',
  'test-connection',
  'delete',
] as const;
export type BulkChangeKind = (typeof BULK_CHANGE_KINDS)[number];
/** queued → running → done; failed: stopped as a whole (its creator lost access), the rest not applied. */
export const BULK_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];
