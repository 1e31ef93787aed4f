import type { VigilModule } from './kernel/module.ts';
import { accountsModule } from './modules/accounts/accounts.module.ts';
import { adminModule } from './modules/admin/admin.module.ts';
import { aiAnalyticsModule } from './modules/ai-analytics/ai-analytics.module.ts';
import { aiModule } from './modules/ai/ai.module.ts';
import { analyticsModule } from './modules/analytics/analytics.module.ts';
import { apiKeysModule } from './modules/api-keys/api-keys.module.ts';
import { auditModule } from './modules/audit/audit.module.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { billingModule } from './modules/billing/billing.module.ts';
import { bulkOperationsModule } from './modules/bulk-operations/bulk-operations.module.ts';
import { cameraImportModule } from './modules/camera-import/camera-import.module.ts';
import { camerasModule } from './modules/cameras/cameras.module.ts';
import { dashboardModule } from './modules/dashboard/dashboard.module.ts';
import { eventsModule } from './modules/events/events.module.ts';
import { exportsModule } from './modules/exports/exports.module.ts';
import { functionsModule } from './modules/functions/functions.module.ts';
import { healthModule } from './modules/health/health.module.ts';
import { jobsModule } from './modules/jobs/jobs.module.ts';
import { liveModule } from './modules/live/live.module.ts';
import { mailModule } from './modules/mail/mail.module.ts';
import { metricsModule } from './modules/metrics/metrics.module.ts';
import { onvifModule } from './modules/onvif/onvif.module.ts';
import { notificationsModule } from './modules/notifications/notifications.module.ts';
import { realtimeModule } from './modules/realtime/realtime.module.ts';
import { recordingsModule } from './modules/recordings/recordings.module.ts';
import { reportsModule } from './modules/reports/reports.module.ts';
import { schedulesModule } from './modules/schedules/schedules.module.ts';
import { securityModule } from './modules/security/security.module.ts';
import { segmentsModule } from './modules/segments/segments.module.ts';
import { sitesModule } from './modules/sites/sites.module.ts';
import { smsModule } from './modules/sms/sms.module.ts';
import { storageModule } from './modules/storage/storage.module.ts';
import { tasksModule } from './modules/tasks/tasks.module.ts';
import { teamModule } from './modules/team/team.module.ts';

/**
 * Every module of the server: the one list a new module is added to. The serve role (app.ts)
 * registers their routes in this order — auth first (its hook resolves each request's session),
 * security next (its two-factor requirement needs that session) — and the work role (work.ts)
 * starts their work parts. Services are made on first use, so providers may come in any order.
 */
export const MODULES: readonly VigilModule[] = [
  authModule,
  securityModule,
  accountsModule,
  adminModule,
  onvifModule,
  camerasModule,
  teamModule,
  functionsModule,
  storageModule,
  realtimeModule,
  recordingsModule,
  exportsModule,
  eventsModule,
  schedulesModule,
  jobsModule,
  smsModule,
  apiKeysModule,
  auditModule,
  billingModule,
  tasksModule,
  cameraImportModule,
  sitesModule,
  bulkOperationsModule,
  reportsModule,
  analyticsModule,
  dashboardModule,
  aiAnalyticsModule,
  liveModule,
  aiModule,
  notificationsModule,
  mailModule,
  segmentsModule,
  healthModule,
  metricsModule,
];
