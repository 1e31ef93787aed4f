import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../../lib/storage.ts';
import type { MailService } from '../mail/mail.service.ts';
import { createReportRenderTask } from './report-render.service.ts';
import { createReportScheduleTasks } from './report-schedule-job.service.ts';
import { createReportSchedulesService } from './report-schedules.service.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';

/**
 * Reports' front doors (issue 13). A serve process: the API (reports and their schedules). The
 * work role: `report-render` (one report into storage), `report-schedules` (hourly: the due
 * periods) and `report-mail` (a scheduled report to its recipients).
 */
export function reportsModule(app: FastifyInstance, deps: { db: Db; storage: Storage }): void {
  reportsRoutes(app, {
    reports: createReportsService(deps),
    schedules: createReportSchedulesService(deps),
  });
}

export function createReportTasks(deps: {
  db: Db;
  storage: Storage;
  mail: MailService;
  publicUrl: string;
  log: (m: string) => void;
}) {
  const render = createReportRenderTask(deps);
  const scheduled = createReportScheduleTasks(deps);
  return {
    'report-render': (p: { id: string }, job: { attempts: number; maxAttempts: number }) => render.run(p.id, job),
    ...scheduled.tasks,
  };
}
