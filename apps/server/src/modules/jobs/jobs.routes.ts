import { deadJobListSchema, jobIdSchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { access } from '../../plugins/access.ts';
import type { JobsService } from './jobs.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: jobIdSchema });
const ok = z.object({ ok: z.literal(true) });

/** The dead-letter list of the job queue, for administrators (Admin › Settings). */
export function jobsRoutes(app: FastifyInstance, deps: { jobs: JobsService }) {
  const route = apiRoutes(app, tags);
  route.get(
    '/api/v1/admin/jobs/failed',
    {
      access: access.roles('admin'),
      summary: 'Background jobs that failed every attempt',
      response: deadJobListSchema,
    },
    async () => ({ items: await deps.jobs.deadLetters() }),
  );
  route.post(
    '/api/v1/admin/jobs/failed/:id/retry',
    { access: access.roles('admin'), summary: 'Run a failed job again now', params: idParams, response: ok },
    async (req) => {
      await deps.jobs.retry(req.params.id);
      return { ok: true as const };
    },
  );
  route.delete(
    '/api/v1/admin/jobs/failed/:id',
    { access: access.roles('admin'), summary: 'Drop a failed job for good', params: idParams, response: ok },
    async (req) => {
      await deps.jobs.discard(req.params.id);
      return { ok: true as const };
    },
  );
}
