import { healthSchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { access } from '../../plugins/access.ts';

export function healthRoutes(app: FastifyInstance, deps: { pool: pg.Pool; embedded: boolean; version: string }) {
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
