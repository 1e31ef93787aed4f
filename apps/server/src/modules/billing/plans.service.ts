import type { Db, DbOrTx } from '@vigil/db';
import {
  type AdminPlan,
  type CreatePlanInput,
  type Plan,
  type UpdatePlanInput,
  fromMinor,
  toMinor,
} from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { type NewPlanRow, type PlanRow, plansRepo as repo } from './plans.repo.ts';
import { subscriptionService } from './subscription.service.ts';
import { audit } from '../audit/audit.module.ts';

/** The installation's pricing belongs to no workspace: its changes go in the installation's chain. */
const auditPlan = (tx: DbOrTx, key: string, change: 'created' | 'updated', fields: string[]) =>
  audit.record(tx, {
    action: 'plan.pricing-changed',
    workspaceId: null,
    targetType: 'plan',
    targetId: key,
    details: { change, fields },
  });

export function toPlan(row: PlanRow): Plan {
  return {
    key: row.key,
    name: row.name,
    description: row.description,
    currency: row.currency,
    prices: { monthly: fromMinor(row.priceMonthly, row.currency), yearly: fromMinor(row.priceYearly, row.currency) },
    limits: row.limits,
    features: row.features,
  };
}

function toAdminPlan(row: PlanRow, subscribers: number): AdminPlan {
  return {
    ...toPlan(row),
    public: row.public,
    archived: row.archived,
    order: row.sortOrder,
    subscribers,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function columnsOf(input: UpdatePlanInput, currency: string): Partial<NewPlanRow> {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.currency !== undefined ? { currency: input.currency } : {}),
    ...(input.prices
      ? { priceMonthly: toMinor(input.prices.monthly, currency), priceYearly: toMinor(input.prices.yearly, currency) }
      : {}),
    ...(input.limits ? { limits: input.limits } : {}),
    ...(input.features ? { features: input.features } : {}),
    ...(input.public !== undefined ? { public: input.public } : {}),
    ...(input.archived !== undefined ? { archived: input.archived } : {}),
    ...(input.order !== undefined ? { sortOrder: input.order } : {}),
  };
}

/**
 * The pricing table. A price change reaches current subscribers at their next period (their
 * subscription keeps the price it was paid at); limits and flags reach them at once, copied onto
 * their documents in the same transaction. Archiving hides a plan from sign-ups and upgrades; who
 * is on it keeps it.
 */
export function createPlansService(deps: {
  db: Db;
  /**
   * A plan was created or edited, in the same transaction: the payment provider's catalogue follows
   * it (queued there, so it is neither lost when the save commits nor made when it rolls back).
   */
  changed?: (tx: DbOrTx, plan: PlanRow) => Promise<void>;
}) {
  const { db } = deps;
  return {
    async publicPlans(): Promise<{ items: Plan[] }> {
      const rows = await repo.list(db, { publicOnly: true });
      return { items: rows.map((r) => toPlan(r.plan)) };
    },

    async adminPlans(): Promise<{ items: AdminPlan[] }> {
      const rows = await repo.list(db, { publicOnly: false });
      return { items: rows.map((r) => toAdminPlan(r.plan, r.subscribers)) };
    },

    async create(input: CreatePlanInput): Promise<AdminPlan> {
      const created = await db.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          key: input.key,
          ...(columnsOf(input, input.currency) as Omit<NewPlanRow, 'key'>),
        });
        if (!row) throw new AppError('already-exists', `A plan with the key "${input.key}" exists.`, { key: 'taken' });
        await auditPlan(tx, row.key, 'created', Object.keys(input));
        await deps.changed?.(tx, row);
        return row;
      });
      return toAdminPlan(created, 0);
    },

    async update(key: string, input: UpdatePlanInput): Promise<AdminPlan> {
      const updated = await db.transaction(async (tx) => {
        const before = await repo.find(tx, key);
        if (!before) throw new AppError('not-found', `No plan "${key}".`);
        if (key === 'basic' && input.archived) {
          throw new AppError('failed-precondition', 'The basic plan is the trial plan: it cannot be archived.', {
            archived: 'the trial plan stays',
          });
        }
        const columns = columnsOf(input, input.currency ?? before.currency);
        const row = Object.keys(columns).length ? (await repo.update(tx, key, columns))! : before;
        const subscribers = await repo.subscribers(tx, key);
        if (input.limits || input.features) await subscriptionService.remirrorPlan(tx, row, subscribers);
        await auditPlan(tx, key, 'updated', Object.keys(input));
        await deps.changed?.(tx, row);
        return toAdminPlan(row, subscribers.length);
      });
      return updated;
    },

    /** The plans on sale (public, not archived): the ones Stripe's portal offers. */
    async onSale(): Promise<PlanRow[]> {
      return (await repo.list(db, { publicOnly: true })).map((r) => r.plan);
    },

    /** A plan a workspace may move to: it exists and is not archived (unless the workspace is on it). */
    async purchasable(key: string): Promise<PlanRow> {
      const row = await repo.find(db, key);
      if (!row || row.archived)
        throw new AppError('not-found', `No plan "${key}" is on sale.`, { plan: 'not on sale' });
      return row;
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
