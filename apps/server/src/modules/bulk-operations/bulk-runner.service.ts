import type { Db, Tx } from '@vigil/db';
import { type BulkChange, type UpdateCameraInput, motionSettingsOf } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import type { ScopedActor } from '../../lib/camera-scope.ts';
import { requestContext } from '../../lib/request-context.ts';
import { audit } from '../audit/audit.module.ts';
import type { CamerasService } from '../cameras/cameras.module.ts';
import { bulkOperationsRepo as repo } from './bulk-operations.repo.ts';
import { publishProgress } from './bulk-operations.service.ts';
import { bulkSelectionRepo as selection } from './bulk-selection.repo.ts';
import { type OperationRow, reasonOf } from './bulk-view.ts';

/**
 * Cameras are changed in batches of one transaction: at most this long (the workspace's audit
 * chain stays locked until the commit, so other changes there wait at most this) …
 */
const BATCH_MS = 200;
/** … and at most this many cameras (one savepoint each: under PostgreSQL's 64 cached subtransactions). */
const BATCH_MAX = 50;

export type BulkRunner = ReturnType<typeof createBulkRunner>;

/** The patch a change makes to one camera (delete and test-connection are not patches). */
function patchOf(change: BulkChange): UpdateCameraInput {
  switch (change.kind) {
    case 'enable':
      return { enabled: true };
    case 'disable':
      return { enabled: false };
    case 'recording-mode':
      return { recordingMode: change.recordingMode };
    case 'retention':
      return { retentionDays: change.retentionDays };
    case 'schedule':
      return { scheduleId: change.scheduleId };
    case 'move-to-site':
      return { siteId: change.siteId };
    default:
      return {};
  }
}

/**
 * The `bulk-operation` job (work role): the operation's change applied camera by camera through
 * the cameras service, so its validation, plan rules, realtime (`cameras`, `cameras.changed`)
 * and audit are the same as for one camera by hand. Each camera's result is written in the
 * transaction of its change (a batch of cameras a transaction, each in its savepoint): a rerun
 * (a retry, a second worker) skips what is done and never applies a camera twice. One camera
 * refused is that camera's result; the others go on. Progress is stored and published per batch.
 * The caller is who made the operation, re-read at each run: if they no longer manage the
 * workspace, what is left is not applied.
 */
