import type { Billing, BillingInterval, Plan, PlanStatus } from '@vigil/shared';
import { usagePercent } from '../../lib/format.ts';

export type MeterKey = 'cameras' | 'recordings' | 'storage' | 'ai';
export type MeterLevel = 'normal' | 'warning' | 'full';

export interface MeterRow {
  key: MeterKey;
  used: number;
  limit: number;
  percent: number;
  level: MeterLevel;
}

/** From this share of a limit on, the meter warns: there is still room to act before a refusal. */
export const NEAR_LIMIT = 0.8;

/** How close a use is to its limit. A zero limit is full only once something is used. */
export function meterLevel(used: number, limit: number): MeterLevel {
  if (limit <= 0) return used > 0 ? 'full' : 'normal';
  const share = used / limit;
  if (share >= 1) return 'full';
  return share >= NEAR_LIMIT ? 'warning' : 'normal';
}

/** The four limits a plan sets, against what the workspace uses (storage both in GB). */
export function meters({ limits, usage }: Pick<Billing, 'limits' | 'usage'>): MeterRow[] {
  const rows: [MeterKey, number, number][] = [
    ['cameras', usage.camerasCount, limits.maxCameras],
    ['recordings', usage.recordingsCount, limits.maxRecordings],
    ['storage', usage.storageUsed, limits.maxStorage],
    ['ai', usage.aiAnalysisUsed, limits.aiAnalysisQuota],
  ];
  return rows.map(([key, used, limit]) => ({
    key,
    used,
    limit,
    percent: usagePercent(used, limit),
    level: meterLevel(used, limit),
  }));
}

/** A plan's price for an interval. */
export const priceOf = (plan: Pick<Plan, 'prices'>, interval: BillingInterval) =>
  interval === 'year' ? plan.prices.yearly : plan.prices.monthly;

export const isInterval = (v: string | null): v is BillingInterval => v === 'month' || v === 'year';

/**
 * Returning from Stripe Checkout: the webhook that activates the plan may not have arrived yet.
 * The page polls GET /billing and says which of these it is; it gives up saying so, never by
 * pretending the payment went through.
 */
export type CheckoutWait = 'waiting' | 'confirmed' | 'timed-out';
export const CHECKOUT_POLL_MS = 2_000;
export const CHECKOUT_TIMEOUT_MS = 90_000;

export function checkoutWait(
  current: { planStatus: PlanStatus; plan: string } | undefined,
  /** The plan the person chose before leaving for Checkout, when this browser remembers it. */
  chosen: string | null,
  startedAt: number,
  now: number,
  timeoutMs = CHECKOUT_TIMEOUT_MS,
): CheckoutWait {
  // Already active on another plan (an upgrade from pro to vms) is not the confirmation: the plan must be the one paid for.
  if (current?.planStatus === 'active' && (chosen === null || current.plan === chosen)) return 'confirmed';
  return now - startedAt >= timeoutMs ? 'timed-out' : 'waiting';
}

/** Where the choice made before Checkout waits for the return (this tab only). */
export const CHECKOUT_CHOICE_KEY = 'vigil.checkout.plan';
