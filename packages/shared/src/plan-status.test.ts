import { describe, expect, it } from 'vitest';
import {
  type BillingState,
  PlanTransitionError,
  isReadOnlyStatus,
  nextChangeAt,
  periodEndOf,
  statusAt,
  transition,
  trialDaysLeft,
} from './plan-status.ts';

const T0 = new Date('2026-03-01T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const DAY = 86_400_000;
const trial: BillingState = {
  status: 'trial',
  trialEndDate: at(7 * DAY),
  periodEnd: null,
  pastDueSince: null,
  cancelAtPeriodEnd: false,
  graceDays: 3,
};
const active: BillingState = { ...trial, status: 'active', periodEnd: at(30 * DAY) };

describe('plan status: derived from the stored dates at every instant', () => {
  it('trial until the last millisecond before trialEndDate, expired from that instant', () => {
    expect(statusAt(trial, T0)).toBe('trial');
    expect(statusAt(trial, at(7 * DAY - 1))).toBe('trial');
    expect(statusAt(trial, at(7 * DAY))).toBe('expired');
    expect(nextChangeAt(trial, T0)).toEqual(at(7 * DAY));
  });

  it('active until periodEnd; a period that ends unpaid is past_due for the grace, then canceled', () => {
    expect(statusAt(active, at(30 * DAY - 1))).toBe('active');
    expect(statusAt(active, at(30 * DAY))).toBe('past_due');
    expect(statusAt(active, at(33 * DAY - 1))).toBe('past_due');
    expect(statusAt(active, at(33 * DAY))).toBe('canceled');
    expect(nextChangeAt(active, at(31 * DAY))).toEqual(at(33 * DAY));
  });

  it('a complimentary plan (no period end) stays active', () => {
    const comp = { ...active, periodEnd: null };
    expect(statusAt(comp, at(10_000 * DAY))).toBe('active');
    expect(nextChangeAt(comp, T0)).toBeNull();
  });

  it('a cancel at the period end keeps the plan to the end, then canceled (no grace)', () => {
    const s = transition(active, { type: 'cancel', atPeriodEnd: true }, at(DAY));
    expect(s.cancelAtPeriodEnd).toBe(true);
    expect(statusAt(s, at(30 * DAY - 1))).toBe('active');
    expect(statusAt(s, at(30 * DAY))).toBe('canceled');
  });
});

describe('plan status: transitions', () => {
  it('trial → active on payment', () => {
    const s = transition(trial, { type: 'paid', periodEnd: at(31 * DAY) }, at(DAY));
    expect(statusAt(s, at(DAY))).toBe('active');
    expect(s.periodEnd).toEqual(at(31 * DAY));
  });

  it('expired → active on payment, and canceled → active on payment', () => {
    const expired = at(8 * DAY);
    expect(statusAt(trial, expired)).toBe('expired');
    expect(statusAt(transition(trial, { type: 'paid', periodEnd: at(40 * DAY) }, expired), expired)).toBe('active');
    const canceled = transition(active, { type: 'cancel', atPeriodEnd: false }, at(DAY));
    expect(statusAt(canceled, at(DAY))).toBe('canceled');
    expect(statusAt(transition(canceled, { type: 'paid', periodEnd: at(60 * DAY) }, at(2 * DAY)), at(2 * DAY))).toBe(
      'active',
    );
  });

  it('active → past_due on a failed renewal; the grace counts from the failure; payment settles it', () => {
    const failed = transition(active, { type: 'renewal-failed' }, at(10 * DAY));
    expect(statusAt(failed, at(10 * DAY))).toBe('past_due');
    expect(statusAt(failed, at(13 * DAY - 1))).toBe('past_due');
    expect(statusAt(failed, at(13 * DAY))).toBe('canceled');
    const settled = transition(failed, { type: 'paid', periodEnd: at(40 * DAY) }, at(12 * DAY));
    expect(statusAt(settled, at(12 * DAY))).toBe('active');
    expect(settled.pastDueSince).toBeNull();
  });

  it('a second failed renewal keeps the first failure’s date (the grace does not restart)', () => {
    const once = transition(active, { type: 'renewal-failed' }, at(10 * DAY));
    const twice = transition(once, { type: 'renewal-failed' }, at(12 * DAY));
    expect(twice.pastDueSince).toEqual(at(10 * DAY));
  });

  it('past_due → canceled on cancel, at once', () => {
    const failed = transition(active, { type: 'renewal-failed' }, at(10 * DAY));
    expect(statusAt(transition(failed, { type: 'cancel', atPeriodEnd: true }, at(11 * DAY)), at(11 * DAY))).toBe(
      'canceled',
    );
  });

  it('resume undoes a cancel at period end; refused when nothing is canceling', () => {
    const canceling = transition(active, { type: 'cancel', atPeriodEnd: true }, at(DAY));
    expect(transition(canceling, { type: 'resume' }, at(2 * DAY)).cancelAtPeriodEnd).toBe(false);
    expect(() => transition(active, { type: 'resume' }, at(2 * DAY))).toThrow(PlanTransitionError);
  });

  it('refuses what does not apply: a renewal failure or a cancel of a trial, a cancel of an expired plan', () => {
    expect(() => transition(trial, { type: 'renewal-failed' }, T0)).toThrow(PlanTransitionError);
    expect(() => transition(trial, { type: 'cancel', atPeriodEnd: false }, T0)).toThrow(PlanTransitionError);
    expect(() => transition(trial, { type: 'cancel', atPeriodEnd: true }, at(8 * DAY))).toThrow(/expired/);
  });

  it('the administrator sets the trial’s end: later extends it, now ends it', () => {
    const extended = transition(trial, { type: 'trial-set', trialEndDate: at(20 * DAY) }, at(6 * DAY));
    expect(statusAt(extended, at(19 * DAY))).toBe('trial');
    const ended = transition(trial, { type: 'trial-set', trialEndDate: at(DAY) }, at(DAY));
    expect(statusAt(ended, at(DAY))).toBe('expired');
    expect(isReadOnlyStatus(statusAt(ended, at(DAY)))).toBe(true);
    expect(isReadOnlyStatus('past_due')).toBe(false);
  });
});

describe('dates', () => {
  it('trial days left: a part day counts, 0 once ended', () => {
    expect(trialDaysLeft(at(7 * DAY), T0)).toBe(7);
    expect(trialDaysLeft(at(7 * DAY), at(DAY + 1))).toBe(6);
    expect(trialDaysLeft(at(7 * DAY), at(8 * DAY))).toBe(0);
  });

  it('calendar periods: a month from the 31st ends on the last day of a short month; a year from 29 Feb on 28 Feb', () => {
    expect(periodEndOf(new Date('2026-01-31T10:00:00Z'), 'month')).toEqual(new Date('2026-02-28T10:00:00Z'));
    expect(periodEndOf(new Date('2026-03-15T10:00:00Z'), 'month')).toEqual(new Date('2026-04-15T10:00:00Z'));
    expect(periodEndOf(new Date('2028-02-29T10:00:00Z'), 'year')).toEqual(new Date('2029-02-28T10:00:00Z'));
  });
});
