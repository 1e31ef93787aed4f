import { describe, expect, it } from 'vitest';
import { currentPlanStatus, isReadOnly, planName } from './plans.ts';

const now = new Date('2026-03-01T12:00:00Z');

describe('currentPlanStatus', () => {
  it('keeps a running trial and every status the server derived', () => {
    expect(currentPlanStatus({ planStatus: 'trial', trialEndDate: '2026-03-02T00:00:00Z' }, now)).toBe('trial');
    expect(currentPlanStatus({ planStatus: 'active', trialEndDate: '2026-01-01T00:00:00Z' }, now)).toBe('active');
  });
  it('expires a trial the instant its end passes, even on a page left open', () => {
    expect(currentPlanStatus({ planStatus: 'trial', trialEndDate: now.toISOString() }, now)).toBe('expired');
    expect(isReadOnly({ planStatus: 'trial', trialEndDate: '2026-02-28T00:00:00Z' }, now)).toBe(true);
  });
  it('is read-only when expired or canceled only', () => {
    expect(isReadOnly({ planStatus: 'canceled', trialEndDate: '2026-01-01T00:00:00Z' }, now)).toBe(true);
    expect(isReadOnly({ planStatus: 'past_due', trialEndDate: '2026-01-01T00:00:00Z' }, now)).toBe(false);
  });
});

describe('planName', () => {
  const t = (k: string, o: { defaultValue: string }) => (k === 'plan.basic' ? 'Basic' : o.defaultValue);
  it('prefers the table, then the translation, then the key', () => {
    expect(planName('pro', t, [{ key: 'pro', name: 'Pro+' }])).toBe('Pro+');
    expect(planName('basic', t)).toBe('Basic');
    expect(planName('team-xl', t)).toBe('team-xl');
  });
});
