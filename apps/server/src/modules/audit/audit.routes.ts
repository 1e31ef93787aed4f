import { Readable } from 'node:stream';
import {
  auditFiltersSchema,
  auditPageSchema,
  auditQuerySchema,
  auditScopeQuerySchema,
  auditVerifySchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes } from '../../lib/api-route.ts';
import { access } from '../../plugins/access.ts';
import type { AuditReader, AuditService } from './audit.service.ts';

const tags = ['audit'];
// Owners (role user, counted as manager) and administrators; the service refuses a manager who is
// not the workspace's owner, and scope=installation to anyone but an administrator.
const readers = access.roles('manager', 'admin');

const reader = (req: FastifyRequest): AuditReader => {
  const s = req.session!;
  return { userId: s.user.id, workspaceId: s.user.workspaceId, role: s.user.role, membershipRole: s.membership.role };
};

export function auditRoutes(app: FastifyInstance, { audit }: { audit: AuditService }) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/audit',
    {
      access: readers,
      summary:
        'The audit log, newest first (keyset paging by startAfter): the workspace’s for its owner; every chain with scope=installation (administrators). Filters: person (id, or part of an email or name), action (or a dotted prefix: camera), from, to',
      querystring: auditQuerySchema,
      response: auditPageSchema,
    },
    (req) => audit.list(reader(req), req.query),
  );

  route.post(
    '/api/v1/audit/verify',
    {
      access: readers,
      summary:
        'Recompute the hash chain (the workspace’s, or every chain with scope=installation) and say where it first breaks',
      querystring: auditScopeQuerySchema,
      response: auditVerifySchema,
    },
    (req) => audit.verify(reader(req), req.query.scope),
  );

  route.get(
    '/api/v1/audit/export.csv',
    {
      access: readers,
      summary:
        'The audit log as CSV with the list’s filters (cells a spreadsheet would run as a formula are prefixed with an apostrophe); the export is itself audited',
      querystring: auditFiltersSchema,
      schema: { produces: ['text/csv'] },
    },
    async (req, reply) => {
      const rows = await audit.exportCsv(reader(req), req.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vigil-audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(rows));
    },
  );
}
