import type { DbOrTx } from '@vigil/db';
import {
  type BillingEvent,
  type BillingState,
  type PlanStatus,
  PlanTransitionError,
  statusAt,
  transition,
} from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { publish } from '../../lib/realtime.ts';
import { audit } from '../audit/audit.module.ts';
import { type PlanRow, type SubscriptionRow, subscriptionsRepo as repo } from './subscriptions.repo.ts';

/**
 * The one place a workspace's billing state changes: it locks the subscription, applies an
 * event through the shared state machine, stores the result and copies plan, status, limits and
 * flags onto the members' documents, all in the caller's transaction.
 */
export const DEFAULT_PLAN = 'basic';

export function billingStateOf(row: SubscriptionRow): BillingState {
  return {
    status: row.status as PlanStatus,
    trialEndDate: row.trialEndDate,
    periodEnd: row.periodEnd,
    pastDueSince: row.pastDueSince,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    graceDays: row.graceDays,
  };
}

/** The status in force at `now` (not only what the last transition stored). */
export const statusOf = (row: SubscriptionRow, now = new Date()): PlanStatus => statusAt(billingStateOf(row), now);

/** What else a transition sets: the plan and the period being paid, and the provider's references. */
export type SubscriptionPatch = Partial<
  Pick<
    SubscriptionRow,
    | 'planKey'
    | 'interval'
    | 'source'
    | 'periodStart'
    | 'priceMinor'
    | 'currency'
    | 'stripeCustomerId'
    | 'stripeSubscriptionId'
    | 'paymentMethod'
    | 'graceDays'
    | 'cancelAtPeriodEnd'
    | 'pendingChange'
  >
>;

async function mirrorAndTell(tx: DbOrTx, row: SubscriptionRow, plan: PlanRow): Promise<void> {
  const members = await repo.mirror(tx, row.workspaceId, { plan, row });
  for (const uid of members) await publish(tx, { topic: 'me', uid });
  await publish(tx, { topic: 'admin.users', uid: members[0] ?? row.workspaceId });
}

async function planOrThrow(tx: DbOrTx, key: string): Promise<PlanRow> {
  const plan = await repo.plan(tx, key);
  if (!plan) throw new AppError('not-found', `No plan "${key}".`);
  return plan;
}

/**
 * A change of plan, status, interval, cancellation or trial end goes in the workspace's audit log;
 * a renewal that changes none of them does not. The actor is the request's (the owner at
 * checkout, an administrator) or the system (a provider's webhook, the hourly jobs).
 */
async function auditChange(
  tx: DbOrTx,
  before: SubscriptionRow,
  after: SubscriptionRow,
  event: BillingEvent | null,
): Promise<void> {
  const shown = (r: SubscriptionRow) => ({
    plan: r.planKey,
    status: r.status,
    interval: r.interval,
    cancelAtPeriodEnd: r.cancelAtPeriodEnd,
    trialEndDate: r.trialEndDate?.toISOString() ?? null,
  });
  const from = shown(before);
  const to = shown(after);
  if (JSON.stringify(from) === JSON.stringify(to)) return;
  await audit.record(tx, {
    action: 'plan.changed',
    workspaceId: after.workspaceId,
    targetType: 'workspace',
    targetId: after.workspaceId,
    details: { event: event?.type ?? null, from, to },
  });
}

export const subscriptionService = {
  /** Sign-up: the trial on the default plan; returns that plan (its limits go on the new user document). */
  async startTrial(tx: DbOrTx, workspaceId: string, trialEndDate: Date): Promise<PlanRow> {
    const plan = await planOrThrow(tx, DEFAULT_PLAN);
    await repo.insert(tx, { workspaceId, planKey: plan.key, status: 'trial', trialEndDate });
    return plan;
  },

  /**
   * Applies `event` at `now` with `patch`, under the row's lock. A transition the state machine
   * refuses (resuming a plan that is not canceling) is `failed-precondition`.
   */
  async apply(
    tx: DbOrTx,
    workspaceId: string,
    event: BillingEvent | null,
    patch: SubscriptionPatch = {},
    now = new Date(),
  ): Promise<SubscriptionRow> {
    const current = await repo.lock(tx, workspaceId);
    if (!current) throw new AppError('not-found');
    let state = billingStateOf(current);
    if (event) {
      try {
        state = transition(state, event, now);
      } catch (e) {
        if (e instanceof PlanTransitionError)
          throw new AppError(
            'failed-precondition',
            `This plan is ${e.from.replace('_', ' ')}: that change does not apply.`,
          );
        throw e;
      }
    }
    const plan = await planOrThrow(tx, patch.planKey ?? current.planKey);
    const row = await repo.update(tx, workspaceId, {
      ...patch,
      planKey: plan.key,
      status: state.status,
      trialEndDate: state.trialEndDate,
      periodEnd: state.periodEnd,
      pastDueSince: state.pastDueSince,
      cancelAtPeriodEnd: patch.cancelAtPeriodEnd ?? state.cancelAtPeriodEnd,
    });
    await mirrorAndTell(tx, row, plan);
    await auditChange(tx, current, row, event);
    return row;
  },

  /** A plan's limits or flags changed: every workspace on it gets the new ones. */
  async remirrorPlan(tx: DbOrTx, plan: PlanRow, workspaceIds: string[]): Promise<void> {
    for (const id of workspaceIds) {
      const row = await repo.find(tx, id);
      if (row) await mirrorAndTell(tx, row, plan);
    }
  },

  find: (db: DbOrTx, workspaceId: string) => repo.find(db, workspaceId),
  findByStripeSubscription: (db: DbOrTx, id: string) => repo.findByStripeSubscription(db, id),
  plan: (db: DbOrTx, key: string) => repo.plan(db, key),
  planFeatures: (db: DbOrTx, workspaceId: string) => repo.planFeatures(db, workspaceId),
  owner: (db: DbOrTx, workspaceId: string) => repo.owner(db, workspaceId),
};
