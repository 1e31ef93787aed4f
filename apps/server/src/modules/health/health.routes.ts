import { healthSchema, readinessSchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { access } from '../../plugins/access.ts';

export interface HealthDeps {
  pool: pg.Pool;
  embedded: boolean;
  version: string;
  /** Each role this process runs, and whether it is ready now (main.ts fills it as roles start). */
  readiness?: () => Partial<Record<'serve' | 'record' | 'work', boolean>>;
}

export function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health/ready',
    {
      config: { access: access.public },
      schema: {
        tags: ['health'],
        summary: 'Readiness of each role this process runs (serve: API up; record: leases renewed; work: queue polled)',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_req, reply) => {
      const roles = deps.readiness?.() ?? { serve: true };
      const ready = Object.values(roles).every(Boolean);
      return reply.status(ready ? 200 : 503).send({ ready, roles });
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: access.public },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_req, reply) => {
      const database = await deps.pool
        .query('select 1')
        .then(() => 'up' as const)
        .catch(() => 'down' as const);
      const body = {
        status: database === 'up' ? ('ok' as const) : ('degraded' as const),
        database,
        embedded: deps.embedded,
        version: deps.version,
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(database === 'up' ? 200 : 503).send(body);
    },
  );
}
