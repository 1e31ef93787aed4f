/**
 * A workspace's plan status as a state machine (spec §3 planStatus).
 *
 *   trial ──payment──▶ active ──renewal failed──▶ past_due ──grace over──▶ canceled
 *     │                  │  ▲                        │                       │
 *     │ trialEndDate     │  └────────payment─────────┘                       │
 *     ▼                  └──cancel (immediately, or at the period's end)──▶ canceled
 *   expired ──payment──▶ active                               canceled ──payment──▶ active
 *
 * What is stored is the last transition applied and the dates it set; `statusAt` derives the
 * status at any instant from them, so a trial is expired the second its end passes, not when a
 * daily job next runs. An active period that ended without a renewal (no provider said "paid")
 * counts as past_due from that end, for the grace period, then canceled.
 */
export const PLAN_STATUSES = ['trial', 'active', 'past_due', 'canceled', 'expired'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export interface BillingState {
  /** The status the last transition stored. */
  status: PlanStatus;
  trialEndDate: Date;
  /** End of the paid period; null: no end (a complimentary plan the administrator granted). */
  periodEnd: Date | null;
  /** When a renewal failed (past_due); the grace counts from here. */
  pastDueSince: Date | null;
  /** The owner canceled: the plan runs to periodEnd, then the workspace is canceled. */
  cancelAtPeriodEnd: boolean;
  /** Days a past_due workspace keeps working before it is canceled (set by the administrator). */
  graceDays: number;
}

export type BillingEvent =
  /** A payment for a period (or a complimentary grant: periodEnd null). */
  | { type: 'paid'; periodEnd: Date | null }
  | { type: 'renewal-failed' }
  | { type: 'cancel'; atPeriodEnd: boolean }
  | { type: 'resume' }
  /** The administrator sets the trial's end (extend it, or end it now): the workspace is on trial again. */
  | { type: 'trial-set'; trialEndDate: Date };

export class PlanTransitionError extends Error {
  constructor(
    readonly from: PlanStatus,
    readonly event: BillingEvent['type'],
  ) {
    super(`A ${from} plan cannot take "${event}".`);
  }
}

const DAY_MS = 86_400_000;
const graceEnd = (since: Date, days: number) => new Date(since.getTime() + days * DAY_MS);

/** The status at `now`, from what was stored. */
export function statusAt(s: BillingState, now: Date): PlanStatus {
  const t = now.getTime();
  switch (s.status) {
    case 'trial':
      return t < s.trialEndDate.getTime() ? 'trial' : 'expired';
    case 'active': {
      if (!s.periodEnd || t < s.periodEnd.getTime()) return 'active';
      if (s.cancelAtPeriodEnd) return 'canceled';
      return t < graceEnd(s.periodEnd, s.graceDays).getTime() ? 'past_due' : 'canceled';
    }
    case 'past_due': {
      const since = s.pastDueSince ?? s.periodEnd ?? now;
      return t < graceEnd(since, s.graceDays).getTime() ? 'past_due' : 'canceled';
    }
    default:
      return s.status;
  }
}

/** When the status will change next by itself (a trial's end, a period's end, a grace's end), or null. */
export function nextChangeAt(s: BillingState, now: Date): Date | null {
  const status = statusAt(s, now);
  if (status === 'trial') return s.trialEndDate;
  if (status === 'active') return s.periodEnd;
  if (status === 'past_due') {
    const since = s.status === 'past_due' ? (s.pastDueSince ?? s.periodEnd) : s.periodEnd;
    return since ? graceEnd(since, s.graceDays) : null;
  }
  return null;
}

/** Applies an event at `now` to the status in force then; throws PlanTransitionError for one that does not apply. */
export function transition(s: BillingState, event: BillingEvent, now: Date): BillingState {
  const from = statusAt(s, now);
  switch (event.type) {
    case 'paid':
      // Any status becomes active on payment: a trial, an expired or canceled workspace coming back, a past_due one settling.
      return { ...s, status: 'active', periodEnd: event.periodEnd, pastDueSince: null, cancelAtPeriodEnd: false };
    case 'renewal-failed':
      if (from === 'past_due') return { ...s, status: 'past_due', pastDueSince: s.pastDueSince ?? s.periodEnd ?? now };
      if (from !== 'active') throw new PlanTransitionError(from, event.type);
      return { ...s, status: 'past_due', pastDueSince: now };
    case 'cancel':
      if (from !== 'active' && from !== 'past_due') throw new PlanTransitionError(from, event.type);
      // A period with no end (complimentary) or a past_due plan cannot run on: it ends now.
      if (event.atPeriodEnd && from === 'active' && s.periodEnd) return { ...s, cancelAtPeriodEnd: true };
      return {
        ...s,
        status: 'canceled',
        cancelAtPeriodEnd: false,
        periodEnd: s.periodEnd && now < s.periodEnd ? now : s.periodEnd,
      };
    case 'resume':
      if (from !== 'active' || !s.cancelAtPeriodEnd) throw new PlanTransitionError(from, event.type);
      return { ...s, cancelAtPeriodEnd: false };
    case 'trial-set':
      return { ...s, status: 'trial', trialEndDate: event.trialEndDate, pastDueSince: null, cancelAtPeriodEnd: false };
  }
}

/** Expired and canceled workspaces are read-only: they watch and play back, but add nothing. */
export const isReadOnlyStatus = (status: PlanStatus): boolean => status === 'expired' || status === 'canceled';

/** Whole days left in a trial at `now` (a part day counts as one), 0 once it ended. */
export function trialDaysLeft(trialEndDate: Date, now: Date): number {
  return Math.max(0, Math.ceil((trialEndDate.getTime() - now.getTime()) / DAY_MS));
}

/** The end of a period of `interval` starting at `start` (calendar months; the 31st becomes the month's last day). */
export function periodEndOf(start: Date, interval: 'month' | 'year'): Date {
  const d = new Date(start);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
