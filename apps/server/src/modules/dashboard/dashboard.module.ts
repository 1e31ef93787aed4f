import { defineModule } from '../../kernel/module.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createManagerDashboardService } from './manager-dashboard.service.ts';

/**
 * The workspace dashboards' own reads: the owner's and managers' figures (team, tasks, alerts by
 * site, the week) and the getting-started checklist, whose steps are ticked by the workspace's
 * real state. Read-only but for the checklist's "put away". The administrator's is the admin module's.
 */
export const dashboardModule = defineModule({
  name: 'dashboard',
  serve: { register: (app, { db }) => dashboardRoutes(app, { manager: createManagerDashboardService({ db }) }) },
});
