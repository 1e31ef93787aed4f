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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { ReportSchedulesService } from './report-schedules.service.ts';
import type { ReportActor, ReportsService } from './reports.service.ts';

const tags = ['reports'];
const idParams = z.object({ id: z.string().uuid() });
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
  deps: { reports: ReportsService; schedules: ReportSchedulesService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reports, schedules } = deps;

  r.post(
    '/api/v1/reports',
    {
      config: { access: managers },
      schema: {
        tags,
        summary:
          'Queue a report (uptime, events, storage or alerts) over [from, to) as PDF or CSV, of the cameras the ' +
          'caller sees, one site’s (siteId: the vms plan) or the ones named; written in the caller’s language',
        body: createReportSchema,
        response: { 201: createdReportSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await reports.create(actor(req), req.body)),
  );

  r.get(
    '/api/v1/reports',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Reports of the workspace, newest first, with their files',
        response: { 200: reportsListSchema },
      },
    },
    async (req) => reports.list(actor(req)),
  );

  r.get(
    '/api/v1/reports/:id',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'One report: status, progress, and once done a signed, short-lived downloadUrl',
        params: idParams,
        response: { 200: reportSchema },
      },
    },
    async (req) => reports.get(actor(req), req.params.id),
  );

  r.get(
    '/api/v1/reports/:id/download',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Download a finished report: redirects (302) to a fresh short-lived link',
        params: idParams,
      },
    },
    async (req, reply) => reply.redirect(await reports.download(actor(req), req.params.id), 302),
  );

  r.delete(
    '/api/v1/reports/:id',
    {
      config: { access: managers },
      schema: { tags, summary: 'Delete a report and its file', params: idParams },
    },
    async (req, reply) => {
      await reports.remove(actor(req), req.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/v1/report-schedules',
    {
      config: { access: managers },
      schema: { tags, summary: 'Report schedules of the workspace', response: { 200: reportSchedulesListSchema } },
    },
    async (req) => schedules.list(actor(req)),
  );

  r.get(
    '/api/v1/report-schedules/recipients',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Members who may receive scheduled reports, and whether they are limited to some cameras',
        response: { 200: reportRecipientsSchema },
      },
    },
    async (req) => schedules.recipients(actor(req)),
  );

  r.post(
    '/api/v1/report-schedules',
    {
      config: { access: managers },
      schema: {
        tags,
        summary:
          'Schedule a report each week (Monday to Monday) or month in the site’s or workspace’s zone, mailed with ' +
          'the file attached to members who may see all its cameras; the first is the period running now',
        body: createReportScheduleSchema,
        response: { 201: reportScheduleSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await schedules.create(actor(req), req.body)),
  );

  r.patch(
    '/api/v1/report-schedules/:id',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Change a report schedule (recipients are checked again)',
        params: idParams,
        body: updateReportScheduleSchema,
        response: { 200: reportScheduleSchema },
      },
    },
    async (req) => schedules.update(actor(req), req.params.id, req.body),
  );

  r.delete(
    '/api/v1/report-schedules/:id',
    {
      config: { access: managers },
      schema: { tags, summary: 'Delete a report schedule (its reports stay)', params: idParams },
    },
    async (req, reply) => {
      await schedules.remove(actor(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
