import type { Db } from '@vigil/db';
import { type BillingInterval, type PlanChangePreview, fromMinor } from '@vigil/shared';
import { AppError } from '../../../lib/app-error.ts';
import { audit } from '../../audit/audit.module.ts';
import type { PlanRow, SubscriptionRow } from '../billing-rows.ts';
import { priceOf } from '../manual-billing.service.ts';
import type { PaymentSettingsService } from '../payment-settings.service.ts';
import type { PlansService } from '../plans.service.ts';
import { statusOf, subscriptionService } from '../subscription.service.ts';
import type { PlanTarget, StripeProvider } from './stripe-provider.ts';
import { applyStripeSubscription } from './stripe-sync.service.ts';

/** A workspace Stripe bills now: it has a subscription there that is paid or being retried. */
export function liveStripeSubscription(sub: SubscriptionRow | undefined): string | null {
  if (sub?.source !== 'stripe' || !sub.stripeSubscriptionId) return null;
  const status = statusOf(sub);
  return status === 'active' || status === 'past_due' ? sub.stripeSubscriptionId : null;
}

/** What a plan costs a month, to tell a move up from a move down across intervals. */
const monthly = (plan: PlanRow, interval: BillingInterval) => priceOf(plan, interval) / (interval === 'year' ? 12 : 1);

/**
 * A move up applies now (a dearer plan, or the same price paid yearly instead of monthly: Stripe
 * starts a new yearly cycle); a move down (cheaper, or back to monthly) waits for the period's end,
 * so nobody loses what they paid for.
 */
export function timingOf(
  from: { plan: PlanRow; interval: BillingInterval },
  to: { plan: PlanRow; interval: BillingInterval },
): PlanTarget['timing'] {
  const a = monthly(from.plan, from.interval);
  const b = monthly(to.plan, to.interval);
  if (b !== a) return b > a ? 'now' : 'period-end';
  if (from.interval !== to.interval) return to.interval === 'year' ? 'now' : 'period-end';
  return 'now';
}

/**
 * The owner's changes to a plan Stripe bills: another plan or interval (previewed with Stripe's
 * amount first), cancelling at the period's end and resuming. Each is made on the workspace's one
 * subscription at Stripe, and what Stripe answers is applied here at once (its webhook then finds
 * nothing new).
 */
export function createStripePlanChange(deps: {
  db: Db;
  plans: PlansService;
  settings: PaymentSettingsService;
  stripe: StripeProvider;
}) {
  const { db } = deps;

  async function context(workspaceId: string) {
    const settings = await deps.settings.effective();
    const sub = await subscriptionService.find(db, workspaceId);
    const subscriptionId = liveStripeSubscription(sub);
    if (!sub || !subscriptionId || !settings.stripeSecretKey)
      throw new AppError('failed-precondition', 'This plan is not billed by Stripe.');
    return { settings, sub, subscriptionId, secretKey: settings.stripeSecretKey };
  }

  async function target(workspaceId: string, input: { plan: string; interval: BillingInterval }) {
    const c = await context(workspaceId);
    const plan = await deps.plans.purchasable(input.plan);
    const current = await subscriptionService.plan(db, c.sub.planKey);
    const interval = (c.sub.interval as BillingInterval | null) ?? 'month';
    if (!current) throw new AppError('not-found', `No plan "${c.sub.planKey}".`);
    if (current.key === plan.key && interval === input.interval)
      throw new AppError('failed-precondition', 'The workspace is on this plan already.', { plan: 'current plan' });
    const t: PlanTarget = {
      secretKey: c.secretKey,
      subscriptionId: c.subscriptionId,
      plan,
      interval: input.interval,
      taxRatePercent: c.settings.taxRate,
      timing: timingOf({ plan: current, interval }, { plan, interval: input.interval }),
    };
    return { ...c, t };
  }

  async function applied(workspaceId: string, graceDays: number, sub: Parameters<typeof applyStripeSubscription>[1]) {
    await db.transaction((tx) => applyStripeSubscription(tx, sub, { workspaceId, graceDays }));
  }

  return {
    async preview(workspaceId: string, input: { plan: string; interval: BillingInterval }): Promise<PlanChangePreview> {
      const { t } = await target(workspaceId, input);
      const p = await deps.stripe.subscriptions.preview(t);
      const currency = p.currency.toUpperCase();
      return {
        plan: t.plan.key,
        interval: t.interval,
        timing: t.timing,
        effectiveAt: p.effectiveAt.toISOString(),
        amountDue: fromMinor(p.amountDue, currency),
        currency,
      };
    },

    async change(workspaceId: string, input: { plan: string; interval: BillingInterval }): Promise<void> {
      const { t, settings } = await target(workspaceId, input);
      const sub = await deps.stripe.subscriptions.change(t);
      await db.transaction(async (tx) => {
        await applyStripeSubscription(tx, sub, { workspaceId, graceDays: settings.graceDays });
        // A move down is only scheduled: Billing shows it until it happens, the log says what and when.
        if (t.timing === 'period-end') {
          const row = await subscriptionService.find(tx, workspaceId);
          const at = (row?.periodEnd ?? new Date()).toISOString();
          await subscriptionService.apply(tx, workspaceId, null, {
            pendingChange: { plan: t.plan.key, interval: t.interval, at },
          });
          await audit.record(tx, {
            action: 'plan.changed',
            workspaceId,
            targetType: 'workspace',
            targetId: workspaceId,
            details: { event: 'scheduled', plan: t.plan.key, interval: t.interval, at: 'period-end' },
          });
        }
      });
    },

    async setCancelAtPeriodEnd(workspaceId: string, cancel: boolean): Promise<void> {
      const c = await context(workspaceId);
      const sub = await deps.stripe.subscriptions.setCancelAtPeriodEnd(c.secretKey, c.subscriptionId, cancel);
      await applied(workspaceId, c.settings.graceDays, sub);
    },
  };
}
export type StripePlanChange = ReturnType<typeof createStripePlanChange>;
