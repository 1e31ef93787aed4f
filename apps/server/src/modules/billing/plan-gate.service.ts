import type { DbOrTx } from '@vigil/db';
import { isReadOnlyStatus } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { type PlanRow, plansRepo } from './plans.repo.ts';
import { statusOf, subscriptionService } from './subscription.service.ts';

/**
 * Where a plan is enforced: the services that add cameras, exports, AI analyses, sites
 * ask here. An expired or canceled workspace is read-only (it watches and plays back, adds
 * nothing); a missing feature or a reached limit names the plan that lifts it.
 */

/** "the Pro plan", for the first plan on sale (in the pricing's order) that satisfies `lifts`; null if none. */
export async function liftingPlan(db: DbOrTx, lifts: (plan: PlanRow) => boolean): Promise<string | null> {
  const rows = await plansRepo.list(db, { publicOnly: true });
  const plan = rows.map((r) => r.plan).find(lifts);
  return plan ? `the ${plan.name} plan` : null;
}

/** The sentence that ends a refusal: which plan to choose, on which page. */
const upgradeHint = (plan: string | null) =>
  plan ? ` Choose ${plan} on the Upgrade page to lift it.` : ' Ask your administrator for a plan that lifts it.';

type PlanLimit = 'maxCameras' | 'maxRecordings' | 'maxStorage' | 'aiAnalysisQuota';
const LIMIT_WORDS: Record<PlanLimit, (n: number) => string> = {
  maxCameras: (n) => (n === 1 ? '1 camera' : `${n} cameras`),
  maxRecordings: (n) => (n === 1 ? '1 recording' : `${n} recordings`),
  maxStorage: (n) => `${n} GB of storage`,
  aiAnalysisQuota: (n) => `${n === 1 ? '1 AI analysis' : `${n} AI analyses`} per billing period`,
};

export const planGate = {
  /** Refuses `what` (e.g. "Adding cameras") with failed-precondition when the workspace is read-only. */
  async assertWritable(db: DbOrTx, workspaceId: string, what: string): Promise<void> {
    const sub = await subscriptionService.find(db, workspaceId);
    if (!sub) return;
    const status = statusOf(sub);
    if (!isReadOnlyStatus(status)) return;
    const why = status === 'expired' ? 'Your trial has ended' : 'Your plan was canceled';
    const plan = await liftingPlan(db, (p) => p.key === sub.planKey && !p.archived);
    throw new AppError(
      'failed-precondition',
      `${why}: the workspace is read-only. ${what} is not available.${upgradeHint(plan ?? (await liftingPlan(db, () => true)))}`,
    );
  },

  /** Refuses a feature the plan lacks: `vms` → failed-precondition, `aiAccess` → permission-denied (DESIGN §2). */
  async assertFeature(db: DbOrTx, workspaceId: string, feature: 'vms' | 'aiAccess'): Promise<void> {
    // Every page of the area asks first: the subscription and its plan in one query.
    if ((await subscriptionService.planFeatures(db, workspaceId))?.[feature]) return;
    const plan = await liftingPlan(db, (p) => p.features[feature]);
    const name = feature === 'vms' ? 'The multi-site VMS area' : 'AI detection';
    throw new AppError(
      feature === 'vms' ? 'failed-precondition' : 'permission-denied',
      `${name} is not part of your plan.${upgradeHint(plan)}`,
    );
  },

  /**
   * The words of a reached numeric limit, in the plan's terms: what the plan allows and the plan
   * that goes beyond ("Your plan allows 10 cameras. Choose the Pro plan on the Upgrade page to lift it.").
   * Waiting does not lift a plan limit, so it is refused as failed-precondition, never as a quota to retry.
   */
  async limitMessage(db: DbOrTx, limit: PlanLimit, value: number): Promise<string> {
    const plan = await liftingPlan(db, (p) => p.limits[limit] > value);
    return `Your plan allows ${LIMIT_WORDS[limit](value)}.${upgradeHint(plan)}`;
  },
};
