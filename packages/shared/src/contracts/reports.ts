import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../constants.ts';
import { isoDate } from './common.ts';
/**
 * Reports (`/manager/reports`, `/vms/reports`). A report covers cameras (per camera, and
 * per site when its cameras belong to sites) over a period: uptime, events per kind, storage, or
 * alerts and their time to acknowledge; rendered as PDF or CSV by a job, downloaded through a
 * signed link. Schedules make one weekly or monthly and mail it to chosen members.
 */
export * from './report-values.ts';
import {
  REPORT_KINDS,
  REPORT_FORMATS,
  REPORT_STATUSES,
  REPORT_FREQUENCIES,
  REPORT_MAX_CAMERAS,
  REPORT_MAX_RECIPIENTS,
} from './report-values.ts';

const instant = z.string().datetime({ offset: true });

export const createReportSchema = z
  .object({
    kind: z.enum(REPORT_KINDS),
    from: instant,
    to: instant,
    /** One site's cameras (the `vms` plan). */
    siteId: z.string().uuid().optional(),
    /** Only these cameras (within the site when one is given); absent = every camera the caller may see. */
    cameraIds: z.array(z.string().uuid()).min(1).max(REPORT_MAX_CAMERAS).optional(),
    format: z.enum(REPORT_FORMATS),
  })
  .strict();
export type CreateReportInput = z.infer<typeof createReportSchema>;

export const createdReportSchema = z.object({ id: z.string(), status: z.enum(REPORT_STATUSES) });

const personRef = z.object({ id: z.string(), displayName: z.string() });

export const reportSchema = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  from: isoDate,
  to: isoDate,
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  /** How many cameras it covers. */
  cameraCount: z.number().int(),
  /** The zone its dates are written in (the site's, else the workspace's) and its language. */
  timeZone: z.string(),
  language: z.enum(SUPPORTED_LANGUAGES),
  status: z.enum(REPORT_STATUSES),
  /** 0–1 while rendering. */
  progress: z.number(),
  bytes: z.number().nullable(),
  /** Signed and short-lived; null until done. */
  downloadUrl: z.string().nullable(),
  /** The file's name when downloaded. */
  fileName: z.string(),
  error: z.string().nullable(),
  /** The schedule that made it, if one did. */
  scheduleId: z.string().nullable(),
  requestedBy: personRef.nullable(),
  createdAt: isoDate,
});
export type Report = z.infer<typeof reportSchema>;
export const reportsListSchema = z.object({
  items: z.array(reportSchema),
  /** The workspace's zone: periods such as "last week" are read on its calendar (a site's report: the site's). */
  timeZone: z.string(),
});

export const createReportScheduleSchema = z
  .object({
    kind: z.enum(REPORT_KINDS),
    format: z.enum(REPORT_FORMATS),
    frequency: z.enum(REPORT_FREQUENCIES),
    /** One site's cameras (the `vms` plan); null or absent = every camera of the workspace. */
    siteId: z.string().uuid().nullable().optional(),
    /** Members of the workspace who may see every camera the report covers. */
    recipientIds: z.array(z.string().uuid()).min(1).max(REPORT_MAX_RECIPIENTS),
  })
  .strict();
export type CreateReportScheduleInput = z.infer<typeof createReportScheduleSchema>;

export const updateReportScheduleSchema = createReportScheduleSchema.partial().strict();
export type UpdateReportScheduleInput = z.infer<typeof updateReportScheduleSchema>;

export const reportRecipientSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.enum(['owner', 'admin', 'manager', 'operator', 'viewer']),
  /** Limited to some cameras or sites: receives only reports whose cameras they all may see. */
  limited: z.boolean(),
});
export type ReportRecipient = z.infer<typeof reportRecipientSchema>;
export const reportRecipientsSchema = z.object({ items: z.array(reportRecipientSchema) });

export const reportScheduleSchema = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  frequency: z.enum(REPORT_FREQUENCIES),
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  /** Its recipients who are still members of the workspace. */
  recipients: z.array(reportRecipientSchema.pick({ id: true, displayName: true, email: true })),
  language: z.enum(SUPPORTED_LANGUAGES),
  /** When the next report's period ends (it is made within the hour after). */
  nextRunAt: isoDate,
  createdBy: personRef.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;
export const reportSchedulesListSchema = z.object({ items: z.array(reportScheduleSchema) });
