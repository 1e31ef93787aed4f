import { TOPICS } from '@vigil/shared';
import { defineModule } from '../../kernel/module.ts';
import { adminCallables } from './admin.callables.ts';
import { adminRoutes } from './admin.routes.ts';
import { createAdminDashboardService } from './admin-dashboard.service.ts';
import { createInstallationService } from './installation.service.ts';

/** What a recorder reads and raises: the disk guard's setting in force, and its installation alert. */
export {
  clearInstallationAlert,
  diskGuardSettings,
  type InstallationAlertInput,
  raiseInstallationAlert,
} from './installation.service.ts';

/**
 * The administrator's user management (its routes and callable functions), the installation's
 * own state (the disk guard's threshold and the alerts recorders raise) and its dashboard.
 */
export const adminModule = defineModule({
  name: 'admin',
  auditActions: ['settings.storage-changed'],
  serve: {
    needs: ['accounts', 'auth', 'mail'],
    topics: [TOPICS.adminUsers, TOPICS.adminInstallation],
    callables: ({ get }) => adminCallables({ accounts: get('accounts'), auth: get('auth') }),
    register: (app, { get, db, config }) =>
      adminRoutes(app, {
        accounts: get('accounts'),
        mail: get('mail'),
        installation: createInstallationService({ db, diskGuardDefaults: config.diskGuard }),
        dashboard: createAdminDashboardService({ db, mediaDir: config.mediaDir }),
      }),
  },
});
