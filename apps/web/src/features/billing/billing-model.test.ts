import { describe, expect, it } from 'vitest';
import { CHECKOUT_TIMEOUT_MS, checkoutWait, meterLevel, meters, priceOf } from './billing-model.ts';

describe('meters', () => {
  it('reads the four limits against usage, in order', () => {
    const rows = meters({
      limits: { maxCameras: 4, maxRecordings: 1000, maxStorage: 100, aiAnalysisQuota: 0 },
      usage: { camerasCount: 1, recordingsCount: 850, storageUsed: 100.4, aiAnalysisUsed: 0 },
    });
    expect(rows.map((r) => [r.key, r.percent, r.level])).toEqual([
      ['cameras', 25, 'normal'],
      ['recordings', 85, 'warning'],
      ['storage', 100, 'full'],
      ['ai', 0, 'normal'],
    ]);
  });
  it('warns from 80 % and is full at the limit; a zero limit is full only when used', () => {
    expect(meterLevel(79, 100)).toBe('normal');
    expect(meterLevel(80, 100)).toBe('warning');
    expect(meterLevel(100, 100)).toBe('full');
    expect(meterLevel(0, 0)).toBe('normal');
    expect(meterLevel(1, 0)).toBe('full');
  });
});

describe('priceOf', () => {
  it('picks the interval’s price', () => {
    const plan = { prices: { monthly: 29, yearly: 290 } };
    expect(priceOf(plan, 'month')).toBe(29);
    expect(priceOf(plan, 'year')).toBe(290);
  });
});

describe('checkoutWait', () => {
  const t0 = 1_000_000;
  it('waits while the plan is not active yet', () => {
    expect(checkoutWait({ planStatus: 'trial', plan: 'basic' }, 'pro', t0, t0 + 5_000)).toBe('waiting');
    expect(checkoutWait(undefined, 'pro', t0, t0)).toBe('waiting');
  });
  it('confirms once the chosen plan is active', () => {
    expect(checkoutWait({ planStatus: 'active', plan: 'pro' }, 'pro', t0, t0 + 5_000)).toBe('confirmed');
    // Without a remembered choice (another tab, cleared storage), active is the confirmation.
    expect(checkoutWait({ planStatus: 'active', plan: 'pro' }, null, t0, t0)).toBe('confirmed');
  });
  it('does not take the previous active plan for the new one', () => {
    expect(checkoutWait({ planStatus: 'active', plan: 'pro' }, 'vms', t0, t0 + 5_000)).toBe('waiting');
  });
  it('times out, and a confirmation after the time-out still counts', () => {
    expect(checkoutWait({ planStatus: 'trial', plan: 'basic' }, 'pro', t0, t0 + CHECKOUT_TIMEOUT_MS)).toBe('timed-out');
    expect(checkoutWait({ planStatus: 'active', plan: 'pro' }, 'pro', t0, t0 + CHECKOUT_TIMEOUT_MS * 2)).toBe(
      'confirmed',
    );
  });
});
