import type { Db } from '@vigil/db';
import { defineModule } from '../../kernel/module.ts';
import type { Storage } from '../../lib/storage.ts';
import type { MailService } from '../mail/mail.module.ts';
import { createReportRenderTask } from './report-render.service.ts';
import { createReportScheduleTasks } from './report-schedule-job.service.ts';
import { createReportSchedulesService } from './report-schedules.service.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';

/**
 * Reports. Serve: the API (reports and their schedules). Work: `report-render` (one report into
 * storage), `report-schedules` (hourly: the due periods) and `report-mail` (a scheduled report to
 * its recipients).
 */
export const reportsModule = defineModule({
  name: 'reports',
  auditActions: [
    'report.created',
    'report.deleted',
    'report-schedule.created',
    'report-schedule.updated',
    'report-schedule.deleted',
  ],
  serve: {
    register: (app, { db, storage }) =>
      reportsRoutes(app, {
        reports: createReportsService({ db, storage }),
        schedules: createReportSchedulesService({ db }),
      }),
  },
  work: {
    needs: ['mail'],
    crontab: ['10 * * * * report-schedules ?max=1&jobKey=report-schedules'],
    start: ({ db, storage, config, log, get }) => ({
      tasks: createReportTasks({ db, storage, mail: get('mail'), publicUrl: config.publicUrl, log }),
    }),
  },
});

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
