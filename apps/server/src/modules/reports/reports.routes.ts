import {
  createReportSchema,
  createReportScheduleSchema,
  createdReportSchema,
  reportRecipientsSchema,
  reportScheduleSchema,
  reportSchedulesListSchema,
  reportSchema,
  reportsListSchema,
  updateReportScheduleSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes, idParams } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { ReportSchedulesService } from './report-schedules.service.ts';
import type { ReportActor, ReportsService } from './reports.service.ts';

const tags = ['reports'];
// Reports are the managers' (owners, managers, admins); a member limited to cameras sees only
// the reports and schedules whose cameras they all reach.
const managers = access.roles('manager', 'admin');

const actor = (req: FastifyRequest): ReportActor => ({
  ...scopedActor(req.session!),
  userId: req.session!.user.id,
  language: req.session!.user.preferences?.language === 'fr' ? 'fr' : 'en',
});

export function reportsRoutes(
  app: FastifyInstance,
  { reports, schedules }: { reports: ReportsService; schedules: ReportSchedulesService },
) {
  const route = apiRoutes(app, tags);

  route.post(
    '/api/v1/reports',
    {
      access: managers,
      summary:
        'Queue a report (uptime, events, storage or alerts) over [from, to) as PDF or CSV, of the cameras the ' +
        'caller sees, one site’s (siteId: the vms plan) or the ones named; written in the caller’s language',
      body: createReportSchema,
      response: createdReportSchema,
      status: 201,
    },
    (req) => reports.create(actor(req), req.body),
  );

  route.get(
    '/api/v1/reports',
    {
      access: managers,
      summary: 'Reports of the workspace, newest first, with their files',
      response: reportsListSchema,
    },
    (req) => reports.list(actor(req)),
  );

  route.object('/api/v1/reports/:id', actor, reports, {
    get: {
      access: managers,
      summary: 'One report: status, progress, and once done a signed, short-lived downloadUrl',
      response: reportSchema,
    },
    remove: { access: managers, summary: 'Delete a report and its file' },
  });

  route.get(
    '/api/v1/reports/:id/download',
    {
      access: managers,
      summary: 'Download a finished report: redirects (302) to a fresh short-lived link',
      params: idParams,
    },
    async (req, reply) => reply.redirect(await reports.download(actor(req), req.params.id), 302),
  );

  route.get(
    '/api/v1/report-schedules',
    { access: managers, summary: 'Report schedules of the workspace', response: reportSchedulesListSchema },
    (req) => schedules.list(actor(req)),
  );

  route.get(
    '/api/v1/report-schedules/recipients',
    {
      access: managers,
      summary: 'Members who may receive scheduled reports, and whether they are limited to some cameras',
      response: reportRecipientsSchema,
    },
    (req) => schedules.recipients(actor(req)),
  );

  route.post(
    '/api/v1/report-schedules',
    {
      access: managers,
      summary:
        'Schedule a report each week (Monday to Monday) or month in the site’s or workspace’s zone, mailed with ' +
        'the file attached to members who may see all its cameras; the first is the period running now',
      body: createReportScheduleSchema,
      response: reportScheduleSchema,
      status: 201,
    },
    (req) => schedules.create(actor(req), req.body),
  );

  route.object('/api/v1/report-schedules/:id', actor, schedules, {
    update: {
      access: managers,
      summary: 'Change a report schedule (recipients are checked again)',
      body: updateReportScheduleSchema,
      response: reportScheduleSchema,
    },
    remove: { access: managers, summary: 'Delete a report schedule (its reports stay)' },
  });
}
