import type { Db, DbOrTx } from '@vigil/db';
import {
  BULK_MAX_CAMERAS,
  BULK_PREVIEW_MAX,
  BULK_RECENT_MAX,
  type BulkChange,
  type BulkFilter,
  type BulkOperation,
  type BulkOperationList,
  type BulkPreviewResult,
  type CameraStatus,
  type CreateBulkOperationInput,
  type RecordingMode,
  TOPICS,
} from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import type { ScopedActor } from '../../lib/camera-scope.ts';
import { publish } from '../../lib/realtime.ts';
import { audit } from '../audit/audit.module.ts';
import { planGate } from '../billing/billing.module.ts';
import { enqueue } from '../jobs/jobs.module.ts';
import { bulkOperationsRepo as repo } from './bulk-operations.repo.ts';
import { type SelectedCamera, bulkSelectionRepo as selection } from './bulk-selection.repo.ts';
import { toOperation, toSummary } from './bulk-view.ts';

export type BulkOperationsService = ReturnType<typeof createBulkOperationsService>;

/** The caller: workspace and camera scope, who they are, and what made the request (for the job's audit entries). */
export interface BulkActor extends ScopedActor {
  uid: string;
  apiKeyId: string | null;
  ip: string | null;
}

/** A run that fails as a whole is retried; each run resumes where the last stopped. */
const JOB_ATTEMPTS = 10;

const invalid = (field: string, problem: string, message = 'Invalid request parameters.') =>
  new AppError('invalid-argument', message, { [field]: problem });

/** What the operation's own audit entry and its topic's listeners hear. */
export async function publishProgress(tx: DbOrTx, op: { id: string; workspaceId: string; createdBy: string | null }) {
  await publish(tx, { topic: TOPICS.bulkOperations, workspaceId: op.workspaceId, id: op.id, uid: op.createdBy ?? '' });
}

/**
 * Bulk operations (the `vms` plan): choose cameras, check the change against the
 * workspace, write the operation and its cameras to do, and queue the job that applies it
 * (bulk-runner.service.ts). A member limited to some cameras reaches only those, and sees only
 * the operations they made themselves.
 */
export function createBulkOperationsService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * Another workspace's schedule or site is none at all, and a member limited to some cameras
   * moves none between sites (the cameras service's rule): refused before anything is written.
   */
  async function checkChange(actor: BulkActor, change: BulkChange): Promise<void> {
    const { workspaceId } = actor;
    if (change.kind === 'move-to-site' && actor.cameraIds !== null)
      throw new AppError(
        'permission-denied',
        'Your access is limited to some cameras: you cannot move cameras between sites.',
      );
    if (change.kind === 'schedule' && change.scheduleId !== null)
      if (!(await selection.scheduleExists(db, workspaceId, change.scheduleId)))
        throw invalid('change.scheduleId', 'no such schedule', 'No such schedule in this workspace.');
    if (change.kind === 'move-to-site' && change.siteId !== null)
      if (!(await selection.siteExists(db, workspaceId, change.siteId)))
        throw invalid('change.siteId', 'no such site', 'No such site in this workspace.');
  }

  /** The cameras the request names or its filter matches, all within the workspace and the scope. */
  async function choose(actor: BulkActor, input: CreateBulkOperationInput): Promise<SelectedCamera[]> {
    if (input.cameraIds) {
      const ids = [...new Set(input.cameraIds)];
      const found = await selection.byIds(db, actor.workspaceId, actor.cameraIds, ids);
      if (found.length !== ids.length) {
        const known = new Set(found.map((c) => c.id));
        const missing = ids.filter((id) => !known.has(id));
        throw new AppError(
          'not-found',
          `${missing.length} of the cameras named ${missing.length === 1 ? 'does' : 'do'} not exist in this workspace or ${missing.length === 1 ? 'is' : 'are'} outside your access: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}. Nothing was changed.`,
        );
      }
      return found;
    }
    const { rows, count } = await selection.byFilter(
      db,
      actor.workspaceId,
      actor.cameraIds,
      input.filter!,
      BULK_MAX_CAMERAS + 1,
    );
    if (count === 0) throw invalid('filter', 'matches no camera', 'The filter matches no camera.');
    if (count > BULK_MAX_CAMERAS)
      throw invalid(
        'filter',
        'matches too many cameras',
        `The filter matches ${count} cameras; one operation changes at most ${BULK_MAX_CAMERAS}. Narrow the filter.`,
      );
    return rows;
  }

  return {
    async preview(actor: BulkActor, filter: BulkFilter): Promise<BulkPreviewResult> {
      await planGate.assertFeature(db, actor.workspaceId, 'vms');
      const { rows, count } = await selection.byFilter(
        db,
        actor.workspaceId,
        actor.cameraIds,
        filter,
        BULK_PREVIEW_MAX,
      );
      const models = await selection.models(db, actor.workspaceId, actor.cameraIds);
      const sites = await selection.sites(db, actor.workspaceId, actor.cameraIds);
      return {
        count,
        items: rows.map((r) => ({
          ...r,
          status: r.status as CameraStatus,
          recordingMode: r.recordingMode as RecordingMode,
        })),
        models,
        sites,
        tags: [...new Set(sites.flatMap((s) => s.tags))].sort(),
      };
    },

    async create(actor: BulkActor, input: CreateBulkOperationInput): Promise<{ id: string }> {
      await planGate.assertFeature(db, actor.workspaceId, 'vms');
      await checkChange(actor, input.change);
      const cameras = await choose(actor, input);
      if (input.change.kind === 'delete' && input.change.expectedCount !== cameras.length)
        throw new AppError(
          'failed-precondition',
          `The selection holds ${cameras.length} camera${cameras.length === 1 ? '' : 's'}, not the ${input.change.expectedCount} you confirmed. Nothing was deleted.`,
        );
      return db.transaction(async (tx) => {
        const op = await repo.insert(tx, {
          workspaceId: actor.workspaceId,
          createdBy: actor.uid,
          apiKeyId: actor.apiKeyId,
          ip: actor.ip,
          change: input.change,
          filter: input.filter ?? null,
          cameras,
        });
        await enqueue(tx, 'bulk-operation', { id: op.id }, { maxAttempts: JOB_ATTEMPTS });
        await publishProgress(tx, op);
        await audit.record(tx, {
          action: 'bulk.operation-created',
          targetType: 'bulk-operation',
          targetId: op.id,
          details: { change: input.change, cameras: cameras.length, ...(input.filter ? { filter: input.filter } : {}) },
        });
        return { id: op.id };
      });
    },

    /** The most recent operations: the workspace's, or a limited member's own. */
    async list(actor: BulkActor): Promise<BulkOperationList> {
      await planGate.assertFeature(db, actor.workspaceId, 'vms');
      const mine = actor.cameraIds === null ? null : actor.uid;
      return { items: (await repo.recent(db, actor.workspaceId, mine, BULK_RECENT_MAX)).map(toSummary) };
    },

    async get(actor: BulkActor, id: string): Promise<BulkOperation> {
      await planGate.assertFeature(db, actor.workspaceId, 'vms');
      const row = await repo.find(db, actor.workspaceId, id);
      if (!row || (actor.cameraIds !== null && row.op.createdBy !== actor.uid)) throw new AppError('not-found');
      return toOperation(row, await repo.results(db, id));
    },
  };
}
