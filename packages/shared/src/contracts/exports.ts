import { z } from 'zod';
import { isoDate } from './common.ts';

/** Exports contract: a clip of one camera cut from recorded footage, downloaded as MP4. */

/** One export covers at most this long: it is copied, never re-encoded, but still fills the disk. */
export const EXPORT_MAX_SECONDS = 3600;

/**
 * 'recorded': the footage as the camera sent it, copied (its SHA-256 is the evidence's); 'h264':
 * converted to H.264 so any player plays it (an H.265 camera's footage, for one).
 */
export const EXPORT_FORMATS = ['recorded', 'h264'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const createExportSchema = z.object({
  cameraId: z.string().uuid(),
  from: z.string().max(40),
  to: z.string().max(40),
  format: z.enum(EXPORT_FORMATS).default('recorded'),
});
export type CreateExportInput = z.infer<typeof createExportSchema>;

export const exportStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);
export type ExportStatus = z.infer<typeof exportStatusSchema>;

export const exportSchema = z.object({
  id: z.string().uuid(),
  cameraId: z.string().uuid(),
  from: isoDate,
  to: isoDate,
  status: exportStatusSchema,
  format: z.enum(EXPORT_FORMATS),
  progress: z.number(),
  bytes: z.number().nullable(),
  sha256: z.string().nullable(),
  /** Signed and short-lived; only when done. */
  downloadUrl: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: isoDate,
});
export type Export = z.infer<typeof exportSchema>;

export const exportsListSchema = z.object({ items: z.array(exportSchema) });
export const createdExportSchema = z.object({ id: z.string().uuid(), status: exportStatusSchema });
