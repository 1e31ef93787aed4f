import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService, setAuditEnabled } from './audit.service.ts';

/**
 * The audit log's front door for a serve process: its API (list, verify, CSV). Services record
 * entries with `audit.record(tx, …)` from ./audit.service.ts, inside their own transactions.
 */
export function auditModule(app: FastifyInstance, deps: { db: Db; disabled?: boolean }): void {
  // Benchmarks only: config refuses AUDIT_DISABLED in production.
  setAuditEnabled(!deps.disabled);
  auditRoutes(app, { audit: createAuditService({ db: deps.db }) });
}
