import { AUDIT_ACTIONS } from '@vigil/shared';
import { defineModule } from '../../kernel/module.ts';
import { writeCheckpoints } from './audit-checkpoints.service.ts';
import { auditKeys, keyAuditChain } from './audit-hash.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService, setAuditEnabled } from './audit.service.ts';

/** Services record entries with `audit.record(tx, …)`, inside their own transactions. */
export { audit } from './audit.service.ts';
/** When the whole installation's log was last verified, for the administrator's dashboard. */
export { type LastAuditVerification, lastAuditVerification } from './audit-last-verification.ts';
/**
 * Keys the chain from AUTH_SECRET: the serve and work parts do it; a process that records
 * without either (a recorder alone) calls it at start.
 */
export { keyAuditChain } from './audit-hash.ts';

/**
 * The audit log: its API (list, verify, CSV). Work: the signed checkpoints, every minute.
 * A periodic job rather than one per append: an append is one insert in the caller's
 * transaction, and a queued job per append would make appends in unrelated workspaces contend
 * on the one checkpoint job's row. The price: a tail removed within a minute of its writing,
 * before a checkpoint holds it, is not seen.
 */
export const auditModule = defineModule({
  name: 'audit',
  auditActions: ['audit.exported'],
  serve: {
    register: (app, { db, config, storage, auditActions }) => {
      // Each action of the catalogue belongs to the module whose services record it.
      const orphans = AUDIT_ACTIONS.filter((a) => !auditActions.has(a));
      if (orphans.length) throw new Error(`No module of this process owns the audit action(s): ${orphans.join(', ')}`);
      keyAuditChain(config.authSecret);
      // Benchmarks only: config refuses AUDIT_DISABLED in production.
      setAuditEnabled(!config.auditDisabled);
      auditRoutes(app, { audit: createAuditService({ db, storage }) });
    },
  },
  work: {
    crontab: ['* * * * * audit-checkpoint ?max=1&jobKey=audit-checkpoint'],
    kickoff: ['audit-checkpoint'],
    start: ({ db, config, storage }) => {
      keyAuditChain(config.authSecret);
      return {
        tasks: {
          'audit-checkpoint': async () => {
            await writeCheckpoints(db, storage, auditKeys());
          },
        },
      };
    },
  },
});
