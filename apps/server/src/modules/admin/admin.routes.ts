import {
  adminDashboardSchema,
  diskGuardSettingsSchema,
  installationAlertsSchema,
  listQuerySchema,
  outboxMessageSchema,
  pageSchema,
  userDocSchema,
} from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { access } from '../../plugins/access.ts';
import type { AccountsService } from '../accounts/accounts.module.ts';
import type { MailService } from '../mail/mail.module.ts';
import type { AdminDashboardService } from './admin-dashboard.service.ts';
import type { InstallationService } from './installation.service.ts';

const tags = ['admin'];
const SMALL_BODY = 1024;

export function adminRoutes(
  app: FastifyInstance,
  deps: {
    accounts: AccountsService;
    mail: MailService;
    installation: InstallationService;
    dashboard: AdminDashboardService;
  },
) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/admin/users',
    {
      access: access.roles('admin'),
      summary: 'List, search and page through users',
      querystring: listQuerySchema.extend({ q: z.string().max(100).optional() }),
      response: pageSchema(userDocSchema),
    },
    (req) => deps.accounts.listUsers(req.query),
  );

  route.get(
    '/api/v1/admin/outbox',
    {
      access: access.roles('admin'),
      summary: 'Mail the installation has sent or kept',
      querystring: listQuerySchema,
      response: pageSchema(outboxMessageSchema),
    },
    (req) => deps.mail.list(req.query),
  );

  route.get(
    '/api/v1/admin/settings/storage',
    {
      access: access.roles('admin'),
      summary: 'The disk guard’s threshold: the free space every recorder keeps on its media folder',
      response: diskGuardSettingsSchema,
    },
    () => deps.installation.diskGuard(),
  );

  route.put(
    '/api/v1/admin/settings/storage',
    {
      access: access.roles('admin'),
      summary: 'Change the disk guard’s threshold',
      body: diskGuardSettingsSchema,
      response: diskGuardSettingsSchema,
      bodyLimit: SMALL_BODY,
    },
    (req) => deps.installation.saveDiskGuard(req.body),
  );

  route.get(
    '/api/v1/admin/alerts',
    {
      access: access.roles('admin'),
      summary: 'Installation problems only an administrator can fix (a recorder’s disk full of protected footage)',
      response: installationAlertsSchema,
    },
    () => deps.installation.alerts(),
  );

  route.get(
    '/api/v1/admin/dashboard',
    {
      access: access.roles('admin'),
      summary:
        'The installation at a glance: recorders, database, disk, job queue, offline cameras, sign-ups, plans, revenue, audit',
      response: adminDashboardSchema,
    },
    () => deps.dashboard.read(),
  );
}
