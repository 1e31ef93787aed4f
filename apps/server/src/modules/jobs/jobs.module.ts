import { defineModule } from '../../kernel/module.ts';
import { jobsRoutes } from './jobs.routes.ts';
import { createJobsService } from './jobs.service.ts';

export { FinalJobError, type JobWorker, migrateJobQueue, startJobWorker } from './job-worker.service.ts';
export { type JobName, type JobPayloads, enqueue, jobCounts } from './jobs.service.ts';

/**
 * The job queue (graphile-worker on the same PostgreSQL): `enqueue` for every module, the
 * dead-letter API for administrators. The worker itself is started by the work role (work.ts)
 * with the tasks the other modules' work parts bring.
 */
export const jobsModule = defineModule({
  name: 'jobs',
  serve: { register: (app, { db }) => jobsRoutes(app, { jobs: createJobsService({ db }) }) },
});
