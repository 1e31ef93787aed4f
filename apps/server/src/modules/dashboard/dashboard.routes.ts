import { managerDashboardSchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { ManagerDashboardService } from './manager-dashboard.service.ts';

const tags = ['dashboard'];
const managers = access.roles('manager', 'admin');

export function dashboardRoutes(app: FastifyInstance, deps: { manager: ManagerDashboardService }) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/dashboard/manager',
    {
      access: managers,
      summary: 'The workspace at a glance: who is on, tasks, open alerts by site, the week’s events, getting started',
      response: managerDashboardSchema,
    },
    (req) => deps.manager.read(scopedActor(req.session!), req.session!.user.id),
  );

  route.post(
    '/api/v1/dashboard/getting-started/dismiss',
    {
      access: managers,
      summary: 'Put the getting-started checklist away (for this person)',
      response: z.object({ ok: z.literal(true) }),
    },
    async (req) => {
      await deps.manager.dismissGettingStarted(req.session!.user.id);
      return { ok: true as const };
    },
  );
}
