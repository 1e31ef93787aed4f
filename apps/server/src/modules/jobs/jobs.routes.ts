import { deadJobListSchema, jobIdSchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';
import type { JobsService } from './jobs.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: jobIdSchema });
const ok = z.object({ ok: z.literal(true) });

/** The dead-letter list of the job queue, for administrators (Admin › Settings). */
export function jobsRoutes(app: FastifyInstance, deps: { jobs: JobsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/admin/jobs/failed',
    {
      config: { access: access.roles('admin') },
      schema: { tags, summary: 'Background jobs that failed every attempt', response: { 200: deadJobListSchema } },
    },
    async () => ({ items: await deps.jobs.deadLetters() }),
  );
  r.post(
    '/api/v1/admin/jobs/failed/:id/retry',
    {
      config: { access: access.roles('admin') },
      schema: { tags, summary: 'Run a failed job again now', params: idParams, response: { 200: ok } },
    },
    async (req) => {
      await deps.jobs.retry(req.params.id);
      return { ok: true as const };
    },
  );
  r.delete(
    '/api/v1/admin/jobs/failed/:id',
    {
      config: { access: access.roles('admin') },
      schema: { tags, summary: 'Drop a failed job for good', params: idParams, response: { 200: ok } },
    },
    async (req) => {
      await deps.jobs.discard(req.params.id);
      return { ok: true as const };
    },
  );
}
