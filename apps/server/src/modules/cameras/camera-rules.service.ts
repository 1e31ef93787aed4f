import type { Db, DbOrTx, Tx } from '@vigil/db';
import type { AuditAction, UpdateCameraInput } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import type { ScopedActor } from '../../lib/camera-scope.ts';
import { type OutboundPolicy, checkTarget } from '../../lib/outbound-policy.ts';
import { publish } from '../../lib/realtime.ts';
import { planGate } from '../billing/billing.module.ts';
import type { CameraRow } from './camera-view.ts';
import { type NewCamera, camerasRepo as repo } from './cameras.repo.ts';

/**
 * What the cameras service's reads and writes share: finding a camera in the caller's reach, the
 * transaction and audit entry a change runs in, what a change announces, and the rules for the
 * source URLs and sites a camera is given.
 */

/** The caller as the service needs it: which workspace they act in, and which of its cameras they may reach. */
export type Actor = ScopedActor;

/**
 * How another service applies a change through this one (bulk operations): inside its
 * own transaction, so what it records about the change commits with it, and audited under its own
 * action with its details added.
 */
export interface CameraWriteOptions {
  tx?: Tx;
  audit?: { action: AuditAction; details: Record<string, unknown> };
}

export const cameraTarget = (row: CameraRow) => ({ targetType: 'camera', targetId: row.id });

/** The caller's transaction when given, else one of our own. */
export const inTx = <T>(db: Db, opts: CameraWriteOptions | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  opts?.tx ? fn(opts.tx) : db.transaction(fn);

/** The audit action and details of a change: the caller's own when it gave them, with ours under theirs. */
export const auditAs = (opts: CameraWriteOptions | undefined, action: AuditAction, details: Record<string, unknown>) =>
  opts?.audit ? { action: opts.audit.action, details: { ...details, ...opts.audit.details } } : { action, details };

/** The camera, if the actor reaches it; not-found otherwise, exactly as for another workspace's. */
export async function mustFind(tx: DbOrTx, actor: Actor, id: string, forUpdate = false): Promise<CameraRow> {
  const row = await repo.find(tx, actor.workspaceId, actor.cameraIds, id, forUpdate);
  if (!row) throw new AppError('not-found');
  return row;
}

/** Everything listening hears of a change: the page (cameras) and the recorder (cameras.changed). */
export async function announceChange(tx: DbOrTx, workspaceId: string, id: string) {
  await publish(tx, { topic: 'cameras', workspaceId, id });
  await publish(tx, { topic: 'cameras.changed', workspaceId, id });
}

/**
 * A URL a tenant saves must not name an address the policy refuses. A name that does not resolve
 * yet is saved (a camera may be off); the recorder checks again, and pins, each time it starts.
 */
export async function assertAllowed(policy: OutboundPolicy, url: string, field: string): Promise<void> {
  try {
    await checkTarget(url, policy, field);
  } catch (e) {
    if (e instanceof AppError && e.code === 'invalid-argument' && /host not found/.test(e.fields?.[field] ?? ''))
      return;
    throw e;
  }
}

/** A member limited to some cameras works with those: moving cameras between sites is not theirs to do. */
export function refuseSiteMoveWhenLimited(actor: Actor): void {
  if (actor.cameraIds !== null)
    throw new AppError(
      'permission-denied',
      'Your access is limited to some cameras: you cannot move cameras between sites.',
    );
}

/**
 * A camera joining a site: the workspace's plan must have the VMS area, the site must
 * be the workspace's, and the site's default schedule and retention apply unless the request sets them.
 */
export async function joinSite(
  tx: DbOrTx,
  actor: Actor,
  siteId: string,
  input: UpdateCameraInput,
): Promise<Partial<NewCamera>> {
  refuseSiteMoveWhenLimited(actor);
  await planGate.assertFeature(tx, actor.workspaceId, 'vms');
  const site = await repo.site(tx, actor.workspaceId, siteId);
  if (!site) throw new AppError('invalid-argument', 'Invalid request parameters.', { siteId: 'no such site' });
  const patch: Partial<NewCamera> = { siteId };
  if (site.scheduleId && input.scheduleId === undefined) patch.scheduleId = site.scheduleId;
  if (site.retentionDays && input.retentionDays === undefined) patch.retentionDays = site.retentionDays;
  return patch;
}
