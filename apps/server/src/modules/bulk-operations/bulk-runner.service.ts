import type { Db, Tx } from '@vigil/db';
import { type BulkChange, type UpdateCameraInput, motionSettingsOf } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import type { ScopedActor } from '../../lib/camera-scope.ts';
import { requestContext } from '../../lib/request-context.ts';
import { audit } from '../audit/audit.service.ts';
import type { CamerasService } from '../cameras/cameras.service.ts';
import { type OperationRow, bulkOperationsRepo as repo } from './bulk-operations.repo.ts';
import { publishProgress } from './bulk-operations.service.ts';
import { bulkSelectionRepo as selection } from './bulk-selection.repo.ts';
import { reasonOf } from './bulk-view.ts';

/** Progress is published at most this often (and at the end): a page refetches on each. */
const PUBLISH_EVERY_MS = 400;

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
 * transaction of its change: a rerun (a retry, a second worker) skips what is done and never
 * applies a camera twice. One camera refused is that camera's result; the others go on.
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

  /** Progress for the pages: at most every PUBLISH_EVERY_MS of one run, and always at its end. */
  function publisher(op: OperationRow) {
    let last = 0;
    return async (tx: Tx, force = false) => {
      if (!force && Date.now() - last < PUBLISH_EVERY_MS) return;
      last = Date.now();
      await publishProgress(tx, op);
    };
  }
  type Publish = ReturnType<typeof publisher>;

  /** One camera, changed and recorded as done in one transaction (its audit entry last, by the cameras service). */
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

  async function settle(op: OperationRow, pub: Publish, cameraId: string, ok: boolean, error: string | null) {
    await db.transaction(async (tx) => {
      if (!(await repo.claim(tx, op.id, cameraId))) return;
      await repo.settle(tx, op.id, cameraId, ok, error);
      await pub(tx);
    });
  }

  async function applyOne(op: OperationRow, pub: Publish, actor: ScopedActor, cameraId: string, lastAttempt: boolean) {
    try {
      if (op.change.kind === 'test-connection') {
        // A probe changes nothing: a rerun may probe again, harmlessly.
        const probe = await cameras.probeSaved(actor, cameraId);
        return await settle(
          op,
          pub,
          cameraId,
          probe.ok,
          probe.ok ? null : (probe.error ?? 'The camera did not answer.'),
        );
      }
      await db.transaction(async (tx) => {
        if (!(await repo.claim(tx, op.id, cameraId))) return;
        await repo.settle(tx, op.id, cameraId, true, null);
        await pub(tx);
        await change(tx, op, actor, cameraId);
      });
    } catch (e) {
      // A refusal is this camera's result. Anything else (the database away) fails the run, which
      // is retried and resumes here, unless this was the last try: then it is this camera's result too.
      if (!(e instanceof AppError) && !lastAttempt) throw e;
      deps.log?.(`bulk operation ${op.id}: camera ${cameraId}: ${e instanceof Error ? e.message : String(e)}`);
      await settle(
        op,
        pub,
        cameraId,
        false,
        e instanceof AppError ? reasonOf(e) : 'Unexpected error: the change could not be applied.',
      );
    }
  }

  async function finish(op: OperationRow, pub: Publish, status: 'done' | 'failed', error: string | null) {
    await db.transaction(async (tx) => {
      if (error) await repo.failRest(tx, op.id, error);
      const ended = await repo.finish(tx, op.id, status, error);
      if (!ended) return;
      await pub(tx, true);
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
        const pub = publisher(op);
        const actor = await actorOf(op);
        if (typeof actor === 'string') return finish(op, pub, 'failed', actor);
        const lastAttempt = job.attempts >= job.maxAttempts;
        for (const r of await repo.pending(db, id)) {
          if (stopping) throw new Error('Stopped with the process: the next run resumes.');
          await applyOne(op, pub, actor, r.cameraId, lastAttempt);
        }
        await finish(op, pub, 'done', null);
      });
    },

    /** A process stopping ends the run after the camera in hand; the job is retried and resumes. */
    stop() {
      stopping = true;
    },
  };
}
