import { defineModule } from '../../kernel/module.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService, setAuditEnabled } from './audit.service.ts';

/** Services record entries with `audit.record(tx, …)`, inside their own transactions. */
export { audit } from './audit.service.ts';

/** The audit log: its API (list, verify, CSV). */
export const auditModule = defineModule({
  name: 'audit',
  serve: {
    register: (app, { db, config }) => {
      // Benchmarks only: config refuses AUDIT_DISABLED in production.
      setAuditEnabled(!config.auditDisabled);
      auditRoutes(app, { audit: createAuditService({ db }) });
    },
  },
});
