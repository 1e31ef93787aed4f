import { healthSchema, readinessSchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access } from '../../plugins/access.ts';

export interface HealthDeps {
  /** Whether the database answers within its deadline (1 s), on the probe's own connection. */
  pingDatabase: () => Promise<boolean>;
  embedded: boolean;
  version: string;
  /** Each role this process runs, and whether it is ready now (main.ts fills it as roles start). */
  readiness?: () => Partial<Record<'serve' | 'record' | 'work', boolean>>;
}

/**
 * Both answers come within the ping's deadline whatever the database does: a frozen server (which
 * accepts connections and never replies) reads as down after 1 s, so a load balancer stops routing
 * here instead of waiting on requests that cannot be served.
 */
export function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  const database = async () => ((await deps.pingDatabase()) ? ('up' as const) : ('down' as const));

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health/ready',
    {
      config: { access: access.public },
      schema: {
        tags: ['health'],
        summary:
          'Readiness: each role this process runs (serve: API up; record: leases renewed; work: queue polled) and the database answering within 1 s',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_req, reply) => {
      const roles = deps.readiness?.() ?? { serve: true };
      const db = await database();
      const ready = db === 'up' && Object.values(roles).every(Boolean);
      return reply.status(ready ? 200 : 503).send({ ready, roles, database: db });
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: access.public },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability (within 1 s)',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_req, reply) => {
      const db = await database();
      const body = {
        status: db === 'up' ? ('ok' as const) : ('degraded' as const),
        database: db,
        embedded: deps.embedded,
        version: deps.version,
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(db === 'up' ? 200 : 503).send(body);
    },
  );
}
