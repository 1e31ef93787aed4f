import { AUDIT_ACTIONS } from '@vigil/shared';
import { defineModule } from '../../kernel/module.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService, setAuditEnabled } from './audit.service.ts';

/** Services record entries with `audit.record(tx, …)`, inside their own transactions. */
export { audit } from './audit.service.ts';

/** The audit log: its API (list, verify, CSV). */
export const auditModule = defineModule({
  name: 'audit',
  auditActions: ['audit.exported'],
  serve: {
    register: (app, { db, config, auditActions }) => {
      // Each action of the catalogue belongs to the module whose services record it.
      const orphans = AUDIT_ACTIONS.filter((a) => !auditActions.has(a));
      if (orphans.length) throw new Error(`No module of this process owns the audit action(s): ${orphans.join(', ')}`);
      // Benchmarks only: config refuses AUDIT_DISABLED in production.
      setAuditEnabled(!config.auditDisabled);
      auditRoutes(app, { audit: createAuditService({ db }) });
    },
  },
});
