import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import type { CamerasService } from '../cameras/cameras.service.ts';
import { bulkOperationsRoutes } from './bulk-operations.routes.ts';
import { createBulkOperationsService } from './bulk-operations.service.ts';
import { createBulkRunner } from './bulk-runner.service.ts';

/**
 * Bulk operations' front door (issue 13). Serve: the API, which writes an operation and queues its
 * job. Work: the `bulk-operation` task, applying it through the cameras service.
 */
export function bulkOperationsModule(app: FastifyInstance, deps: { db: Db }): void {
  bulkOperationsRoutes(app, { bulk: createBulkOperationsService(deps) });
}

export function createBulkOperationTasks(deps: { db: Db; cameras: CamerasService; log: (m: string) => void }) {
  const runner = createBulkRunner(deps);
  return {
    tasks: {
      'bulk-operation': (p: { id: string }, job: { attempts: number; maxAttempts: number }) => runner.run(p.id, job),
    },
    stop: () => runner.stop(),
  };
}
