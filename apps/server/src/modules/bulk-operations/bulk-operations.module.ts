import { TOPICS } from '@vigil/shared';
import type { Db } from '@vigil/db';
import { defineModule } from '../../kernel/module.ts';
import type { CamerasService } from '../cameras/cameras.module.ts';
import { bulkOperationsRoutes } from './bulk-operations.routes.ts';
import { createBulkOperationsService } from './bulk-operations.service.ts';
import { createBulkRunner } from './bulk-runner.service.ts';

/**
 * Bulk operations. Serve: the API, which writes an operation and queues its job. Work: the
 * `bulk-operation` task, applying it through the cameras service.
 */
export const bulkOperationsModule = defineModule({
  name: 'bulk-operations',
  auditActions: ['bulk.operation-created', 'bulk.camera-changed', 'bulk.operation-finished'],
  serve: {
    topics: [TOPICS.bulkOperations],
    register: (app, { db }) => bulkOperationsRoutes(app, { bulk: createBulkOperationsService({ db }) }),
  },
  work: {
    needs: ['cameras'],
    start: ({ db, log, get }) => createBulkOperationTasks({ db, cameras: get('cameras'), log }),
  },
});

export function createBulkOperationTasks(deps: { db: Db; cameras: CamerasService; log: (m: string) => void }) {
  const runner = createBulkRunner(deps);
  return {
    tasks: {
      'bulk-operation': (p: { id: string }, job: { attempts: number; maxAttempts: number }) => runner.run(p.id, job),
    },
    onStopping: () => runner.stop(),
  };
}
