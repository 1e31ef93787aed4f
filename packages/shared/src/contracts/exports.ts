import { z } from 'zod';
import { isoDate } from './common.ts';
export * from './export-values.ts';
import { EXPORT_FORMATS } from './export-values.ts';

/** Exports contract: a clip of one camera cut from recorded footage, downloaded as MP4. */

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
