/**
 * Report kinds, formats, statuses and limits as plain values, without zod: pages import these, and
 * importing them from the contract module would load all of its schemas and zod with them.
 */
export const REPORT_KINDS = ['uptime', 'events', 'storage', 'alerts'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
/** A report covers at most this long a period (a year and a leap day). */
export const REPORT_MAX_DAYS = 366;
/** At most this many cameras named in one request (a site or the whole workspace has no such limit). */
export const REPORT_MAX_CAMERAS = 1000;
/** At most this many people receive one schedule's reports. */
export const REPORT_MAX_RECIPIENTS = 50;
/** A workspace keeps at most this many schedules. */
export const REPORT_MAX_SCHEDULES = 100;