export function createBulkRunner(deps: { db: Db; cameras: CamerasService; log?: (m: string) => void }) {
  const { db, cameras } = deps;
  let stopping = false;

  /** The creator as the cameras service needs them now, or why they may no longer act. */
  async function actorOf(op: OperationRow): Promise<ScopedActor | string> {
    const gone = 'Stopped: the person who made this operation no longer manages this workspace.';
    if (!op.createdBy) return gone;
    const m = await selection.creatorAccess(db, op.workspaceId, op.createdBy);
    if (!m || m.disabled) return gone;
    const admin = m.storedRole === 'admin';
    if (!admin && m.membershipRole !== 'owner' && m.membershipRole !== 'manager') return gone;
    if (op.apiKeyId && !(await selection.keyWorks(db, op.workspaceId, op.apiKeyId)))
      return 'Stopped: the API key that made this operation was revoked or has expired.';
    const unlimited = admin || m.membershipRole === 'owner';
    return { workspaceId: op.workspaceId, cameraIds: unlimited ? null : m.cameraIds };
  }

  /** One camera, changed and recorded as done (its audit entry last, by the cameras service). */
  async function change(tx: Tx, op: OperationRow, actor: ScopedActor, cameraId: string) {
    const opts = {
      tx,
      audit: { action: 'bulk.camera-changed' as const, details: { operationId: op.id, change: op.change.kind } },
    };
    const c = op.change;
    if (c.kind === 'delete') return void (await cameras.remove(actor, cameraId, opts));
    if (c.kind === 'motion') {
      const saved = await selection.lockMotion(tx, actor.workspaceId, actor.cameraIds, cameraId);
      if (saved === undefined) throw new AppError('not-found');
      const motion = {
        ...motionSettingsOf(saved),
        ...Object.fromEntries(Object.entries(c.motion).filter(([, v]) => v !== undefined)),
      };
      return void (await cameras.update(actor, cameraId, { motion }, opts));
    }
    await cameras.update(actor, cameraId, patchOf(c), opts);
  }

  /** A camera's failure in words; anything but a refusal is thrown (the run is retried) until the last try. */
  function failureOf(op: OperationRow, cameraId: string, e: unknown, lastAttempt: boolean): string {
    if (!(e instanceof AppError) && !lastAttempt) throw e;
    deps.log?.(`bulk operation ${op.id}: camera ${cameraId}: ${e instanceof Error ? e.message : String(e)}`);
    return e instanceof AppError ? reasonOf(e) : 'Unexpected error: the change could not be applied.';
  }

  /**
   * Cameras from `next` in one transaction for at most BATCH_MS, each in its own savepoint: a
   * refused camera rolls back alone and its failure is recorded instead. One commit, and one
   * progress notice, per batch rather than per camera.
   */
  async function applyBatch(op: OperationRow, actor: ScopedActor, next: () => string | undefined, last: boolean) {
    await db.transaction(async (tx) => {
      const until = Date.now() + BATCH_MS;
      let succeeded = 0;
      let failed = 0;
      for (let n = 0; n < BATCH_MAX && Date.now() < until; n++) {
        const cameraId = next();
        if (cameraId === undefined) break;
        try {
          const applied = await tx.transaction(async (sp) => {
            if (!(await repo.markDone(sp, op.id, cameraId, true, null))) return false;
            await change(sp, op, actor, cameraId);
            return true;
          });
          if (applied) succeeded++;
        } catch (e) {
          if (await repo.markDone(tx, op.id, cameraId, false, failureOf(op, cameraId, e, last))) failed++;
        }
      }
      await repo.count(tx, op.id, succeeded, failed);
      await publishProgress(tx, op);
    });
  }

  /** A connection test holds no transaction while ffprobe waits; a rerun may probe again, harmlessly. */
  async function probeOne(op: OperationRow, actor: ScopedActor, cameraId: string, last: boolean) {
    let ok = false;
    let error: string | null;
    try {
      const probe = await cameras.probeSaved(actor, cameraId);
      ok = probe.ok;
      error = probe.ok ? null : (probe.error ?? 'The camera did not answer.');
    } catch (e) {
      error = failureOf(op, cameraId, e, last);
    }
    await db.transaction(async (tx) => {
      if (await repo.markDone(tx, op.id, cameraId, ok, error)) await repo.count(tx, op.id, ok ? 1 : 0, ok ? 0 : 1);
      await publishProgress(tx, op);
    });
  }

  async function finish(op: OperationRow, status: 'done' | 'failed', error: string | null) {
    await db.transaction(async (tx) => {
      if (error) await repo.failRest(tx, op.id, error);
      const ended = await repo.finish(tx, op.id, status, error);
      if (!ended) return;
      await publishProgress(tx, op);
      await audit.record(tx, {
        action: 'bulk.operation-finished',
        targetType: 'bulk-operation',
        targetId: op.id,
        details: {
          change: op.change.kind,
          total: ended.total,
          succeeded: ended.succeeded,
          failed: ended.failed,
          ...(error ? { error } : {}),
        },
      });
    });
  }

  return {
    async run(id: string, job: { attempts: number; maxAttempts: number }): Promise<void> {
      const op = await repo.start(db, id);
      if (!op) return;
      // Every entry this run writes names the operation's maker, as their own request would.
      const ctx = { ip: op.ip, userId: op.createdBy, workspaceId: op.workspaceId, apiKeyId: op.apiKeyId ?? undefined };
      await requestContext.run(ctx, async () => {
        const actor = await actorOf(op);
        if (typeof actor === 'string') return finish(op, 'failed', actor);
        const last = job.attempts >= job.maxAttempts;
        const pending = (await repo.pending(db, id)).map((r) => r.cameraId);
        let i = 0;
        const next = () => pending[i++];
        while (i < pending.length) {
          if (stopping) throw new Error('Stopped with the process: the next run resumes.');
          if (op.change.kind === 'test-connection') await probeOne(op, actor, next()!, last);
          else await applyBatch(op, actor, next, last);
        }
        await finish(op, 'done', null);
      });
    },

    /** A process stopping ends the run after the batch in hand; the job is retried and resumes. */
    stop() {
      stopping = true;
    },
  };
}
